"""tilestep trace emitter for Python games (pygame, arcade, ...): one file, standard library only.

Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path,
tcp://HOST:PORT or unix:PATH (a viewer: `tilestep view MAP --listen ...`,
`tilestep record --listen ...`). A socket never blocks the game (docs/emitters.md, "Connecting,
refusals, a slow viewer"): a viewer not listening yet is tried again (0.25 s, doubling up to 4 s
apart, for RETRY_SECONDS); whole frames wait in a buffer of at most BUFFER_BYTES, and a frame
that does not fit is dropped (counted in `dropped`, said once on stderr); a refusal from tilestep
("tilestep: busy: ...") is printed on stderr. A viewer that goes away never stops the game: the
trace just stops (close() returns False).

    from tilestep_trace import Trace
    t = Trace(map="level1.json", tile_size=16, rate=60)   # dest=None: $TILESTEP_TRACE
    t.header_actor("hero", mover="my_platformer", w=12, h=16)
    for frame in range(600):
        t.frame(frame)
        t.state("hero", x, y, vx, vy, grounded=True, facing="right", air_frames=0)
        t.probe("hero", "point", "hit", "ground", x=x + 6, y=y + 16)
    t.close()

Control (docs/emitters.md): call poll() once per frame, before the step; tilestep may pause,
step and drive the game through it:

    c = t.poll()
    if c.advance:                       # False: paused by tilestep, draw and poll again
        keys = c.keys if c.keys is not None else read_player_keys()   # "RJ": the log's letters
"""
import json
import math
import os
import select
import socket
import sys
import time

FORMAT_VERSION = 1
BUFFER_BYTES = 1 << 20  # whole frames waiting for a slow (or absent) viewer, at most
RETRY_SECONDS = 60  # a viewer not listening yet is tried again for this long


def _number(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if math.isnan(v) or math.isinf(v):
        return "null"  # the reader rejects it: a NaN in movement code is a bug worth seeing
    return repr(float(v))  # the shortest text that reads back as the same double


def _value(v):
    if v is None:
        return "null"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    return _number(v)


class Control:
    """What the game does this frame: advance (run the step), keys (None, or the letters of the
    keys tilestep drives this frame with: "RJ", "" for none), restart (restart the level)."""

    def __init__(self, advance=True, keys=None, restart=False):
        self.advance, self.keys, self.restart = advance, keys, restart


class Trace:
    def __init__(self, map=None, tile_size=16, rate=60, dest=None):
        dest = os.environ.get("TILESTEP_TRACE", "") if dest is None else dest
        self.ok = False
        self._sock = self._file = None
        self._lines = []
        self._frame = 0
        self._header = {"map": map, "tile_size": tile_size, "rate": rate, "actors": []}
        self._header_done = False
        self._ctl = 0  # 0: never polled, 1: asked, 2: hello got, -1: off
        self._paused, self._steps, self._restart = False, 0, False
        self._runs = []  # [count, letters] of the coming frames
        self._inbuf = b""
        self._keys = None  # this frame's driven keys: state lines carry them
        self._dest, self._waiting, self._next_try, self._backoff = dest, False, 0.0, 0.25
        self._pend = bytearray()  # whole frames the socket has not taken yet
        self.dropped = 0  # frames dropped: the buffer was full
        self.peak = 0  # the most bytes the buffer held
        try:
            if dest.startswith(("tcp://", "unix:")):
                self.ok = True
                self._give_up = time.monotonic() + RETRY_SECONDS
                self._connect()
            elif dest:
                self._file = open(dest, "w", encoding="utf-8", newline="\n")
                self.ok = True
        except (OSError, ValueError):
            self.ok = False

    def _connect(self):
        """One try; the first failure says on stderr that it is tried again, with back-off."""
        try:
            if self._dest.startswith("tcp://"):
                host, _, port = self._dest[6:].rpartition(":")
                sock = socket.create_connection((host.strip("[]"), int(port)), timeout=1)
            else:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    sock.connect(self._dest[5:])
                except OSError:
                    sock.close()
                    raise
            sock.setblocking(False)  # sends never wait: what it cannot take stays in _pend
            if self._waiting:
                print("tilestep: connected to %s" % self._dest, file=sys.stderr)
            self._sock, self._waiting = sock, False
        except OSError:
            if not self._waiting:
                print("tilestep: nothing listening at %s yet; trying again for %d s (the game runs"
                      " on)" % (self._dest, RETRY_SECONDS), file=sys.stderr)
            else:
                self._backoff = min(self._backoff * 2, 4.0)
            self._waiting = True
            self._next_try = time.monotonic() + self._backoff

    def _drop_socket(self):
        if self._sock:
            self._sock.close()
        self._sock, self._waiting, self.ok = None, False, False

    def _send(self, wait=0.0):
        """Sends what the socket takes now (or within `wait` seconds); a viewer gone fails the
        trace, its last words (a refusal) read first."""
        end = time.monotonic() + wait
        while self._sock is not None and self._pend:
            try:
                n = self._sock.send(self._pend)
                del self._pend[:n]
            except BlockingIOError:
                left = end - time.monotonic()
                if left <= 0:
                    return
                select.select([], [self._sock], [], left)
            except OSError:
                self._read(0)
                self._drop_socket()

    def _frame_end(self, data, control=False):
        """A whole frame for the socket: kept (or dropped when the buffer is full), then sent as
        far as the socket takes it; a viewer not there yet is tried again after its back-off.
        A control line (control=True, a few bytes) is never dropped: the bound is for frames,
        and a lost `!control 1` would leave a polling game running free."""
        if not control and len(self._pend) + len(data) > BUFFER_BYTES:
            if self.dropped == 0:
                print("tilestep: the viewer is %s: frames past the %d-byte buffer are dropped (the"
                      " trace skips them)" % ("not there yet" if self._waiting else
                                              "not keeping up", BUFFER_BYTES), file=sys.stderr)
            self.dropped += 1
        else:
            self._pend += data
            self.peak = max(self.peak, len(self._pend))
        if self._waiting:
            now = time.monotonic()
            if now >= self._give_up:
                print("tilestep: nothing listened at %s for %d s; this game is not traced"
                      % (self._dest, RETRY_SECONDS), file=sys.stderr)
                self._drop_socket()
                return
            if now < self._next_try:
                return
            self._connect()
        if self._ctl == 0:
            self._read(0)  # tilestep says nothing unasked but a refusal
        self._send()

    def header_actor(self, name, mover=None, w=0, h=0, round=False):
        a = '{"name":' + _value(name)
        if mover is not None:
            a += ',"mover":' + _value(mover)
        a += ',"w":%d,"h":%d,"round":%s}' % (w, h, "true" if round else "false")
        self._header["actors"].append(a)

    def grid(self, w, h, tile, solid):
        """The level's collision grid, sent in the header (docs/trace-format.md, "The grid"):
        w x h cells of tile px, solid row-major (truthy = solid). Call before the first frame."""
        runs, i = "", 0
        while i < w * h:
            j = i
            while j < w * h and bool(solid[j]) == bool(solid[i]):
                j += 1
            runs, i = runs + "%d%s" % (j - i, "#" if solid[i] else "."), j
        self._grid = ',"grid":{"w":%d,"h":%d,"tile":%d,"solid":"%s"}' % (w, h, tile, runs)

    def _ensure_header(self):
        if not self._header_done:
            self._header_done = True
            h = '{"tilestep_trace":%d' % FORMAT_VERSION
            if self._header["map"] is not None:
                h += ',"map":' + _value(self._header["map"])
            h += ',"tile_size":%d,"rate":%d,"actors":[%s]%s}' % (
                self._header["tile_size"], self._header["rate"], ",".join(self._header["actors"]),
                getattr(self, "_grid", ""))
            self._lines.append(h + "\n")

    def _line(self, text):
        self._ensure_header()
        self._lines.append(text + "\n")

    def _flush(self):
        if not self._lines or not self.ok:
            self._lines = []
            return
        data = "".join(self._lines)
        self._lines = []
        if self._file is None:
            self._frame_end(data.encode("utf-8"))
            return
        try:
            self._file.write(data)
        except OSError:
            self.ok = False

    def frame(self, frame):
        """Frame boundary: the lines that follow belong to `frame`. A socket sends each frame
        as it ends, so a live viewer sees whole frames."""
        if frame != self._frame and (self._file is None or len(self._lines) > 256):
            self._flush()
        self._frame = frame

    def state(self, actor, x, y, vx=0, vy=0, **fields):
        """The actor's state after the frame's step; fields in the order given."""
        s = '{"frame":%d,"actor":%s,"x":%s,"y":%s,"vx":%s,"vy":%s' % (
            self._frame, _value(actor), _number(x), _number(y), _number(vx), _number(vy))
        if self._keys is not None:
            s += ',"keys":' + _value(self._keys)
        for k, v in fields.items():
            s += "," + _value(k) + ":" + _value(v)
        self._line(s + "}")

    def probe(self, actor, kind, verdict, why, **coords):
        """kind: point, rect, segment, cell, band, arrow, value, text; verdict: hit, miss,
        pass, block, info; coords: the kind's fields (x, y or x0, y0, x1, y1, ...)."""
        s = '{"frame":%d,"actor":%s,"probe":{"kind":"%s","verdict":"%s","why":%s' % (
            self._frame, _value(actor), kind, verdict, _value(why))
        for k, v in coords.items():
            s += ',"%s":%s' % (k, _number(v))
        self._line(s + "}}")

    def set_keys(self, letters):
        """Marks this frame as played with `letters` ("RJ"): its state lines carry them. poll()
        does it for driven frames; a game replaying a log on its own calls it."""
        self._keys = letters

    def _command(self, line):
        word, _, rest = line.partition(" ")
        if line.startswith("tilestep: "):  # turned away (busy): said, never silent
            print(line + "; this game is not traced", file=sys.stderr)
            self._drop_socket()
        elif line == "hello 1":
            self._ctl = 2
        elif word == "pause":
            self._paused, self._steps = True, 0
        elif word == "resume":
            self._paused = False
        elif word == "step":
            self._paused = True
            self._steps += int(rest)
        elif word == "restart":
            self._restart = True
        elif word == "keys":
            count, _, letters = rest.partition(" ")
            self._runs.append([int(count), "".join(k for k in "LRUDJ" if k in letters)])
        # anything else is from a later version: ignored

    def _read(self, wait):
        while self._sock is not None and self._ctl >= 0:
            try:
                ready = select.select([self._sock], [], [], wait)[0]
                if not ready:
                    return
                wait = 0
                got = self._sock.recv(4096)
            except BlockingIOError:
                return
            except (OSError, ValueError):
                got = b""
            if not got:  # the viewer went away: the game runs on freely
                self._ctl, self._paused = -1, False
                return
            self._inbuf += got
            *lines, self._inbuf = self._inbuf.split(b"\n")
            for line in lines:
                if self._sock is not None:
                    self._command(line.decode("ascii", "replace"))

    def poll(self):
        """Once per frame, before the step: a Control. A file, or a viewer that sends nothing,
        always gives Control(advance=True, keys=None). The first poll asks the viewer for
        control and waits up to 2 s for its answer; while paused a poll waits up to 16 ms."""
        self._keys = None
        if self._file is None and self.ok:
            self._flush()  # the frame before is whole: a paused game's last frame is seen
        if self._sock is None or not self.ok or self._ctl < 0:
            return Control()
        if self._ctl == 0:
            self._frame_end(b"!control 1\n", control=True)
            if self._sock is None:
                return Control()
            self._ctl = 1
            end = time.monotonic() + 2
            while self._ctl == 1 and time.monotonic() < end:
                self._read(max(0.0, end - time.monotonic()))
        self._read(0)
        if self._paused and self._steps == 0:
            self._read(0.016)
        c = Control(restart=self._restart)
        self._restart = False
        if self._paused and self._steps == 0:
            c.advance = False
            return c
        if self._paused:
            self._steps -= 1
        if self._runs:
            run = self._runs[0]
            c.keys = self._keys = run[1]
            run[0] -= 1
            if run[0] == 0:
                self._runs.pop(0)
        return c

    def close(self):
        """Sends or writes what is left; True when everything was written."""
        self._ensure_header()
        self._flush()
        if self._waiting:  # one last try
            self._connect()
            if self._waiting:
                print("tilestep: nothing listened at %s; this game is not traced" % self._dest,
                      file=sys.stderr)
                self._drop_socket()
        self._send(5.0)  # the game is ending: its last frames may wait up to 5 s
        if self._pend and self._sock is not None:
            self.ok = False
        if self.dropped:
            print("tilestep: %d frames dropped in all (the trace skips them)" % self.dropped,
                  file=sys.stderr)
        for f in (self._sock, self._file):
            if f:
                try:
                    f.close()
                except OSError:
                    self.ok = False
        self._sock = self._file = None
        return self.ok
