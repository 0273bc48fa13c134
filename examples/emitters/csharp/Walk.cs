// The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in C#: it polls tilestep
// every frame and walks by the keys it is driven with; TILESTEP_INPUTS=LOG plays an input log on
// its own (offline).
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

static class Walk {
    // An input log (COUNT,KEY,KEY... lines, # comments) as each frame's letters.
    static List<string> ReadLog(string path) {
        var frames = new List<string>();
        foreach (string raw in File.ReadAllLines(path)) {
            string[] fields = raw.Split('#')[0].Split(',');
            int count;
            if (!int.TryParse(fields[0].Trim(), out count) || count <= 0) continue;
            var letters = new StringBuilder();
            foreach (char k in "LRUDJ")
                for (int i = 1; i < fields.Length; ++i)
                    if (fields[i].Trim() == k.ToString()) { letters.Append(k); break; }
            for (int i = 0; i < count; ++i) frames.Add(letters.ToString());
        }
        return frames;
    }

    static int Main() {
        string inputs = Environment.GetEnvironmentVariable("TILESTEP_INPUTS") ?? "";
        var log = inputs.Length > 0 ? ReadLog(inputs) : new List<string>();
        int frameMs;  // TILESTEP_FRAME_MS: each frame takes this long, as a real game's would
        int.TryParse(Environment.GetEnvironmentVariable("TILESTEP_FRAME_MS") ?? "0", out frameMs);
        var t = new TilestepTrace(null, 16, 60);
        if (!t.Ok) {
            Console.Error.WriteLine("Walk: cannot open TILESTEP_TRACE (" +
                                    (Environment.GetEnvironmentVariable("TILESTEP_TRACE") ?? "unset") + ")");
            return 1;
        }
        t.HeaderActor("hero", "walk_example", 12, 16, false);
        // The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160.
        var level = new bool[30 * 12];
        for (int i = 0; i < level.Length; ++i) level[i] = i / 30 >= 10 || i % 30 == 0 || i % 30 == 29;
        t.Grid(30, 12, 16, level);
        double x = 32, y = 144, vx = 0, vy = 0, dir = 1;
        bool grounded = true;
        long air = 0;
        for (long frame = 0; frame < 600;) {
            var c = t.Poll();
            if (!c.Advance) continue;  // paused by tilestep: a real game would draw here
            string keys = c.Keys;
            if (keys == null && frame < log.Count) { keys = log[(int)frame]; t.SetKeys(keys); }
            bool jumped = false, landed = false;
            double want;
            if (keys != null) {
                int d = (keys.Contains("R") ? 1 : 0) - (keys.Contains("L") ? 1 : 0);
                if (d != 0) dir = d;
                want = 2 * d;
            } else {
                if (x >= 448) dir = -1;
                if (x <= 32) dir = 1;
                want = 2 * dir;
            }
            if (vx < want) vx += 0.25;
            if (vx > want) vx -= 0.25;
            if (grounded && (keys != null ? keys.Contains("J") : frame % 120 == 30)) { vy = -6; grounded = false; jumped = true; }
            if (!grounded) vy = Math.Min(vy + 0.375, 8);
            x += vx;
            y += vy;
            if (y >= 144) { landed = !grounded; y = 144; vy = 0; grounded = true; }
            air = grounded ? 0 : air + 1;

            t.Frame(frame);
            t.BeginState("hero", x, y, vx, vy).Field("grounded", grounded)
                .Field("facing", dir > 0 ? "right" : "left").Field("air_frames", air).EndState();
            t.ProbePoint("hero", grounded ? "hit" : "miss", "ground", x + 6, y + 16);
            t.ProbeBox("hero", "arrow", "info", "velocity", x + 6, y + 8, x + 6 + vx * 4, y + 8 + vy * 4);
            if (jumped) t.ProbeText("hero", "info", "jump", x, y - 4);
            if (landed) t.ProbeBox("hero", "rect", "block", "floor", x, 160, x + 12, 176);
            ++frame;
            if (frameMs > 0) System.Threading.Thread.Sleep(frameMs);
        }
        return t.Close() ? 0 : 1;
    }
}
