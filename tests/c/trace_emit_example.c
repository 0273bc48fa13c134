/* A game's side of the trace format, as a C99 game would write it: a toy mover steps 30
 * frames and traces every primitive of include/tilestep/trace_emit.h. test_trace_emit.cpp
 * runs it and reads the file back with tilestep's reader. Built as strict C99
 * (-std=c99 -Wall -Wextra -pedantic -Werror) by tests/CMakeLists.txt.
 *
 * usage: trace_emit_example OUT.jsonl */
#include <stdio.h>

#include "tilestep/trace_emit.h"

int main(int argc, char** argv) {
    ts_trace t;
    long frame;
    double x = 10, y = 100, vx = 1.5, vy = -0.25;
    int coyote = 6;
    if (argc != 2) {
        fprintf(stderr, "usage: trace_emit_example OUT.jsonl\n");
        return 2;
    }
    ts_trace_open(&t, fopen(argv[1], "wb"), "levels/one.json", 16, 50);
    ts_trace_header_actor(&t, "hero", "toy_platformer", 12, 16, 0);
    ts_trace_header_end(&t);
    for (frame = 0; frame < 30; ++frame) {
        x += vx;
        y += vy;
        if (coyote > 0) --coyote;
        ts_trace_frame(&t, frame);
        ts_trace_actor(&t, "hero");
        ts_probe_point(&t, frame % 2 ? TS_HIT : TS_MISS, "ground", x + 6, y + 16);
        ts_probe_rect(&t, TS_BLOCK, "blocker", 32, 48, 48, 64);
        ts_probe_segment(&t, TS_PASS, "scanline", x, y + 0.5, x + 12, y + 0.5);
        ts_probe_band(&t, TS_INFO, "band", 0, 60, 160, 62);
        ts_probe_cell(&t, TS_PASS, "region_a", 16, 16, 24, 24);
        ts_probe_arrow(&t, TS_INFO, "velocity", x, y, x + vx * 8, y + vy * 8);
        ts_probe_value(&t, TS_PASS, "pass_rate", 0.1, 2.0 / 3.0);
        ts_probe_text(&t, TS_INFO, "coyote \"time\"", x, y - 4);
        ts_state_begin(&t, x, y, vx, vy);
        ts_state_bool(&t, "grounded", frame < 10);
        ts_state_facing(&t, "right");
        ts_state_bool(&t, "pushing", 0);
        ts_state_int(&t, "coyote", coyote);
        ts_state_num(&t, "jump_buffer", frame * 0.125);
        ts_state_str(&t, "phase", frame < 10 ? "run" : "fall");
        ts_state_num(&t, "ratio", 2.0 / 3.0);
        ts_state_end(&t);
        /* A second actor, not announced in the header: its size comes from its line. */
        ts_trace_actor(&t, "crate");
        /* Far from the origin: 10^6 + 1/65536 px needs all 17 digits. */
        ts_state_begin(&t, 1000000.0 + 1.0 / 65536.0, 32, 0, 0);
        ts_state_size(&t, 16, 16);
        ts_state_end(&t);
    }
    return ts_trace_close(&t) == 0 ? 0 : 1;
}
