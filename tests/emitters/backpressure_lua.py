"""The Lua emitter against a viewer that reads slowly (docs/emitters.md, "Connecting, refusals,
a slow viewer"): the game's sends are cut short and frames wait in its queue, some dropped when
the 1 MiB buffer is full. Every frame the game wrote arrives whole, or is dropped and counted:
none is lost in silence. (The queue once took its length from `#` over a table whose first slots
were already sent: Lua may then give any border, 0 among them, and frames went under the queue's
head, never sent, or were reset away.) Then against a viewer that reads nothing until the
game has polled: with the buffer full, the first poll's `!control 1` still goes out after the
frames buffered before it, never dropped as a frame (lost, the game would run free although it
polls).
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


# Part 2: a viewer that reads nothing until the game has polled with its buffer full.
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(1)  # accepted by the kernel, never read until the game says it polled
game = """
package.path = %r .. "/?.lua;" .. package.path
local Trace = require("tilestep_trace")
local t = Trace.open{dest = "tcp://127.0.0.1:%d"}
t:header_actor("hero", nil, 12, 16, false)
for f = 0, %d - 1 do
  t:frame(f)
  -- Near the bound, a frame of exactly the room left fills the buffer to its last byte (the
  -- line with an empty filler measured in the frame's lines, then written again).
  local room, size = Trace.BUFFER_BYTES - t.pend_bytes, 1000
  if room < 2200 then
    t:state("hero", f, 0, 0, 0, {{"filler", ""}})
    local bare = #table.concat(t.lines)
    t.lines = {}
    if bare <= room then size = room - bare end
  end
  t:state("hero", f, 0, 0, 0, {{"filler", string.rep("f", size)}})
end
t:frame(%d) -- the last frame is whole: the poll's own flush ends no frame
local before, full = t.dropped, t.pend_bytes == Trace.BUFFER_BYTES
local c = t:poll() -- nobody answers within its 2 s: the game runs freely
io.stdout:write(string.format("polled %%d %%d %%s %%s\\n", before, t.dropped, tostring(c.advance),
                              tostring(full)))
io.stdout:flush()
io.stdout:write(t:close() and "ok" or "failed", " ", t.dropped, "\\n")
""" % (os.path.join(here, "../../examples/emitters/lua"), listener.getsockname()[1], frames,
       frames)
proc = subprocess.Popen([lua, "-e", game], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
polled = proc.stdout.readline()
m = re.match(r"polled (\d+) (\d+) (true|false) (true|false)$", polled.strip())
if not m:
    proc.kill()
    fail("the game did not poll: %r %r" % (polled, proc.stderr.read()))
before, after = int(m.group(1)), int(m.group(2))
if before <= 0:
    fail("nothing was dropped: the buffer never filled, so the control line was not tested")
if m.group(4) != "true":
    fail("the buffer was not full to its last byte at the poll")
if after != before:
    fail("the control line was dropped as a frame (%d dropped before the poll, %d after)"
         % (before, after))
if m.group(3) != "true":
    fail("an unanswered poll held the game")
got = []
reader = threading.Thread(target=read)
reader.start()
rest, err = proc.communicate(timeout=60)
reader.join(timeout=30)
if not rest.startswith("ok"):
    fail("close() did not report the trace delivered: %r %r" % (rest, err))
lines = b"".join(got).decode().splitlines()
if lines.count("!control 1") != 1 or lines[-1] != "!control 1":
    fail("`!control 1` did not arrive once, after the frames buffered before the poll: %r"
         % [line[:40] for line in lines[-3:]])
kept = {json.loads(line)["frame"] for line in lines[1:-1]}
if len(kept) != frames - before:
    fail("%d frames arrived, expected %d" % (len(kept), frames - before))
print("backpressure_lua.py: with the buffer full, `!control 1` arrived after %d frames (%d dropped)"
      % (len(kept), before))
