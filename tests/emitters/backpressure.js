// The Node emitter against a viewer that reads nothing (docs/emitters.md, "Connecting,
// refusals, a slow viewer"): the game never waits, what waits (the emitter's queue and Node's
// socket buffer, by the emitter's own count) stays within its 1 MiB, the frames that did not fit
// are dropped whole, counted and said once, and the frames kept, read at last, are exactly the
// frames not dropped. (Node used to queue without bound: 800 MB for 1M fast frames.) The game's
// first poll, with the buffer full to its last byte, still sends `!control 1` after those frames
// (a control line is never dropped: lost, the game would run free although it polls).
// usage: node tests/emitters/backpressure.js
"use strict";
const net = require("net");
const path = require("path");
const { Trace } = require(path.join(__dirname, "../../examples/emitters/js/tilestep_trace.js"));

const fail = (why) => { console.log("backpressure.js: " + why); process.exit(1); };
const said = [];
console.error = (text) => said.push(String(text));
let peer = null;
const server = net.createServer((s) => { peer = s; s.pause(); }); // accepted, never read
server.listen(0, "127.0.0.1", async () => {
  const t = new Trace({ dest: "tcp://127.0.0.1:" + server.address().port, tileSize: 16, rate: 60 });
  t.headerActor("hero", null, 12, 16, false);
  while (t.trying || !peer) await new Promise((r) => setImmediate(r));
  const frames = 40000; // 1 KiB a frame, 40 MiB in all
  for (let f = 0; f < frames; ++f) {
    t.frame(f);
    // Near the bound, a frame of exactly the room left fills the buffer to its last byte (the
    // state line's text, docs/trace-format.md, with an empty filler is `bare` bytes).
    const bare = ('{"frame":' + f + ',"actor":"hero","x":' + f + ',"y":0,"vx":0,"vy":0,"filler":""}\n').length;
    const room = (1 << 20) - t._buffered();
    t.state("hero", f, 0, 0, 0, { filler: "f".repeat(room >= bare && room < 2200 ? room - bare : 1000) });
    if (f % 100 === 0) await new Promise((r) => setImmediate(r)); // a game's turn between frames
  }
  t.frame(frames); // the last frame is whole
  if (!(t.dropped > 0)) fail("nothing dropped: " + t.dropped);
  if (!(t.peak <= 1 << 20)) fail("waited beyond the buffer: " + t.peak + " bytes");
  if (t._buffered() !== 1 << 20) fail("the buffer is not full to its last byte: " + t._buffered());
  const dropped = t.dropped;
  // The first poll asks for control; nobody answers: the game is held for 2 s, then runs freely.
  let c;
  while (!(c = t.poll()).advance) await new Promise((r) => setTimeout(r, 10));
  if (c.keys !== null) fail("an unanswered poll drove the game");
  if (t.dropped !== dropped) fail("the control line was dropped as a frame");
  let got = "";
  peer.setEncoding("latin1");
  peer.on("data", (d) => (got += d));
  peer.resume();
  const ok = await t.close();
  await new Promise((r) => (peer.readableEnded ? r() : peer.on("end", r)));
  server.close();
  if (!ok) fail("close() said false");
  const lines = got.split("\n").filter((l) => l);
  if (lines.filter((l) => l === "!control 1").length !== 1 || lines[lines.length - 1] !== "!control 1")
    fail("`!control 1` did not arrive once, after the frames buffered before the poll: " + lines.slice(-2));
  const kept = new Set(lines.slice(1, -1).map((l) => JSON.parse(l).frame));
  if (kept.size !== frames - dropped) fail(kept.size + " frames arrived, expected " + (frames - dropped));
  const notes = said.filter((s) => s.includes("not keeping up: frames past the 1048576-byte buffer are dropped"));
  if (notes.length !== 1) fail("the drop was said " + notes.length + " times: " + said.join(" | "));
  if (!said.includes("tilestep: " + dropped + " frames dropped in all (the trace skips them)"))
    fail("no total: " + said.join(" | "));
  console.log("backpressure.js: " + dropped + " of " + frames + " frames dropped, at most " + t.peak + " bytes waited");
});
