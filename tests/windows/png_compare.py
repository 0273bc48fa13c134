#!/usr/bin/env python3
"""png_compare.py A.png B.png MAX_FRACTION: exit 0 when both PNGs have the same size and at
most MAX_FRACTION of their pixels differ by more than 8 in a channel (the Windows and Linux
editors draw through different GL paths of the same Mesa, so antialiased edges may differ by
a step). Reads 8-bit RGB/RGBA PNGs with the standard library only (no Pillow on CI)."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            if depth != 8 or color not in (2, 6):
                sys.exit(f"{path}: only 8-bit RGB or RGBA PNGs are read here")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def main():
    a, b, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
    wa, ha, ca, ra = read_png(a)
    wb, hb, cb, rb = read_png(b)
    if (wa, ha) != (wb, hb):
        sys.exit(f"sizes differ: {wa}x{ha} and {wb}x{hb}")
    differing = 0
    for y in range(ha):
        for x in range(wa):
            pa, pb = ra[y][x * ca:x * ca + 3], rb[y][x * cb:x * cb + 3]
            if any(abs(p - q) > 8 for p, q in zip(pa, pb)):
                differing += 1
    fraction = differing / (wa * ha)
    print(f"{wa}x{ha}: {fraction:.4%} of pixels differ")
    sys.exit(0 if fraction <= limit else 1)


main()
