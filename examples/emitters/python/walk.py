"""The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in Python: it polls
tilestep every frame and walks by the keys it is driven with; TILESTEP_INPUTS=LOG plays an
input log on its own (offline); TILESTEP_FRAME_MS=N makes each frame take N ms, as a real game's
would (the tests start a viewer while it runs)."""
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilestep_trace import Trace  # noqa: E402


def read_log(path):
    """An input log (COUNT,KEY,KEY... lines, # comments) as a list of each frame's letters."""
    frames = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = [p.strip() for p in line.split("#")[0].split(",")]
            if fields[0].isdigit():
                frames += ["".join(k for k in "LRUDJ" if k in fields[1:])] * int(fields[0])
    return frames


inputs = os.environ.get("TILESTEP_INPUTS", "")
log = read_log(inputs) if inputs else []
frame_seconds = int(os.environ.get("TILESTEP_FRAME_MS", "0")) / 1000
t = Trace(map=None, tile_size=16, rate=60)
if not t.ok:
    sys.exit("walk.py: cannot open TILESTEP_TRACE (%s)" % os.environ.get("TILESTEP_TRACE", "unset"))
t.header_actor("hero", mover="walk_example", w=12, h=16)
# The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160.
t.grid(30, 12, 16, [i // 30 >= 10 or i % 30 in (0, 29) for i in range(30 * 12)])
x, y, vx, vy, direction, grounded, air = 32.0, 144.0, 0.0, 0.0, 1, True, 0
frame = 0
while frame < 600:
    c = t.poll()
    if not c.advance:
        continue  # paused by tilestep: a real game would draw here
    keys = c.keys
    if keys is None and frame < len(log):
        keys = log[frame]
        t.set_keys(keys)
    jumped = landed = False
    if keys is not None:
        d = ("R" in keys) - ("L" in keys)
        if d:
            direction = d
        want = 2 * d
    else:
        if x >= 448:
            direction = -1
        if x <= 32:
            direction = 1
        want = 2 * direction
    if vx < want:
        vx += 0.25
    if vx > want:
        vx -= 0.25
    if grounded and ("J" in keys if keys is not None else frame % 120 == 30):
        vy, grounded, jumped = -6.0, False, True
    if not grounded:
        vy = min(vy + 0.375, 8.0)
    x += vx
    y += vy
    if y >= 144:
        landed = not grounded
        y, vy, grounded = 144.0, 0.0, True
    air = 0 if grounded else air + 1

    t.frame(frame)
    t.state("hero", x, y, vx, vy, grounded=grounded,
            facing="right" if direction > 0 else "left", air_frames=air)
    t.probe("hero", "point", "hit" if grounded else "miss", "ground", x=x + 6, y=y + 16)
    t.probe("hero", "arrow", "info", "velocity", x0=x + 6, y0=y + 8, x1=x + 6 + vx * 4,
            y1=y + 8 + vy * 4)
    if jumped:
        t.probe("hero", "text", "info", "jump", x=x, y=y - 4)
    if landed:
        t.probe("hero", "rect", "block", "floor", x0=x, y0=160, x1=x + 12, y1=176)
    frame += 1
    if frame_seconds:
        time.sleep(frame_seconds)
sys.exit(0 if t.close() else 1)
