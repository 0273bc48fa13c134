"""tilestep trace emitter for Python games (pygame, arcade, ...): one file, standard library only.

Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path,
tcp://HOST:PORT or unix:PATH (a viewer: `tilestep view MAP --listen ...`,
`tilestep record --listen ...`). A viewer that goes away never stops the game: the trace just
stops (close() returns False).

    from tilestep_trace import Trace
    t = Trace(map="level1.json", tile_size=16, rate=60)   # dest=None: $TILESTEP_TRACE
    t.header_actor("hero", mover="my_platformer", w=12, h=16)
    for frame in range(600):
        t.frame(frame)
        t.state("hero", x, y, vx, vy, grounded=True, facing="right", air_frames=0)
        t.probe("hero", "point", "hit", "ground", x=x + 6, y=y + 16)
    t.close()
"""
import json
import math
import os
import socket

FORMAT_VERSION = 1


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


class Trace:
    def __init__(self, map=None, tile_size=16, rate=60, dest=None):
        dest = os.environ.get("TILESTEP_TRACE", "") if dest is None else dest
        self.ok = False
        self._sock = self._file = None
        self._lines = []
        self._frame = 0
        self._header = {"map": map, "tile_size": tile_size, "rate": rate, "actors": []}
        self._header_done = False
        try:
            if dest.startswith("tcp://"):
                host, _, port = dest[6:].rpartition(":")
                self._sock = socket.create_connection((host.strip("[]"), int(port)))
            elif dest.startswith("unix:"):
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self._sock.connect(dest[5:])
            elif dest:
                self._file = open(dest, "w", encoding="utf-8", newline="\n")
            self.ok = bool(self._sock or self._file)
        except (OSError, ValueError):
            self.ok = False

    def header_actor(self, name, mover=None, w=0, h=0, round=False):
        a = '{"name":' + _value(name)
        if mover is not None:
            a += ',"mover":' + _value(mover)
        a += ',"w":%d,"h":%d,"round":%s}' % (w, h, "true" if round else "false")
        self._header["actors"].append(a)

    def _ensure_header(self):
        if not self._header_done:
            self._header_done = True
            h = '{"tilestep_trace":%d' % FORMAT_VERSION
            if self._header["map"] is not None:
                h += ',"map":' + _value(self._header["map"])
            h += ',"tile_size":%d,"rate":%d,"actors":[%s]}' % (
                self._header["tile_size"], self._header["rate"], ",".join(self._header["actors"]))
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
        try:
            if self._sock:
                self._sock.sendall(data.encode("utf-8"))
            else:
                self._file.write(data)
        except OSError:
            self.ok = False

    def frame(self, frame):
        """Frame boundary: the lines that follow belong to `frame`. A socket sends each frame
        as it ends, so a live viewer sees whole frames."""
        if frame != self._frame and (self._sock or len(self._lines) > 256):
            self._flush()
        self._frame = frame

    def state(self, actor, x, y, vx=0, vy=0, **fields):
        """The actor's state after the frame's step; fields in the order given."""
        s = '{"frame":%d,"actor":%s,"x":%s,"y":%s,"vx":%s,"vy":%s' % (
            self._frame, _value(actor), _number(x), _number(y), _number(vx), _number(vy))
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

    def close(self):
        """Sends or writes what is left; True when everything was written."""
        self._ensure_header()
        self._flush()
        for f in (self._sock, self._file):
            if f:
                try:
                    f.close()
                except OSError:
                    self.ok = False
        self._sock = self._file = None
        return self.ok
