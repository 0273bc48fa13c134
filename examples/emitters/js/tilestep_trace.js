// tilestep trace emitter for JavaScript games: Node (files, TCP, Unix sockets through its own
// fs and net) and browsers (Phaser, ...: a WebSocket, ws://HOST:PORT). One file, no package.
//
// Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says (Node), or
// the `dest` given: a file path, tcp://HOST:PORT, unix:PATH or ws://HOST:PORT (a viewer:
// `tilestep view MAP --listen ...`, `tilestep record --listen ...`). A viewer that goes away
// never stops the game: the trace just stops (close() resolves to false).
//
//   const { Trace } = require("./tilestep_trace.js");     // browser: <script src=...>, window.TilestepTrace
//   const t = new Trace({ map: "level1.json", tileSize: 16, rate: 60 });
//   t.headerActor("hero", "my_platformer", 12, 16, false);
//   t.frame(f);
//   t.state("hero", x, y, vx, vy, { grounded: true, facing: "right" });
//   t.probe("hero", "point", "hit", "ground", { x: x + 6, y: y + 16 });
//   await t.close();
//
// Control (docs/emitters.md): call poll() once per frame, before the step (Node over TCP or a
// Unix socket, a browser over its WebSocket); tilestep may pause, step and drive the game
// through it. Commands arrive as
// events between frames, so the game loop must yield (requestAnimationFrame, setImmediate):
//   const c = t.poll();
//   if (c.advance) {                          // false: paused by tilestep, draw and poll again
//     const keys = c.keys !== null ? c.keys : readPlayerKeys();   // "RJ": the log's letters
//   }
"use strict";
(function (root) {
  const isNode = typeof process !== "undefined" && process.versions && process.versions.node;

  function num(v) {
    if (typeof v === "boolean") return v ? "true" : "false";
    return Number.isFinite(v) ? String(v) : "null"; // String(): the shortest exact double text
  }
  function val(v) {
    if (v === null || v === undefined) return "null";
    return typeof v === "string" ? JSON.stringify(v) : num(v);
  }

  class Trace {
    constructor(opts = {}) {
      const dest = opts.dest !== undefined ? opts.dest : (isNode ? process.env.TILESTEP_TRACE || "" : "");
      this.opts = opts;
      this.ok = false;
      this.lines = [];
      this.frameNo = 0;
      this.actors = [];
      this.headerDone = false;
      this.queue = []; // a WebSocket's frames until it opens
      this.ctl = 0; // 0: never polled, 1: asked (waiting for hello), 2: hello got, -1: off
      this.paused = false;
      this.steps = 0;
      this.restartAsked = false;
      this.runs = []; // [count, letters] of the coming frames
      this.inbuf = "";
      this.keys = null; // this frame's driven keys: state lines carry them
      try {
        if (dest.startsWith("ws://") || dest.startsWith("wss://")) {
          this.ws = new WebSocket(dest);
          this.ws.onopen = () => { for (const d of this.queue) this.ws.send(d); this.queue = []; };
          this.ws.onerror = () => { this.ok = false; };
          this.ws.onmessage = (e) => { if (typeof e.data === "string") this._received(e.data); };
          this.ws.onclose = () => { this.ctl = -1; this.paused = false; };
        } else if (isNode && (dest.startsWith("tcp://") || dest.startsWith("unix:"))) {
          const net = require("net");
          if (dest.startsWith("unix:")) {
            this.sock = net.connect(dest.slice(5));
          } else {
            const m = /^\[?(.*?)\]?:(\d+)$/.exec(dest.slice(6));
            if (!m) throw new Error("bad address " + dest);
            this.sock = net.connect(Number(m[2]), m[1]);
          }
          this.sock.on("error", () => { this.ok = false; });
          this.sock.on("data", (d) => this._received(d.toString("latin1")));
          this.sock.on("end", () => { this.ctl = -1; this.paused = false; });
        } else if (isNode && dest) {
          this.fd = require("fs").openSync(dest, "w");
        }
        this.ok = !!(this.ws || this.sock || this.fd !== undefined);
      } catch (e) {
        this.ok = false;
      }
    }

    headerActor(name, mover, w = 0, h = 0, round = false) {
      let a = '{"name":' + val(name);
      if (mover) a += ',"mover":' + val(mover);
      this.actors.push(a + ',"w":' + (w | 0) + ',"h":' + (h | 0) + ',"round":' + (round ? "true" : "false") + "}");
    }

    // The level's collision grid, sent in the header (docs/trace-format.md, "The grid"): w x h
    // cells of tile px, solid row-major (truthy = solid). Call before the first frame.
    grid(w, h, tile, solid) {
      let runs = "";
      for (let i = 0, j; i < w * h; i = j) {
        for (j = i; j < w * h && !solid[j] === !solid[i]; ++j);
        runs += j - i + (solid[i] ? "#" : ".");
      }
      this.gridJson = ',"grid":{"w":' + w + ',"h":' + h + ',"tile":' + tile + ',"solid":"' + runs + '"}';
    }

    _header() {
      if (this.headerDone) return;
      this.headerDone = true;
      let h = '{"tilestep_trace":1';
      if (this.opts.map) h += ',"map":' + val(this.opts.map);
      h += ',"tile_size":' + (this.opts.tileSize || 16) + ',"rate":' + (this.opts.rate || 60);
      this.lines.push(h + ',"actors":[' + this.actors.join(",") + "]" + (this.gridJson || "") + "}\n");
    }

    _line(text) {
      this._header();
      this.lines.push(text + "\n");
    }

    _flush() {
      const data = this.lines.join("");
      this.lines = [];
      if (!this.ok || !data) return;
      if (this.ws) {
        if (this.ws.readyState === 1) this.ws.send(data);
        else this.queue.push(data);
      } else if (this.sock) {
        this.sock.write(data);
      } else {
        require("fs").writeSync(this.fd, data);
      }
    }

    // Frame boundary: the lines that follow belong to f. A socket sends each frame as it ends.
    frame(f) {
      if (f !== this.frameNo && (this.ws || this.sock || this.lines.length > 256)) this._flush();
      this.frameNo = f;
    }

    // The actor's state after the frame's step; fields in the order of the object's keys.
    state(actor, x, y, vx = 0, vy = 0, fields = {}) {
      let s = '{"frame":' + this.frameNo + ',"actor":' + val(actor) + ',"x":' + num(x) + ',"y":' + num(y) +
        ',"vx":' + num(vx) + ',"vy":' + num(vy);
      if (this.keys !== null) s += ',"keys":' + JSON.stringify(this.keys);
      for (const k of Object.keys(fields)) s += "," + JSON.stringify(k) + ":" + val(fields[k]);
      this._line(s + "}");
    }

    // kind: point, rect, segment, cell, band, arrow, value, text; verdict: hit, miss, pass,
    // block, info; coords: the kind's fields ({x, y} or {x0, y0, x1, y1}, ...).
    probe(actor, kind, verdict, why, coords = {}) {
      let s = '{"frame":' + this.frameNo + ',"actor":' + val(actor) + ',"probe":{"kind":"' + kind +
        '","verdict":"' + verdict + '","why":' + val(why);
      for (const k of Object.keys(coords)) s += ',"' + k + '":' + num(coords[k]);
      this._line(s + "}}");
    }

    // Marks this frame as played with `letters` ("RJ"): its state lines carry them. poll() does
    // it for driven frames; a game replaying a log on its own calls it.
    setKeys(letters) {
      this.keys = letters;
    }

    _received(text) {
      const lines = (this.inbuf + text).split("\n");
      this.inbuf = lines.pop();
      for (const line of lines) {
        const [word, rest] = [line.split(" ")[0], line.slice(line.indexOf(" ") + 1)];
        if (line === "hello 1") {
          this.ctl = 2;
        } else if (word === "pause") {
          this.paused = true;
          this.steps = 0;
        } else if (word === "resume") {
          this.paused = false;
        } else if (word === "step") {
          this.paused = true;
          this.steps += Number(rest) || 0;
        } else if (word === "restart") {
          this.restartAsked = true;
        } else if (word === "keys") {
          const [count, letters] = rest.split(" ");
          if (Number(count) > 0)
            this.runs.push([Number(count), [..."LRUDJ"].filter((k) => (letters || "").includes(k)).join("")]);
        } // anything else is from a later version: ignored
      }
    }

    // Once per frame, before the step: {advance, keys, restart}. advance false: tilestep paused
    // the game (draw, poll again next frame); keys: null, or the letters tilestep drives this
    // frame with ("RJ", "" for none); restart: restart the level. A file, or a viewer that sends
    // nothing, always gives {advance: true}. The first poll asks the viewer for control; until
    // it answers (2 s at most once connected: an older tilestep never does) the game is held as
    // if paused.
    poll() {
      this.keys = null;
      const free = { advance: true, keys: null, restart: false };
      if (!(this.sock || this.ws) || !this.ok || this.ctl < 0) return free;
      this._flush(); // the frame before is whole: a paused game's last frame is seen
      if (this.ctl === 0) {
        this.lines.push("!control 1\n"); // a message of its own, after the frames before
        this._flush();
        this.ctl = 1;
        this.askedAt = Date.now();
      }
      if (this.ctl === 1) {
        if (this.ws && this.ws.readyState === 0) this.askedAt = Date.now(); // still connecting
        if (Date.now() - this.askedAt < 2000) return { advance: false, keys: null, restart: false };
        this.ctl = -1; // no answer: run freely
        return free;
      }
      const c = { advance: true, keys: null, restart: this.restartAsked };
      this.restartAsked = false;
      if (this.paused && this.steps === 0) {
        c.advance = false;
        return c;
      }
      if (this.paused) --this.steps;
      const run = this.runs[0];
      if (run) {
        c.keys = this.keys = run[1];
        if (--run[0] === 0) this.runs.shift();
      }
      return c;
    }

    // Sends or writes what is left; resolves to true when everything was written.
    close() {
      this._header();
      this._flush();
      return new Promise((resolve) => {
        if (this.sock) {
          this.sock.end(() => resolve(this.ok));
          this.sock.on("close", () => resolve(this.ok));
        } else if (this.ws) {
          // Closing waits for the viewer's reply to the close: by then it has every line.
          this.ws.onclose = () => resolve(this.ok);
          const close = () => (this.ws.readyState === 1 && this.ws.bufferedAmount === 0) || !this.ok
            ? this.ws.close(1000) : setTimeout(close, 10);
          close();
        } else {
          if (this.fd !== undefined) require("fs").closeSync(this.fd);
          resolve(this.ok);
        }
      });
    }
  }

  if (typeof module !== "undefined" && module.exports) module.exports = { Trace };
  else root.TilestepTrace = Trace;
})(typeof self !== "undefined" ? self : this);
