/* The reference walk of docs/emitters.md, traced through include/tilestep/trace_emit.h: every
 * other language's example (examples/emitters/LANG/) writes the same trace, and the tests check
 * it with `tilestep diff`. Strict C99 plus POSIX sockets.
 *
 * It polls tilestep every frame (ts_trace_poll): paused, it waits; driven, it walks by the keys
 * it is given (L, R, J) instead of its autopilot. TILESTEP_INPUTS=LOG plays an input log on its
 * own (offline), the same as `tilestep record --drive LOG` plays it live.
 *
 * usage: TILESTEP_TRACE=DEST [TILESTEP_INPUTS=LOG] [TILESTEP_FRAME_MS=N] walk
 *        (DEST: a file, tcp://HOST:PORT or unix:PATH; N: each frame takes N ms, as a real
 *        game's would: the tests start a viewer while it runs) */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <time.h>

#include "tilestep/trace_emit.h"

/* The input log (COUNT,KEY,KEY... lines, # comments) as runs; the keys of `frame`, or -1 past
 * its end. */
static long long log_count[4096];
static unsigned log_keys[4096];
static int log_runs = 0;

static int read_log(const char* path) {
    char line[256];
    FILE* f = fopen(path, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f) && log_runs < 4096) {
        char* p = line;
        char* end;
        long long count = strtoll(p, &end, 10);
        unsigned keys = 0;
        if (end == p || count <= 0) continue; /* blank or comment */
        for (p = end; *p && *p != '#'; ++p) {
            if (*p == 'L') keys |= TS_KEY_L;
            if (*p == 'R') keys |= TS_KEY_R;
            if (*p == 'U') keys |= TS_KEY_U;
            if (*p == 'D') keys |= TS_KEY_D;
            if (*p == 'J') keys |= TS_KEY_J;
        }
        log_count[log_runs] = count;
        log_keys[log_runs++] = keys;
    }
    fclose(f);
    return 0;
}

static int log_at(long frame) {
    int i;
    for (i = 0; i < log_runs; ++i) {
        if (frame < log_count[i]) return (int)log_keys[i];
        frame -= (long)log_count[i];
    }
    return -1;
}

int main(void) {
    ts_trace t;
    double x = 32, y = 144, vx = 0, vy = 0;
    double dir = 1;
    int grounded = 1, air = 0;
    long frame = 0;
    const char* inputs = getenv("TILESTEP_INPUTS");
    const char* frame_ms = getenv("TILESTEP_FRAME_MS");
    struct timespec frame_time = {0, 0};
    if (frame_ms) frame_time.tv_nsec = atol(frame_ms) % 1000 * 1000000L;
    if (inputs && *inputs && read_log(inputs) != 0) {
        fprintf(stderr, "walk: cannot read TILESTEP_INPUTS (%s)\n", inputs);
        return 1;
    }
    if (ts_trace_open_env(&t, NULL, 16, 60) != 0) {
        fprintf(stderr, "walk: cannot open TILESTEP_TRACE (%s)\n",
                getenv("TILESTEP_TRACE") ? getenv("TILESTEP_TRACE") : "unset");
        return 1;
    }
    ts_trace_header_actor(&t, "hero", "walk_example", 12, 16, 0);
    {
        /* The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160. */
        static unsigned char level[30 * 12];
        int i;
        for (i = 0; i < 30 * 12; ++i) level[i] = i / 30 >= 10 || i % 30 == 0 || i % 30 == 29;
        ts_trace_header_end_grid(&t, 30, 12, 16, level);
    }
    while (frame < 600) {
        int jumped = 0, landed = 0, driven = 0, keys = 0;
        double want;
        const ts_control c = ts_trace_poll(&t);
        if (!c.advance) continue; /* paused by tilestep: a real game would draw here */
        if (c.driven) {
            driven = 1;
            keys = (int)c.keys;
        } else if ((keys = log_at(frame)) >= 0) {
            driven = 1;
            ts_trace_set_keys(&t, (unsigned)keys);
        }
        /* Walk: driven, towards the key held (none: stop); else turn at the walls. vx moves
         * 0.25 a frame towards 2 px/frame in that direction. */
        if (driven) {
            const int d = ((keys & TS_KEY_R) ? 1 : 0) - ((keys & TS_KEY_L) ? 1 : 0);
            if (d != 0) dir = d;
            want = 2 * d;
        } else {
            if (x >= 448) dir = -1;
            if (x <= 32) dir = 1;
            want = 2 * dir;
        }
        if (vx < want) vx += 0.25;
        if (vx > want) vx -= 0.25;
        /* Jump (driven: on J; else every 120 frames) from the ground; gravity; land on the floor
         * at y = 144. */
        if (grounded && (driven ? (keys & TS_KEY_J) != 0 : frame % 120 == 30)) {
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
        ++frame;
        if (frame_time.tv_nsec) nanosleep(&frame_time, NULL);
    }
    return ts_trace_close(&t) == 0 ? 0 : 1;
}
