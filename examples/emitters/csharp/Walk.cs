// The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in C#.
using System;

static class Walk {
    static int Main() {
        var t = new TilestepTrace(null, 16, 60);
        if (!t.Ok) {
            Console.Error.WriteLine("Walk: cannot open TILESTEP_TRACE (" +
                                    (Environment.GetEnvironmentVariable("TILESTEP_TRACE") ?? "unset") + ")");
            return 1;
        }
        t.HeaderActor("hero", "walk_example", 12, 16, false);
        double x = 32, y = 144, vx = 0, vy = 0, dir = 1;
        bool grounded = true;
        long air = 0;
        for (long frame = 0; frame < 600; ++frame) {
            bool jumped = false, landed = false;
            if (x >= 448) dir = -1;
            if (x <= 32) dir = 1;
            if (vx < 2 * dir) vx += 0.25;
            if (vx > 2 * dir) vx -= 0.25;
            if (grounded && frame % 120 == 30) { vy = -6; grounded = false; jumped = true; }
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
        }
        return t.Close() ? 0 : 1;
    }
}
