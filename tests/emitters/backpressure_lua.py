"""The Lua emitter against a viewer that reads slowly (docs/emitters.md, "Connecting, refusals,
a slow viewer"): the game's sends are cut short and frames wait in its queue, some dropped when
the 1 MiB buffer is full. Every frame the game wrote arrives whole, or is dropped and counted:
none is lost in silence. (The queue once took its length from `#` over a table whose first slots
were already sent: Lua may then give any border, 0 among them, and frames went under the queue's
head, never sent, or were reset away.)
usage: python3 tests/emitters/backpressure_lua.py LUA"""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

lua = sys.argv[1] if len(sys.argv) > 1 else "lua5.4"
here = os.path.dirname(os.path.abspath(__file__))
frames = 40000  # 1 KiB each: 40 MiB, far past what the reader takes meanwhile


def fail(why):
    print("backpressure_lua.py: " + why)
    sys.exit(1)


listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(1)
got = []


def read():  # at most about 6 MiB/s: the game's sends are cut short, its queue grows and drains
    conn, _ = listener.accept()
    while True:
        data = conn.recv(65536)
        if not data:
            break
        got.append(data)
        time.sleep(0.01)


reader = threading.Thread(target=read)
reader.start()
game = """
package.path = %r .. "/?.lua;" .. package.path
local Trace = require("tilestep_trace")
local t = Trace.open{dest = "tcp://127.0.0.1:%d"}
t:header_actor("hero", nil, 12, 16, false)
local filler = string.rep("f", 1000)
for f = 0, %d - 1 do
  t:frame(f)
  t:state("hero", f, 0, 0, 0, {{"filler", filler}})
end
io.stdout:write(t:close() and "ok" or "failed", " ", t.dropped, "\\n")
""" % (os.path.join(here, "../../examples/emitters/lua"), listener.getsockname()[1], frames)
run = subprocess.run([lua, "-e", game], capture_output=True, text=True, timeout=60)
reader.join(timeout=30)
if run.returncode != 0:
    fail("the game failed: " + run.stderr)
m = re.match(r"(ok|failed) (\d+)", run.stdout)
if not m or m.group(1) != "ok":
    fail("close() did not report the trace delivered: %r %r" % (run.stdout, run.stderr))
dropped = int(m.group(2))
lines = b"".join(got).decode().splitlines()
header = json.loads(lines[0])
if header.get("tilestep_trace") != 1:
    fail("no header first: " + lines[0][:80])
numbers = [json.loads(line)["frame"] for line in lines[1:]]
if numbers != sorted(set(numbers)):
    fail("frames out of order or twice")
if len(numbers) + dropped != frames:
    fail("%d frames arrived and %d were dropped, of %d: %d lost in silence"
         % (len(numbers), dropped, frames, frames - len(numbers) - dropped))
print("backpressure_lua.py: %d frames arrived, %d dropped and said" % (len(numbers), dropped))
