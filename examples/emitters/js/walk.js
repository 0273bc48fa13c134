// The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in JavaScript: run by
// Node (node walk.js) or by a page (walk.html, streaming over a WebSocket). It polls tilestep
// every frame and walks by the keys it is driven with; TILESTEP_INPUTS=LOG (Node) plays an
// input log on its own (offline).
"use strict";

// An input log (COUNT,KEY,KEY... lines, # comments) as each frame's letters.
function readLog(text) {
  const frames = [];
  for (const line of text.split("\n")) {
    const fields = line.split("#")[0].split(",").map((f) => f.trim());
    if (!/^\d+$/.test(fields[0])) continue;
    const letters = [..."LRUDJ"].filter((k) => fields.slice(1).includes(k)).join("");
    for (let i = 0; i < Number(fields[0]); ++i) frames.push(letters);
  }
  return frames;
}

// A turn of the event loop between frames: the commands tilestep sends arrive there.
// (A browser has no setImmediate: a timeout of 0 there.)
const nextTurn = (ms) =>
  new Promise((resolve) => (ms || typeof setImmediate !== "function" ? setTimeout(resolve, ms) : setImmediate(resolve)));

async function walk(t, log = [], frameMs = 0) {
  t.headerActor("hero", "walk_example", 12, 16, false);
  // The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160.
  t.grid(30, 12, 16, Array.from({ length: 30 * 12 }, (_, i) => i >= 300 || i % 30 === 0 || i % 30 === 29));
  let x = 32, y = 144, vx = 0, vy = 0, dir = 1, grounded = true, air = 0;
  for (let frame = 0; frame < 600;) {
    const c = t.poll();
    if (!c.advance) { await nextTurn(16); continue; } // paused by tilestep: a game would draw
    let keys = c.keys;
    if (keys === null && frame < log.length) { keys = log[frame]; t.setKeys(keys); }
    let jumped = false, landed = false, want;
    if (keys !== null) {
      const d = (keys.includes("R") ? 1 : 0) - (keys.includes("L") ? 1 : 0);
      if (d !== 0) dir = d;
      want = 2 * d;
    } else {
      if (x >= 448) dir = -1;
      if (x <= 32) dir = 1;
      want = 2 * dir;
    }
    if (vx < want) vx += 0.25;
    if (vx > want) vx -= 0.25;
    if (grounded && (keys !== null ? keys.includes("J") : frame % 120 === 30)) { vy = -6; grounded = false; jumped = true; }
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
    ++frame;
    if (frameMs) await nextTurn(frameMs); // a real game's frame time (TILESTEP_FRAME_MS)
    else if (frame % 60 === 0 || t.ctl > 0) await nextTurn(0); // let the socket send and receive
  }
  return t.close();
}

if (typeof module !== "undefined" && require.main === module) {
  const { Trace } = require("./tilestep_trace.js");
  const inputs = process.env.TILESTEP_INPUTS || "";
  const log = inputs ? readLog(require("fs").readFileSync(inputs, "utf8")) : [];
  const t = new Trace({ tileSize: 16, rate: 60 });
  if (!t.ok) {
    console.error("walk.js: cannot open TILESTEP_TRACE (" + (process.env.TILESTEP_TRACE || "unset") + ")");
    process.exit(1);
  }
  walk(t, log, Number(process.env.TILESTEP_FRAME_MS || 0)).then((ok) => process.exit(ok ? 0 : 1));
}
