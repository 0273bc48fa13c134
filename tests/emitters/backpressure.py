"""The Python emitter against a viewer that reads nothing (docs/emitters.md, "Connecting,
refusals, a slow viewer"): the game never waits, the emitter's buffer (by its own count) stays
within BUFFER_BYTES, the frames that did not fit are dropped whole, counted and said once, and
the frames kept, read at last, are exactly the frames not dropped.
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
    filler = "f" * 1000
    for f in range(frames):
        t.frame(f)
        t.state("hero", f, 0, filler=filler)
    t.frame(frames)  # the last frame is whole
    dropped, peak = t.dropped, t.peak
    if dropped <= 0:
        fail("nothing dropped")
    if not (tilestep_trace.BUFFER_BYTES - 2000 < peak <= tilestep_trace.BUFFER_BYTES):
        fail("%d bytes waited (the buffer: %d)" % (peak, tilestep_trace.BUFFER_BYTES))
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
kept = {json.loads(line)["frame"] for line in lines[1:]}
if len(kept) != frames - dropped:
    fail("%d frames arrived, expected %d" % (len(kept), frames - dropped))
text = said.getvalue()
if text.count("not keeping up: frames past the 1048576-byte buffer are dropped") != 1:
    fail("the drop was not said once: " + text)
if "tilestep: %d frames dropped in all (the trace skips them)" % dropped not in text:
    fail("no total: " + text)
print("backpressure.py: %d of %d frames dropped, at most %d bytes waited" % (dropped, frames, peak))
