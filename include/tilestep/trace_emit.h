/* tilestep trace emitter: write a trace of your own game's movement code that
 * `tilestep view MAP TRACE.jsonl` steps through and `tilestep diff` compares.
 *
 * Single header, C99, no dependency beyond <stdio.h>; every function is static inline, so
 * include it wherever you need it (C, C++; Rust and Zig through their C import). The format
 * is docs/trace-format.md: JSON lines, a header first, then per frame one state line per
 * actor and any number of probe lines (what your code looked at and what it decided).
 *
 *     #include "tilestep/trace_emit.h"
 *
 *     ts_trace t;
 *     ts_trace_open(&t, fopen("run.jsonl", "wb"), "level1.json", 16, 60);
 *     ts_trace_header_actor(&t, "hero", "my_platformer", 12, 16, 0);
 *     ts_trace_header_end(&t);
 *     for (long frame = 0; frame < 600; ++frame) {
 *         ts_trace_frame(&t, frame);              // frame boundary: the lines below
 *         ts_trace_actor(&t, "hero");             // the actor the next lines are about
 *         ts_probe_point(&t, TS_HIT, "ground", x + 6, y + 16);
 *         ts_state_begin(&t, x, y, vx, vy);       // the state after this frame's step
 *         ts_state_bool(&t, "grounded", grounded);
 *         ts_state_int(&t, "coyote", coyote);
 *         ts_state_end(&t);
 *     }
 *     ts_trace_close(&t);                         // 0 when every write succeeded
 *
 * Numbers are doubles printed so that they read back as the same double ("%.17g"); values
 * that are whole multiples of 1/65536 read back exactly. NaN and infinities are written as
 * null, which the reader rejects with the line and field: a NaN in your movement is a bug
 * worth seeing. Strings are escaped as JSON needs. Keep the C locale for LC_NUMERIC (a
 * locale with a decimal comma would break the numbers). */
#ifndef TILESTEP_TRACE_EMIT_H
#define TILESTEP_TRACE_EMIT_H

#include <stdio.h>

#include "verdict.h" /* ts_verdict: what a probe found, as the core's */

#ifdef __cplusplus
extern "C" {
#endif

#define TS_TRACE_FORMAT_VERSION 1

typedef struct ts_trace {
    FILE* file;
    long long frame;   /* set by ts_trace_frame */
    const char* actor; /* set by ts_trace_actor; not copied: keep it alive */
    int actors;        /* header actors written so far */
    int in_line;       /* a state line is open (between ts_state_begin and _end) */
    int failed;        /* a write failed, or the calls came in a wrong order */
} ts_trace;

static inline const char* ts_verdict_name(ts_verdict v) {
    switch (v) {
        case TS_MISS:
            return "miss";
        case TS_HIT:
            return "hit";
        case TS_PASS:
            return "pass";
        case TS_BLOCK:
            return "block";
        default:
            return "info";
    }
}

static inline void ts__check(ts_trace* t, int ok) {
    if (!ok) t->failed = 1;
}

static inline void ts__raw(ts_trace* t, const char* s) {
    if (t->file) ts__check(t, fputs(s, t->file) >= 0);
}

static inline void ts__string(ts_trace* t, const char* s) {
    const unsigned char* p = (const unsigned char*)(s ? s : "");
    if (!t->file) return;
    ts__check(t, fputc('"', t->file) != EOF);
    for (; *p; ++p) {
        int ok;
        switch (*p) {
            case '"':
                ok = fputs("\\\"", t->file) >= 0;
                break;
            case '\\':
                ok = fputs("\\\\", t->file) >= 0;
                break;
            case '\n':
                ok = fputs("\\n", t->file) >= 0;
                break;
            case '\r':
                ok = fputs("\\r", t->file) >= 0;
                break;
            case '\t':
                ok = fputs("\\t", t->file) >= 0;
                break;
            default:
                ok = *p < 0x20 ? fprintf(t->file, "\\u%04x", (unsigned)*p) > 0
                               : fputc(*p, t->file) != EOF;
        }
        ts__check(t, ok);
    }
    ts__check(t, fputc('"', t->file) != EOF);
}

static inline void ts__number(ts_trace* t, double v) {
    if (!t->file) return;
    if (v != v || v - v != 0) { /* NaN or infinite: written as null (the reader rejects it) */
        ts__raw(t, "null");
        return;
    }
    ts__check(t, fprintf(t->file, "%.17g", v) > 0);
}

static inline void ts__key(ts_trace* t, const char* key) {
    ts__raw(t, ",");
    ts__string(t, key);
    ts__raw(t, ":");
}

static inline void ts__num_field(ts_trace* t, const char* key, double v) {
    ts__key(t, key);
    ts__number(t, v);
}

/* Starts a trace on an open file (the trace does not close it unless ts_trace_close is
 * called). `map` may be NULL; tile_size in px and rate in frames per second. The header
 * stays open for ts_trace_header_actor until ts_trace_header_end. */
static inline void ts_trace_open(ts_trace* t, FILE* file, const char* map, int tile_size,
                                 int rate) {
    t->file = file;
    t->frame = 0;
    t->actor = "";
    t->actors = 0;
    t->in_line = 0;
    t->failed = file == NULL;
    if (!file) return;
    ts__check(t, fprintf(file, "{\"tilestep_trace\":%d", TS_TRACE_FORMAT_VERSION) > 0);
    if (map) {
        ts__key(t, "map");
        ts__string(t, map);
    }
    ts__check(t, fprintf(file, ",\"tile_size\":%d,\"rate\":%d,\"actors\":[", tile_size, rate) > 0);
}

/* Announces an actor: its box (w x h px; round: x, y is the centre of a circle of
 * diameter w). `mover` may be NULL. Optional: actors met later in lines are added. */
static inline void ts_trace_header_actor(ts_trace* t, const char* name, const char* mover, int w,
                                         int h, int round) {
    ts__raw(t, t->actors++ ? ",{\"name\":" : "{\"name\":");
    ts__string(t, name);
    if (mover) {
        ts__key(t, "mover");
        ts__string(t, mover);
    }
    if (t->file)
        ts__check(t, fprintf(t->file, ",\"w\":%d,\"h\":%d,\"round\":%s}", w, h,
                             round ? "true" : "false") > 0);
}

static inline void ts_trace_header_end(ts_trace* t) {
    ts__raw(t, "]}\n");
}

/* Frame boundary: the lines that follow belong to `frame` (never smaller than the last). */
static inline void ts_trace_frame(ts_trace* t, long long frame) {
    t->frame = frame;
}

/* The actor the next state and probe lines are about. */
static inline void ts_trace_actor(ts_trace* t, const char* name) {
    t->actor = name;
}

static inline void ts__line_start(ts_trace* t) {
    if (t->in_line) t->failed = 1; /* a probe inside an open state line */
    if (t->file) ts__check(t, fprintf(t->file, "{\"frame\":%lld,\"actor\":", t->frame) > 0);
    ts__string(t, t->actor);
}

/* --- Actor state: one line per actor per frame, the state after the frame's step --- */

static inline void ts_state_begin(ts_trace* t, double x, double y, double vx, double vy) {
    ts__line_start(t);
    t->in_line = 1;
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__num_field(t, "vx", vx);
    ts__num_field(t, "vy", vy);
}
static inline void ts_state_bool(ts_trace* t, const char* key, int value) {
    ts__key(t, key);
    ts__raw(t, value ? "true" : "false");
}
static inline void ts_state_int(ts_trace* t, const char* key, long long value) {
    ts__key(t, key);
    if (t->file) ts__check(t, fprintf(t->file, "%lld", value) > 0);
}
static inline void ts_state_num(ts_trace* t, const char* key, double value) {
    ts__num_field(t, key, value);
}
static inline void ts_state_str(ts_trace* t, const char* key, const char* value) {
    ts__key(t, key);
    ts__string(t, value);
}
/* "left", "right", "up", "down" or "none". */
static inline void ts_state_facing(ts_trace* t, const char* facing) {
    ts_state_str(t, "facing", facing);
}
/* The box size this frame, when it changes (crouching); else the header's. */
static inline void ts_state_size(ts_trace* t, int w, int h) {
    ts_state_int(t, "w", w);
    ts_state_int(t, "h", h);
}
static inline void ts_state_end(ts_trace* t) {
    if (!t->in_line) t->failed = 1;
    t->in_line = 0;
    ts__raw(t, "}\n");
}

/* --- Probes: what the mover looked at this frame, with its verdict and a reason --- */

static inline void ts__probe_start(ts_trace* t, const char* kind, ts_verdict v, const char* why) {
    ts__line_start(t);
    ts__raw(t, ",\"probe\":{\"kind\":\"");
    ts__raw(t, kind);
    ts__raw(t, "\",\"verdict\":\"");
    ts__raw(t, ts_verdict_name(v));
    ts__raw(t, "\",\"why\":");
    ts__string(t, why);
}
static inline void ts__probe_box(ts_trace* t, const char* kind, ts_verdict v, const char* why,
                                 double x0, double y0, double x1, double y1) {
    ts__probe_start(t, kind, v, why);
    ts__num_field(t, "x0", x0);
    ts__num_field(t, "y0", y0);
    ts__num_field(t, "x1", x1);
    ts__num_field(t, "y1", y1);
    ts__raw(t, "}}\n");
}

/* One pixel probed at (x, y): hit or miss. */
static inline void ts_probe_point(ts_trace* t, ts_verdict v, const char* why, double x, double y) {
    ts__probe_start(t, "point", v, why);
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__raw(t, "}}\n");
}
/* A rectangle [x0, x1) x [y0, y1) probed or found blocking (why "blocker" draws it in the
 * Blockers overlay). */
static inline void ts_probe_rect(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "rect", v, why, x0, y0, x1, y1);
}
/* A scanline or segment from (x0, y0) to (x1, y1): pass or block. */
static inline void ts_probe_segment(ts_trace* t, ts_verdict v, const char* why, double x0,
                                    double y0, double x1, double y1) {
    ts__probe_box(t, "segment", v, why, x0, y0, x1, y1);
}
/* A forbidden band around a wall. */
static inline void ts_probe_band(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "band", v, why, x0, y0, x1, y1);
}
/* A cell or region classified by `why` ("region_a", "region_b", "region_c" have colours). */
static inline void ts_probe_cell(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "cell", v, why, x0, y0, x1, y1);
}
/* An arrow from (x0, y0) to (x1, y1): a nudge, a slide, a velocity. */
static inline void ts_probe_arrow(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                  double x1, double y1) {
    ts__probe_box(t, "arrow", v, why, x0, y0, x1, y1);
}
/* A measured value against its threshold (a pass rate against the rate that lets through). */
static inline void ts_probe_value(ts_trace* t, ts_verdict v, const char* why, double value,
                                  double threshold) {
    ts__probe_start(t, "value", v, why);
    ts__num_field(t, "value", value);
    ts__num_field(t, "threshold", threshold);
    ts__raw(t, "}}\n");
}
/* A text label at (x, y) in the world. */
static inline void ts_probe_text(ts_trace* t, ts_verdict v, const char* text, double x, double y) {
    ts__probe_start(t, "text", v, text);
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__raw(t, "}}\n");
}

/* Flushes and closes the file. 0 when every write succeeded and the calls were in order,
 * else -1. */
static inline int ts_trace_close(ts_trace* t) {
    if (t->in_line) t->failed = 1;
    if (t->file) {
        if (fclose(t->file) != 0) t->failed = 1;
        t->file = NULL;
    }
    return t->failed ? -1 : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* TILESTEP_TRACE_EMIT_H */
