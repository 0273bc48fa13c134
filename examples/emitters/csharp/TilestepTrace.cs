// tilestep trace emitter for C# games (Unity, MonoGame, Godot's C#): one file, System only.
//
// Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path
// or tcp://HOST:PORT (a viewer: `tilestep view MAP --listen ...`, `tilestep record --listen
// ...`). A viewer that goes away never stops the game: the trace just stops (Close() returns
// false).
//
// A socket never blocks the game (docs/emitters.md, "Connecting, refusals, a slow viewer"): a
// viewer not listening yet is tried again (0.25 s, doubling up to 4 s apart, for RetrySeconds);
// whole frames wait in at most BufferBytes, a frame that does not fit is dropped (counted in
// Dropped, said once on stderr); a refusal from tilestep ("tilestep: busy: ...") is printed.
//
//   var t = new TilestepTrace("level1.json", 16, 60);   // destination: $TILESTEP_TRACE
//   t.HeaderActor("hero", "my_platformer", 12, 16, false);
//   t.Frame(f);
//   t.BeginState("hero", x, y, vx, vy).Field("grounded", true).Field("facing", "right").EndState();
//   t.ProbePoint("hero", "hit", "ground", x + 6, y + 16);
//   t.Close();
//
// Control (docs/emitters.md): call Poll() once per frame, before the step; tilestep may pause,
// step and drive the game through it:
//   var c = t.Poll();
//   if (c.Advance) Step(c.Keys ?? ReadPlayerKeys());   // Keys: null, or "RJ" (the log's letters)
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;

// What the game does this frame (TilestepTrace.Poll).
public struct TilestepControl {
    public bool Advance;   // run this frame's step; false: paused (draw, poll again next frame)
    public string Keys;    // null, or the letters tilestep drives this frame with ("RJ", "")
    public bool Restart;   // restart the level now (then trace from its frame 0)
}

public sealed class TilestepTrace {
    public bool Ok { get; private set; }
    readonly StringBuilder lines = new StringBuilder();
    readonly List<string> actors = new List<string>();
    readonly string map;
    readonly int tileSize, rate;
    Stream stream;
    bool socket, headerDone;
    long frame;
    Socket sock;          // the connection, read for tilestep's commands
    int ctl;              // 0: never polled, 1: asked, 2: hello got, -1: off
    bool paused, restart;
    long steps;
    readonly List<KeyValuePair<long, string>> runs = new List<KeyValuePair<long, string>>();
    string inbuf = "";
    string keys;          // this frame's driven keys: state lines carry them
    public const int BufferBytes = 1 << 20;  // whole frames waiting for a slow (or absent) viewer
    public const int RetrySeconds = 60;      // a viewer not listening yet is tried again this long
    public long Dropped { get; private set; }  // frames dropped: the buffer was full
    public long Peak { get; private set; }     // the most bytes the buffer held
    readonly Queue<byte[]> pend = new Queue<byte[]>();  // whole frames the socket has not taken
    int pendOffset;
    long pendBytes;
    string dest;
    bool waiting;         // no viewer yet (said on stderr): tried again at frame boundaries
    double nextTry, backoff = 0.25, giveUp;
    // A try under way: a connect never waits (a remote address that does not answer would hold
    // the frame for the system's time-out); checked at frame boundaries, given up after
    // ConnectSeconds.
    public const double ConnectSeconds = 1;
    Socket csock;         // the socket connecting (sock once it is connected)
    IPAddress[] addrs;    // the destination's addresses, tried in turn
    int nextAddr, port;
    double connectUntil;

    static double Now() { return Stopwatch.GetTimestamp() / (double)Stopwatch.Frequency; }
    static void Say(string text) { Console.Error.WriteLine(text); }

    public TilestepTrace(string map, int tileSize, int rate, string dest = null) {
        this.map = map;
        this.tileSize = tileSize;
        this.rate = rate;
        dest = dest ?? Environment.GetEnvironmentVariable("TILESTEP_TRACE") ?? "";
        this.dest = dest;
        try {
            if (dest.StartsWith("tcp://")) {
                socket = true;
                Ok = dest.LastIndexOf(':') > 6;
                giveUp = Now() + RetrySeconds;
                if (Ok) TryConnect(0);
            } else if (dest.Length > 0) {
                stream = new FileStream(dest, FileMode.Create, FileAccess.Write);
                Ok = true;
            }
        } catch (Exception) {
            Ok = false;
        }
    }

    // Tries to connect (a new try, or the one under way moved on; waitMs: as ConnectStep): 0
    // connected, 1 under way, -1 failed. The first failure (nothing listening) is said, later
    // ones wait twice as long.
    int TryConnect(int waitMs) {
        int r = csock != null ? 0 : ConnectBegin();
        if (r == 0) r = ConnectStep(waitMs);
        if (r == 1) {
            if (waiting) Say("tilestep: connected to " + dest);
            waiting = false;
            return 0;
        }
        if (r == 0) return 1;
        ConnectEnd();
        if (!waiting)
            Say("tilestep: nothing listening at " + dest + " yet; trying again for " +
                RetrySeconds + " s (the game runs on)");
        else
            backoff = Math.Min(backoff * 2, 4);
        waiting = true;
        nextTry = Now() + backoff;
        return -1;
    }

    // A new try: the destination's addresses (a numeric address as it is; a name the system
    // resolves). 0: ConnectStep starts the first; -1: none.
    int ConnectBegin() {
        connectUntil = Now() + ConnectSeconds;
        try {
            string hostPort = dest.Substring(6);
            int colon = hostPort.LastIndexOf(':');
            string host = hostPort.Substring(0, colon).Trim('[', ']');
            IPAddress one;
            port = int.Parse(hostPort.Substring(colon + 1));
            addrs = IPAddress.TryParse(host, out one) ? new[] { one } : Dns.GetHostAddresses(host);
            nextAddr = 0;
            return 0;
        } catch (Exception) {
            return -1;
        }
    }

    // Moves the try under way on, waiting for it up to waitMs (0 at frame boundaries, a frame's
    // 16 at a held Poll; -1: until its deadline, at Close): 1 connected (sock), 0 still under
    // way, -1 failed (every address, or out of time).
    int ConnectStep(int waitMs) {
        for (;;) {
            if (csock != null) {
                double left = connectUntil - Now();
                int us = left <= 0 ? 0 : waitMs < 0 || waitMs > left * 1000 ? (int)(left * 1e6) + 1000 : waitMs * 1000;
                bool done;
                int err = 1;
                try {
                    done = csock.Poll(us, SelectMode.SelectWrite) || csock.Poll(0, SelectMode.SelectError);
                    if (done) err = (int)csock.GetSocketOption(SocketOptionLevel.Socket, SocketOptionName.Error);
                } catch (Exception) {
                    done = true;
                }
                if (!done) {
                    if (Now() < connectUntil) return 0;
                    ConnectEnd();  // no answer in time: this try failed
                    return -1;
                }
                if (err == 0) {
                    sock = csock;
                    csock = null;
                    ConnectEnd();
                    return 1;
                }
                csock.Close();  // refused: the next address, if any
                csock = null;
            }
            if (addrs == null || nextAddr >= addrs.Length) {
                ConnectEnd();
                return -1;
            }
            IPAddress a = addrs[nextAddr++];
            var s = new Socket(a.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
            try {
                s.Blocking = false;  // sends never wait either: what it cannot take stays in pend
                s.NoDelay = true;
                s.Connect(new IPEndPoint(a, port));
                sock = s;  // at once
                ConnectEnd();
                return 1;
            } catch (SocketException e) {
                if (e.SocketErrorCode == SocketError.WouldBlock ||
                    e.SocketErrorCode == SocketError.InProgress)
                    csock = s;  // under way: finishes in the background
                else
                    s.Close();
            } catch (Exception) {
                s.Close();
            }
        }
    }

    // The try under way is over: its socket (unless connected) and addresses are let go.
    void ConnectEnd() {
        if (csock != null) csock.Close();
        csock = null;
        addrs = null;
    }

    void DropSocket() {
        ConnectEnd();
        if (sock != null) sock.Close();
        sock = null;
        waiting = false;
        Ok = false;
    }

    // Sends what the socket takes now (or within waitMs); a viewer gone fails the trace, its
    // last words (a refusal) read first.
    void Send(int waitMs) {
        double deadline = Now() + waitMs / 1000.0;
        while (sock != null && pend.Count > 0) {
            byte[] chunk = pend.Peek();
            SocketError err;
            int n = sock.Send(chunk, pendOffset, chunk.Length - pendOffset, SocketFlags.None, out err);
            if (err == SocketError.WouldBlock) {
                double left = deadline - Now();
                if (left <= 0) return;
                sock.Poll((int)(left * 1e6), SelectMode.SelectWrite);
                continue;
            }
            if (err != SocketError.Success) {
                Read(0);
                DropSocket();
                return;
            }
            pendOffset += n;
            pendBytes -= n;
            if (pendOffset == chunk.Length) {
                pend.Dequeue();
                pendOffset = 0;
            }
        }
    }

    // A whole frame for the socket: kept (or dropped when the buffer is full), then sent as far
    // as the socket takes it; a viewer not there yet is tried again once its back-off is over.
    // A control line (control true, a few bytes) is never dropped: the bound is for frames, and
    // a lost `!control 1` would leave a polling game running free.
    void FrameEnd(byte[] data, bool control = false) {
        if (!control && pendBytes + data.Length > BufferBytes) {
            if (Dropped++ == 0)
                Say("tilestep: the viewer is " + (sock == null ? "not there yet" : "not keeping up") +
                    ": frames past the " + BufferBytes + "-byte buffer are dropped (the trace skips them)");
        } else {
            pend.Enqueue(data);
            pendBytes += data.Length;
            Peak = Math.Max(Peak, pendBytes);
        }
        if (waiting || csock != null) {  // not connected: a try under way, or the next one due
            if (waiting && Now() >= giveUp) {
                Say("tilestep: nothing listened at " + dest + " for " + RetrySeconds +
                    " s; this game is not traced");
                DropSocket();
                return;
            }
            if ((csock == null && Now() < nextTry) || TryConnect(0) != 0) return;
        }
        if (ctl == 0) Read(0);  // tilestep says nothing unasked but a refusal
        Send(0);
    }

    // The shortest text that reads back as the same double ("R"), in the invariant culture.
    static string Num(double v) {
        if (double.IsNaN(v) || double.IsInfinity(v)) return "null";
        return v.ToString("R", CultureInfo.InvariantCulture);
    }

    static string Str(string s) {
        var b = new StringBuilder("\"");
        foreach (char c in s ?? "") {
            switch (c) {
                case '"': b.Append("\\\""); break;
                case '\\': b.Append("\\\\"); break;
                case '\n': b.Append("\\n"); break;
                case '\r': b.Append("\\r"); break;
                case '\t': b.Append("\\t"); break;
                default:
                    if (c < 0x20) b.Append("\\u").Append(((int)c).ToString("x4"));
                    else b.Append(c);
                    break;
            }
        }
        return b.Append('"').ToString();
    }

    public void HeaderActor(string name, string mover, int w, int h, bool round) {
        string a = "{\"name\":" + Str(name);
        if (mover != null) a += ",\"mover\":" + Str(mover);
        actors.Add(a + ",\"w\":" + w + ",\"h\":" + h + ",\"round\":" + (round ? "true" : "false") + "}");
    }

    // The level's collision grid, sent in the header (docs/trace-format.md, "The grid"): w x h
    // cells of tile px, solid row-major. Call before the first frame.
    string gridJson = "";
    public void Grid(int w, int h, int tile, bool[] solid) {
        var runs = new StringBuilder();
        for (int i = 0, j; i < w * h; i = j) {
            for (j = i; j < w * h && solid[j] == solid[i]; ++j) {}
            runs.Append(j - i).Append(solid[i] ? '#' : '.');
        }
        gridJson = ",\"grid\":{\"w\":" + w + ",\"h\":" + h + ",\"tile\":" + tile + ",\"solid\":\"" + runs + "\"}";
    }

    void Header() {
        if (headerDone) return;
        headerDone = true;
        lines.Append("{\"tilestep_trace\":1");
        if (map != null) lines.Append(",\"map\":").Append(Str(map));
        lines.Append(",\"tile_size\":").Append(tileSize).Append(",\"rate\":").Append(rate);
        lines.Append(",\"actors\":[").Append(string.Join(",", actors)).Append("]" + gridJson + "}\n");
    }

    void Flush() {
        if (lines.Length == 0) return;
        byte[] data = Encoding.UTF8.GetBytes(lines.ToString());
        lines.Clear();
        if (!Ok) return;
        if (socket) {
            FrameEnd(data);
            return;
        }
        try {
            stream.Write(data, 0, data.Length);
        } catch (Exception) {
            Ok = false;
        }
    }

    // Frame boundary: the lines that follow belong to f. A socket sends each frame as it ends.
    public void Frame(long f) {
        if (f != frame && (socket || lines.Length > 65536)) Flush();
        frame = f;
    }

    void LineStart(string actor) {
        Header();
        lines.Append("{\"frame\":").Append(frame).Append(",\"actor\":").Append(Str(actor));
    }

    // A state line: BeginState, any Field calls, EndState.
    public TilestepTrace BeginState(string actor, double x, double y, double vx, double vy) {
        LineStart(actor);
        lines.Append(",\"x\":").Append(Num(x)).Append(",\"y\":").Append(Num(y));
        lines.Append(",\"vx\":").Append(Num(vx)).Append(",\"vy\":").Append(Num(vy));
        if (keys != null) lines.Append(",\"keys\":").Append(Str(keys));
        return this;
    }
    public TilestepTrace Field(string key, bool v) { lines.Append(',').Append(Str(key)).Append(v ? ":true" : ":false"); return this; }
    public TilestepTrace Field(string key, long v) { lines.Append(',').Append(Str(key)).Append(':').Append(v); return this; }
    public TilestepTrace Field(string key, double v) { lines.Append(',').Append(Str(key)).Append(':').Append(Num(v)); return this; }
    public TilestepTrace Field(string key, string v) { lines.Append(',').Append(Str(key)).Append(':').Append(Str(v)); return this; }
    public void EndState() { lines.Append("}\n"); }

    void ProbeStart(string actor, string kind, string verdict, string why) {
        LineStart(actor);
        lines.Append(",\"probe\":{\"kind\":\"").Append(kind).Append("\",\"verdict\":\"").Append(verdict);
        lines.Append("\",\"why\":").Append(Str(why));
    }
    void Coord(string key, double v) { lines.Append(",\"").Append(key).Append("\":").Append(Num(v)); }

    // verdict: hit, miss, pass, block, info.
    public void ProbePoint(string actor, string verdict, string why, double x, double y) {
        ProbeStart(actor, "point", verdict, why);
        Coord("x", x); Coord("y", y);
        lines.Append("}}\n");
    }
    // kind: rect, segment, cell, band, arrow.
    public void ProbeBox(string actor, string kind, string verdict, string why, double x0, double y0, double x1, double y1) {
        ProbeStart(actor, kind, verdict, why);
        Coord("x0", x0); Coord("y0", y0); Coord("x1", x1); Coord("y1", y1);
        lines.Append("}}\n");
    }
    public void ProbeValue(string actor, string verdict, string why, double value, double threshold) {
        ProbeStart(actor, "value", verdict, why);
        Coord("value", value); Coord("threshold", threshold);
        lines.Append("}}\n");
    }
    public void ProbeText(string actor, string verdict, string text, double x, double y) {
        ProbeStart(actor, "text", verdict, text);
        Coord("x", x); Coord("y", y);
        lines.Append("}}\n");
    }

    // Marks this frame as played with `letters` ("RJ"): its state lines carry them. Poll() does
    // it for driven frames; a game replaying a log on its own calls it.
    public void SetKeys(string letters) { keys = letters; }

    static string OnlyKeys(string letters) {
        var b = new StringBuilder();
        foreach (char k in "LRUDJ") if (letters.IndexOf(k) >= 0) b.Append(k);
        return b.ToString();
    }

    void Command(string line) {
        int space = line.IndexOf(' ');
        string word = space < 0 ? line : line.Substring(0, space);
        string rest = space < 0 ? "" : line.Substring(space + 1);
        long n;
        if (line.StartsWith("tilestep: ")) {  // turned away (busy): said, never silent
            Say(line + "; this game is not traced");
            DropSocket();
        } else if (line == "hello 1") ctl = 2;
        else if (word == "pause") { paused = true; steps = 0; }
        else if (word == "resume") paused = false;
        else if (word == "step" && long.TryParse(rest, out n)) { paused = true; steps += n; }
        else if (word == "restart") restart = true;
        else if (word == "keys") {
            string[] p = rest.Split(' ');
            if (p.Length == 2 && long.TryParse(p[0], out n) && n > 0)
                runs.Add(new KeyValuePair<long, string>(n, OnlyKeys(p[1])));
        } // anything else is from a later version: ignored
    }

    // Reads the commands that have arrived, waiting up to waitMs for the first.
    void Read(int waitMs) {
        var buf = new byte[4096];
        while (sock != null && ctl >= 0) {
            int got;
            try {
                if (!sock.Poll(waitMs * 1000, SelectMode.SelectRead)) return;
                SocketError err;
                got = sock.Receive(buf, 0, buf.Length, SocketFlags.None, out err);
                if (err == SocketError.WouldBlock) return;
            } catch (Exception) {
                got = 0;
            }
            if (got <= 0) { ctl = -1; paused = false; return; }  // the viewer went away
            waitMs = 0;
            inbuf += Encoding.ASCII.GetString(buf, 0, got);
            int nl;
            while (sock != null && (nl = inbuf.IndexOf('\n')) >= 0) {
                Command(inbuf.Substring(0, nl));
                inbuf = inbuf.Substring(nl + 1);
            }
        }
    }

    // Once per frame, before the step. A file, or a viewer that sends nothing, always gives
    // Advance = true, Keys = null. The first call asks the viewer for control and waits up to
    // 2 s for its answer; while paused a call waits up to 16 ms for a command.
    public TilestepControl Poll() {
        keys = null;
        var c = new TilestepControl { Advance = true };
        if (socket) Flush();  // the frame before is whole: a paused game's last frame is seen
        if (ctl == 0 && Ok && csock != null && !waiting && TryConnect(16) > 0) {
            // The first try is under way: held as if paused (a Poll waits a frame's 16 ms for
            // it) so that tilestep's commands reach the first frame; a try that fails
            // (ConnectSeconds) lets the game run free.
            c.Advance = false;
            return c;
        }
        if (sock == null || !Ok || ctl < 0) return c;
        if (ctl == 0) {
            FrameEnd(Encoding.ASCII.GetBytes("!control 1\n"), true);
            if (sock == null) return c;
            ctl = 1;
            for (int i = 0; i < 100 && ctl == 1; ++i) Read(20);
        }
        Read(0);
        if (paused && steps == 0) Read(16);
        c.Restart = restart;
        restart = false;
        if (paused && steps == 0) { c.Advance = false; return c; }
        if (paused) --steps;
        if (runs.Count > 0) {
            c.Keys = keys = runs[0].Value;
            if (runs[0].Key == 1) runs.RemoveAt(0);
            else runs[0] = new KeyValuePair<long, string>(runs[0].Key - 1, runs[0].Value);
        }
        return c;
    }

    // Sends or writes what is left; true when everything was written.
    public bool Close() {
        Header();
        Flush();
        if (socket && Ok && sock == null && TryConnect(-1) != 0) {  // one last try
            Say("tilestep: nothing listened at " + dest + "; this game is not traced");
            DropSocket();
        }
        Send(5000);  // the game is ending: its last frames may wait up to 5 s
        if (sock != null && pend.Count > 0) Ok = false;
        if (Dropped > 0) Say("tilestep: " + Dropped + " frames dropped in all (the trace skips them)");
        if (sock != null) {
            sock.Blocking = true;
            sock.Shutdown(SocketShutdown.Send);
            sock.Close();
            sock = null;
        }
        try {
            if (stream != null) stream.Dispose();
        } catch (Exception) {
            Ok = false;
        }
        stream = null;
        return Ok;
    }
}
