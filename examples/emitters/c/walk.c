/* The reference walk of docs/emitters.md, traced through include/tilestep/trace_emit.h: every
 * other language's example (examples/emitters/LANG/) writes the same trace, and the tests check
 * it with `tilestep diff`. Strict C99 plus POSIX sockets.
 *
 * usage: TILESTEP_TRACE=DEST walk      (DEST: a file, tcp://HOST:PORT or unix:PATH) */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>

#include "tilestep/trace_emit.h"

int main(void) {
    ts_trace t;
    double x = 32, y = 144, vx = 0, vy = 0;
    double dir = 1;
    int grounded = 1, air = 0;
    long frame;
    if (ts_trace_open_env(&t, NULL, 16, 60) != 0) {
        fprintf(stderr, "walk: cannot open TILESTEP_TRACE (%s)\n",
                getenv("TILESTEP_TRACE") ? getenv("TILESTEP_TRACE") : "unset");
        return 1;
    }
    ts_trace_header_actor(&t, "hero", "walk_example", 12, 16, 0);
    ts_trace_header_end(&t);
    for (frame = 0; frame < 600; ++frame) {
        int jumped = 0, landed = 0;
        /* Walk: turn at the walls, accelerate towards 2 px/frame. */
        if (x >= 448) dir = -1;
        if (x <= 32) dir = 1;
        if (vx < 2 * dir) vx += 0.25;
        if (vx > 2 * dir) vx -= 0.25;
        /* Jump every 120 frames from the ground; gravity; land on the floor at y = 144. */
        if (grounded && frame % 120 == 30) {
            vy = -6;
            grounded = 0;
            jumped = 1;
        }
        if (!grounded) {
            vy += 0.375;
            if (vy > 8) vy = 8;
        }
        x += vx;
        y += vy;
        if (y >= 144) {
            landed = !grounded;
            y = 144;
            vy = 0;
            grounded = 1;
        }
        air = grounded ? 0 : air + 1;

        ts_trace_frame(&t, frame);
        ts_trace_actor(&t, "hero");
        ts_state_begin(&t, x, y, vx, vy);
        ts_state_bool(&t, "grounded", grounded);
        ts_state_facing(&t, dir > 0 ? "right" : "left");
        ts_state_int(&t, "air_frames", air);
        ts_state_end(&t);
        ts_probe_point(&t, grounded ? TS_HIT : TS_MISS, "ground", x + 6, y + 16);
        ts_probe_arrow(&t, TS_INFO, "velocity", x + 6, y + 8, x + 6 + vx * 4, y + 8 + vy * 4);
        if (jumped) ts_probe_text(&t, TS_INFO, "jump", x, y - 4);
        if (landed) ts_probe_rect(&t, TS_BLOCK, "floor", x, 160, x + 12, 176);
    }
    return ts_trace_close(&t) == 0 ? 0 : 1;
}
