// The Node emitter against a viewer that reads nothing (docs/emitters.md, "Connecting,
// refusals, a slow viewer"): the game never waits, what waits (the emitter's queue and Node's
// socket buffer, by the emitter's own count) stays within its 1 MiB, the frames that did not fit
// are dropped whole, counted and said once, and the frames kept, read at last, are exactly the
// frames not dropped. (Node used to queue without bound: 800 MB for 1M fast frames.)
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
  const filler = "f".repeat(1000); // 1 KiB a frame, 40 MiB in all
  const frames = 40000;
  for (let f = 0; f < frames; ++f) {
    t.frame(f);
    t.state("hero", f, 0, 0, 0, { filler });
    if (f % 100 === 0) await new Promise((r) => setImmediate(r)); // a game's turn between frames
  }
  t.frame(frames); // the last frame is whole
  if (!(t.dropped > 0)) fail("nothing dropped: " + t.dropped);
  if (!(t.peak <= 1 << 20)) fail("waited beyond the buffer: " + t.peak + " bytes");
  if (!(t.peak > (1 << 20) - 2000)) fail("the buffer never filled: " + t.peak);
  const dropped = t.dropped;
  let got = "";
  peer.setEncoding("latin1");
  peer.on("data", (d) => (got += d));
  peer.resume();
  const ok = await t.close();
  await new Promise((r) => (peer.readableEnded ? r() : peer.on("end", r)));
  server.close();
  if (!ok) fail("close() said false");
  const lines = got.split("\n").filter((l) => l);
  const kept = new Set(lines.slice(1).map((l) => JSON.parse(l).frame));
  if (kept.size !== frames - dropped) fail(kept.size + " frames arrived, expected " + (frames - dropped));
  const notes = said.filter((s) => s.includes("not keeping up: frames past the 1048576-byte buffer are dropped"));
  if (notes.length !== 1) fail("the drop was said " + notes.length + " times: " + said.join(" | "));
  if (!said.includes("tilestep: " + dropped + " frames dropped in all (the trace skips them)"))
    fail("no total: " + said.join(" | "));
  console.log("backpressure.js: " + dropped + " of " + frames + " frames dropped, at most " + t.peak + " bytes waited");
});
