// The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in JavaScript: run by
// Node (node walk.js) or by a page (walk.html, streaming over a WebSocket).
"use strict";
function walk(t) {
  t.headerActor("hero", "walk_example", 12, 16, false);
  let x = 32, y = 144, vx = 0, vy = 0, dir = 1, grounded = true, air = 0;
  for (let frame = 0; frame < 600; ++frame) {
    let jumped = false, landed = false;
    if (x >= 448) dir = -1;
    if (x <= 32) dir = 1;
    if (vx < 2 * dir) vx += 0.25;
    if (vx > 2 * dir) vx -= 0.25;
    if (grounded && frame % 120 === 30) { vy = -6; grounded = false; jumped = true; }
    if (!grounded) vy = Math.min(vy + 0.375, 8);
    x += vx;
    y += vy;
    if (y >= 144) { landed = !grounded; y = 144; vy = 0; grounded = true; }
    air = grounded ? 0 : air + 1;

    t.frame(frame);
    t.state("hero", x, y, vx, vy, { grounded, facing: dir > 0 ? "right" : "left", air_frames: air });
    t.probe("hero", "point", grounded ? "hit" : "miss", "ground", { x: x + 6, y: y + 16 });
    t.probe("hero", "arrow", "info", "velocity", { x0: x + 6, y0: y + 8, x1: x + 6 + vx * 4, y1: y + 8 + vy * 4 });
    if (jumped) t.probe("hero", "text", "info", "jump", { x, y: y - 4 });
    if (landed) t.probe("hero", "rect", "block", "floor", { x0: x, y0: 160, x1: x + 12, y1: 176 });
  }
  return t.close();
}

if (typeof module !== "undefined" && require.main === module) {
  const { Trace } = require("./tilestep_trace.js");
  const t = new Trace({ tileSize: 16, rate: 60 });
  if (!t.ok) {
    console.error("walk.js: cannot open TILESTEP_TRACE (" + (process.env.TILESTEP_TRACE || "unset") + ")");
    process.exit(1);
  }
  walk(t).then((ok) => process.exit(ok ? 0 : 1));
}
