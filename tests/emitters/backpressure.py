"""The Python emitter against a viewer that reads nothing (docs/emitters.md, "Connecting,
refusals, a slow viewer"): the game never waits, the emitter's buffer (by its own count) stays
within BUFFER_BYTES, the frames that did not fit are dropped whole, counted and said once, and
the frames kept, read at last, are exactly the frames not dropped. The game's first poll, with
the buffer full, still sends `!control 1` after those frames (a control line is never dropped:
lost, the game would run free although it polls).
usage: python3 tests/emitters/backpressure.py"""
import contextlib
import io
import json
import os
import socket
import sys
import threading

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../examples/emitters/python"))
import tilestep_trace  # noqa: E402


def fail(why):
    print("backpressure.py: " + why)
    sys.exit(1)


listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(1)  # accepted by the kernel, never read until the end
said = io.StringIO()
frames = 40000  # 1 KiB a frame, 40 MiB in all
with contextlib.redirect_stderr(said):
    t = tilestep_trace.Trace(dest="tcp://127.0.0.1:%d" % listener.getsockname()[1])
    t.header_actor("hero", w=12, h=16)
    for f in range(frames):
        t.frame(f)
        # Near the bound, a frame of exactly the room left fills the buffer to its last byte
        # (the state line's text, docs/trace-format.md, with an empty filler is `bare` bytes).
        bare = len('{"frame":%d,"actor":"hero","x":%d,"y":0,"vx":0,"vy":0,"filler":""}\n' % (f, f))
        room = tilestep_trace.BUFFER_BYTES - len(t._pend)
        t.state("hero", f, 0, filler="f" * (room - bare if bare <= room < 2200 else 1000))
    t.frame(frames)  # the last frame is whole
    if len(t._pend) != tilestep_trace.BUFFER_BYTES:
        fail("the buffer is not full to its last byte: %d bytes" % len(t._pend))
    dropped, peak = t.dropped, t.peak
    if dropped <= 0:
        fail("nothing dropped")
    if not (tilestep_trace.BUFFER_BYTES - 2000 < peak <= tilestep_trace.BUFFER_BYTES):
        fail("%d bytes waited (the buffer: %d)" % (peak, tilestep_trace.BUFFER_BYTES))
    c = t.poll()  # asks for control; nobody answers within its 2 s: the game runs freely
    if not c.advance or c.keys is not None:
        fail("an unanswered poll held the game")
    if t.dropped != dropped:
        fail("the control line was dropped as a frame")
    got = []

    def read():
        conn, _ = listener.accept()
        while True:
            data = conn.recv(65536)
            if not data:
                break
            got.append(data)
        conn.close()

    reader = threading.Thread(target=read)
    reader.start()
    ok = t.close()
    reader.join()
if not ok:
    fail("close() said False")
lines = b"".join(got).decode().splitlines()
if lines.count("!control 1") != 1 or lines[-1] != "!control 1":
    fail("`!control 1` did not arrive once, after the frames buffered before the poll: %r"
         % lines[-3:])
kept = {json.loads(line)["frame"] for line in lines[1:-1]}
if len(kept) != frames - dropped:
    fail("%d frames arrived, expected %d" % (len(kept), frames - dropped))
text = said.getvalue()
if text.count("not keeping up: frames past the 1048576-byte buffer are dropped") != 1:
    fail("the drop was not said once: " + text)
if "tilestep: %d frames dropped in all (the trace skips them)" % dropped not in text:
    fail("no total: " + text)
print("backpressure.py: %d of %d frames dropped, at most %d bytes waited" % (dropped, frames, peak))
