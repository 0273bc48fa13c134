"""The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in Python."""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilestep_trace import Trace  # noqa: E402

t = Trace(map=None, tile_size=16, rate=60)
if not t.ok:
    sys.exit("walk.py: cannot open TILESTEP_TRACE (%s)" % os.environ.get("TILESTEP_TRACE", "unset"))
t.header_actor("hero", mover="walk_example", w=12, h=16)
x, y, vx, vy, direction, grounded, air = 32.0, 144.0, 0.0, 0.0, 1, True, 0
for frame in range(600):
    jumped = landed = False
    if x >= 448:
        direction = -1
    if x <= 32:
        direction = 1
    if vx < 2 * direction:
        vx += 0.25
    if vx > 2 * direction:
        vx -= 0.25
    if grounded and frame % 120 == 30:
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
sys.exit(0 if t.close() else 1)
