// tilestep trace emitter for C# games (Unity, MonoGame, Godot's C#): one file, System only.
//
// Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path
// or tcp://HOST:PORT (a viewer: `tilestep view MAP --listen ...`, `tilestep record --listen
// ...`). A viewer that goes away never stops the game: the trace just stops (Close() returns
// false).
//
//   var t = new TilestepTrace("level1.json", 16, 60);   // destination: $TILESTEP_TRACE
//   t.HeaderActor("hero", "my_platformer", 12, 16, false);
//   t.Frame(f);
//   t.BeginState("hero", x, y, vx, vy).Field("grounded", true).Field("facing", "right").EndState();
//   t.ProbePoint("hero", "hit", "ground", x + 6, y + 16);
//   t.Close();
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net.Sockets;
using System.Text;

public sealed class TilestepTrace {
    public bool Ok { get; private set; }
    readonly StringBuilder lines = new StringBuilder();
    readonly List<string> actors = new List<string>();
    readonly string map;
    readonly int tileSize, rate;
    Stream stream;
    bool socket, headerDone;
    long frame;

    public TilestepTrace(string map, int tileSize, int rate, string dest = null) {
        this.map = map;
        this.tileSize = tileSize;
        this.rate = rate;
        dest = dest ?? Environment.GetEnvironmentVariable("TILESTEP_TRACE") ?? "";
        try {
            if (dest.StartsWith("tcp://")) {
                string hostPort = dest.Substring(6);
                int colon = hostPort.LastIndexOf(':');
                var client = new TcpClient(hostPort.Substring(0, colon).Trim('[', ']'),
                                           int.Parse(hostPort.Substring(colon + 1)));
                client.NoDelay = true;
                stream = client.GetStream();
                socket = true;
            } else if (dest.Length > 0) {
                stream = new FileStream(dest, FileMode.Create, FileAccess.Write);
            }
            Ok = stream != null;
        } catch (Exception) {
            Ok = false;
        }
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

    void Header() {
        if (headerDone) return;
        headerDone = true;
        lines.Append("{\"tilestep_trace\":1");
        if (map != null) lines.Append(",\"map\":").Append(Str(map));
        lines.Append(",\"tile_size\":").Append(tileSize).Append(",\"rate\":").Append(rate);
        lines.Append(",\"actors\":[").Append(string.Join(",", actors)).Append("]}\n");
    }

    void Flush() {
        if (lines.Length == 0) return;
        byte[] data = Encoding.UTF8.GetBytes(lines.ToString());
        lines.Clear();
        if (!Ok) return;
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

    // Sends or writes what is left; true when everything was written.
    public bool Close() {
        Header();
        Flush();
        try {
            if (stream != null) stream.Dispose();
        } catch (Exception) {
            Ok = false;
        }
        stream = null;
        return Ok;
    }
}
