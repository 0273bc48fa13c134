// tilestep trace emitter for JavaScript games: Node (files, TCP, Unix sockets through its own
// fs and net) and browsers (Phaser, ...: a WebSocket, ws://HOST:PORT). One file, no package.
//
// Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says (Node), or
// the `dest` given: a file path, tcp://HOST:PORT, unix:PATH or ws://HOST:PORT (a viewer:
// `tilestep view MAP --listen ...`, `tilestep record --listen ...`). A viewer that goes away
// never stops the game: the trace just stops (close() resolves to false).
//
// A socket never blocks the game (docs/emitters.md, "Connecting, refusals, a slow viewer"): a
// viewer not listening yet is tried again (0.25 s, doubling up to 4 s apart, for 60 s); whole
// frames wait in at most BUFFER_BYTES (with what Node's socket or the WebSocket holds,
// `bufferedAmount`), a frame that does not fit is dropped (counted in `dropped`, said once on
// the console); a refusal ("tilestep: busy: ...", a WebSocket's close code 1013) is printed.
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
  const BUFFER_BYTES = 1 << 20; // whole frames waiting for a slow (or absent) viewer, at most
  const RETRY_SECONDS = 60; // a viewer not listening yet is tried again for this long
  const say = (text) => (isNode ? console.error(text) : console.warn(text));

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
      this.dest = dest;
      this.queued = 0; // bytes in `queue`
      this.dropped = 0; // frames dropped: the buffer was full
      this.peak = 0; // the most bytes waiting (queue and the socket's own buffer)
      this.backoff = 0.25;
      this.giveUp = Date.now() + RETRY_SECONDS * 1000;
      try {
        if (dest.startsWith("ws://") || dest.startsWith("wss://") ||
            (isNode && (dest.startsWith("tcp://") || dest.startsWith("unix:")))) {
          if (dest.startsWith("tcp://") && !/^\[?(.*?)\]?:(\d+)$/.test(dest.slice(6)))
            throw new Error("bad address " + dest);
          this.ok = true;
          this._connect();
        } else if (isNode && dest) {
          this.fd = require("fs").openSync(dest, "w");
          this.ok = true;
        }
      } catch (e) {
        this.ok = false;
      }
    }

    // One try; its failure (nothing listening) is said once, then tried again with back-off.
    _connect() {
      const failed = () => {
        if (this.refused || !this.ok) return;
        this.sock = this.ws = undefined;
        this.open = false;
        if (!this.waiting) say("tilestep: nothing listening at " + this.dest + " yet; trying again for " +
                               RETRY_SECONDS + " s (the game runs on)");
        else this.backoff = Math.min(this.backoff * 2, 4);
        this.waiting = true;
        this.nextTry = Date.now() + this.backoff * 1000;
      };
      const opened = () => {
        if (this.waiting) say("tilestep: connected to " + this.dest);
        this.waiting = false;
        this.open = true;
        this._send();
      };
      const gone = () => { this.ctl = -1; this.paused = false; if (this.open) this.open = false; };
      this.trying = true;
      this.tryAt = Date.now();
      const settle = (f) => () => { this.trying = false; f(); };
      if (this.dest.startsWith("ws")) {
        const ws = (this.ws = new WebSocket(this.dest));
        let up = false;
        ws.onopen = () => { up = true; settle(opened)(); };
        ws.onmessage = (e) => { if (typeof e.data === "string") this._received(e.data); };
        ws.onclose = (e) => {
          if (e.code === 1013) this._refused(e.reason || "tilestep: busy");
          else if (!up) settle(failed)();
          else { gone(); if (this.queued || ws.bufferedAmount) this.ok = false; }
        };
      } else {
        const net = require("net");
        const m = /^\[?(.*?)\]?:(\d+)$/.exec(this.dest.slice(6));
        const sock = (this.sock = this.dest.startsWith("unix:") ? net.connect(this.dest.slice(5))
                                                                : net.connect(Number(m[2]), m[1]));
        let up = false;
        sock.on("connect", () => { up = true; settle(opened)(); });
        sock.on("error", () => { if (up) this.ok = false; else settle(failed)(); });
        sock.on("data", (d) => this._received(d.toString("latin1")));
        sock.on("end", gone);
      }
    }

    // tilestep turned this game away: said, never silent; no more tries.
    _refused(line) {
      say(line + "; this game is not traced");
      this.refused = true;
      this.ok = false;
      this.open = false;
      if (this.sock) this.sock.destroy();
      this.queue = [];
      this.queued = 0;
    }

    // Bytes waiting: ours and the socket's own.
    _buffered() {
      const own = this.ws ? this.ws.bufferedAmount : this.sock ? this.sock.writableLength : 0;
      return this.queued + (this.open ? own : 0);
    }

    _send() {
      if (!this.open) return;
      for (const d of this.queue) (this.ws || this.sock)[this.ws ? "send" : "write"](d);
      this.queue = [];
      this.queued = 0;
    }

    // A whole frame for the socket: kept (or dropped when the buffer is full) and sent; a
    // viewer not there yet is tried again once its back-off is over. A control line (control
    // true, a few bytes) is never dropped: the bound is for frames, and a lost `!control 1`
    // would leave a polling game running free.
    _frameEnd(data, control = false) {
      const n = isNode ? Buffer.byteLength(data) : data.length;
      if (!control && this._buffered() + n > BUFFER_BYTES) {
        if (this.dropped++ === 0)
          say("tilestep: the viewer is " + (this.open ? "not keeping up" : "not there yet") +
              ": frames past the " + BUFFER_BYTES + "-byte buffer are dropped (the trace skips them)");
      } else {
        this.queue.push(data);
        this.queued += n;
        this.peak = Math.max(this.peak, this._buffered());
      }
      if (this.waiting && !this.trying) {
        if (Date.now() >= this.giveUp) {
          say("tilestep: nothing listened at " + this.dest + " for " + RETRY_SECONDS + " s; this game is not traced");
          this.waiting = false;
          this.ok = false;
        } else if (Date.now() >= this.nextTry) {
          this._connect();
        }
      }
      this._send();
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
      if (this.fd !== undefined) require("fs").writeSync(this.fd, data);
      else this._frameEnd(data);
    }

    // Frame boundary: the lines that follow belong to f. A socket sends each frame as it ends.
    frame(f) {
      if (f !== this.frameNo && (this.fd === undefined || this.lines.length > 256)) this._flush();
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
        if (line.startsWith("tilestep: ")) {
          this._refused(line);
        } else if (line === "hello 1") {
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
      if (this.fd === undefined) this._flush(); // the frame before is whole: a paused game's last frame is seen
      // A connection under way (at most 2 s): held as if paused, so that tilestep's commands
      // reach the game's first frames.
      if (this.trying && this.ok && Date.now() - this.tryAt < 2000) return { advance: false, keys: null, restart: false };
      if (!this.open || !this.ok || this.ctl < 0) return free;
      if (this.ctl === 0) {
        this._frameEnd("!control 1\n", true); // a message of its own, after the frames before
        this.ctl = 1;
        this.askedAt = Date.now();
      }
      if (this.ctl === 1) {
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
      if (this.dropped) say("tilestep: " + this.dropped + " frames dropped in all (the trace skips them)");
      return new Promise((resolve) => {
        const end = () => {
          if (this.waiting || this.trying) {
            say("tilestep: nothing listened at " + this.dest + "; this game is not traced");
            this.waiting = this.trying = false;
            this.ok = false;
            if (this.sock) this.sock.destroy();
            if (this.ws) this.ws.close();
          }
          return !this.open ? resolve(false) : this.sock ? closeSocket() : closeWebSocket();
        };
        // The game is ending: one last try, and its last frames may wait up to 5 s.
        const limit = setTimeout(() => { this.ok = false; if (this.sock) this.sock.destroy(); resolve(false); }, 5000);
        const done = resolve;
        resolve = (ok) => { clearTimeout(limit); done(ok); };
        const closeSocket = () => {
          this.sock.end(() => resolve(this.ok));
          this.sock.on("close", () => resolve(this.ok));
        };
        const closeWebSocket = () => {
          // Closing waits for the viewer's reply to the close: by then it has every line.
          this.ws.onclose = (e) => {
            if (e.code === 1013) this._refused(e.reason || "tilestep: busy");
            resolve(this.ok);
          };
          const close = () => (this.ws.readyState === 1 && this.ws.bufferedAmount === 0) || !this.ok
            ? this.ws.close(1000) : setTimeout(close, 10);
          close();
        };
        if (this.fd !== undefined) {
          require("fs").closeSync(this.fd);
          resolve(this.ok);
        } else if (!this.ok) {
          resolve(false);
        } else {
          if (this.waiting && !this.trying) this._connect();
          const wait = () => (this.trying ? setTimeout(wait, 10) : end());
          wait();
        }
      });
    }
  }

  if (typeof module !== "undefined" && module.exports) module.exports = { Trace };
  else root.TilestepTrace = Trace;
})(typeof self !== "undefined" ? self : this);
