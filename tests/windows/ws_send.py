#!/usr/bin/env python3
"""Sends a file to a WebSocket server as a browser game would (tests/windows/run.sh): the
upgrade request, then the bytes in masked binary messages of up to 1000 bytes (a line may
span two), then the closing handshake. Only the standard library (Debian has no WebSocket
client package the project uses).
Usage: ws_send.py HOST PORT FILE"""
import base64
import os
import socket
import struct
import sys


def frame(opcode, payload):
    mask = os.urandom(4)
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def main():
    host, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    data = open(path, "rb").read()
    s = socket.create_connection((host, port), timeout=20)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET / HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (host, port, key))
              .encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = s.recv(4096)
        if not chunk:
            sys.exit("ws_send.py: the server closed during the handshake")
        reply += chunk
    if b" 101 " not in reply.split(b"\r\n")[0]:
        sys.exit("ws_send.py: no upgrade: %r" % reply.split(b"\r\n")[0])
    for i in range(0, len(data), 1000):
        s.sendall(frame(0x2, data[i:i + 1000]))
    s.sendall(frame(0x8, struct.pack("!H", 1000)))
    while s.recv(4096):  # until the server closes
        pass


main()
