/* tilestep mover plugin ABI, version 1. C99, no dependency beyond <stdint.h>.
 *
 * A plugin is a shared library (.so) that exports one function,
 *     const ts_mover_plugin* tilestep_mover_plugin(void);
 * returning a descriptor of static lifetime: the ABI version, the mover's name (actors use
 * it as mover "plugin:NAME"), its parameters, its state fields, and two functions, `init`
 * and a pure `step`. tilestep steps it exactly as it steps its own models: the same state,
 * keys and parameters give the same result, bit for bit, so no float, no clock, no global
 * or static mutable data, no randomness in `step`. Walkthrough: docs/plugins.md.
 *
 * Numbers in the simulation are 48.16 fixed point in an int64_t (ts_fix): 1.0 is 65536.
 */
#ifndef TILESTEP_MOVER_PLUGIN_H
#define TILESTEP_MOVER_PLUGIN_H

#include <stdint.h>

#include "keys.h"    /* TS_KEY_L, TS_KEY_R, TS_KEY_U, TS_KEY_D, TS_KEY_J */
#include "verdict.h" /* TS_MISS, TS_HIT, TS_PASS, TS_BLOCK, TS_INFO */

#ifdef __cplusplus
extern "C" {
#endif

/* Raised whenever a struct below changes layout or meaning in a way older plugins would
 * break on. tilestep refuses a plugin whose descriptor carries another version. Optional
 * fields are added at the end of the descriptor instead: its struct_size says which a plugin
 * has, so a plugin built against an older header still loads (see ts_mover_plugin). */
#define TS_MOVER_ABI_VERSION 1

/* The exported entry point's name, as a string for dlsym. */
#define TS_MOVER_ENTRY_SYMBOL "tilestep_mover_plugin"

/* ---- Fixed point ---------------------------------------------------------------------- */

typedef int64_t ts_fix; /* 48.16: value * 65536 */
#define TS_FIX_ONE ((ts_fix)65536)
#define TS_FIX_INT(n) ((ts_fix)(n)*TS_FIX_ONE)
/* num / den for num >= 0 and den a power of two up to 65536 (exact): TS_FIX_RATIO(1, 4)
 * is 0.25. */
#define TS_FIX_RATIO(num, den) ((ts_fix)(num)*TS_FIX_ONE / (den))

/* Integer part rounded toward negative infinity (as tilestep's Fix::floor). */
static inline int64_t ts_fix_floor(ts_fix a) {
    return a >> 16;
}
/* Fixed * fixed, rounded toward negative infinity (as tilestep's Fix * Fix). Uses the
 * 128-bit integer GCC and Clang provide (__extension__: quiet under -pedantic). */
static inline ts_fix ts_fix_mul(ts_fix a, ts_fix b) {
    return (ts_fix)(__extension__(((__int128)a * b) >> 16));
}

/* ---- Keys (keys.h), directions, tile shapes (same values as tilestep's core) --------- */

/* Directions of travel; also the bits of a one-way tile's pass mask. */
enum { TS_DIR_NONE = 0, TS_DIR_LEFT = 1, TS_DIR_RIGHT = 2, TS_DIR_UP = 4, TS_DIR_DOWN = 8 };
enum {
    TS_SHAPE_EMPTY = 0,
    TS_SHAPE_SOLID,
    TS_SHAPE_SLOPE45_RIGHT,
    TS_SHAPE_SLOPE45_LEFT,
    TS_SHAPE_SLOPE22_RIGHT_LOW,
    TS_SHAPE_SLOPE22_RIGHT_HIGH,
    TS_SHAPE_SLOPE22_LEFT_LOW,
    TS_SHAPE_SLOPE22_LEFT_HIGH,
    TS_SHAPE_ONE_WAY
};

/* ---- State ---------------------------------------------------------------------------- */

#define TS_MOVER_VARS 4

/* One actor's state. tilestep owns it: it spawns it (x, y from the map, w, h the actor's box,
 * facing TS_DIR_DOWN, the rest 0), calls init once, then step every frame, and keeps it in
 * its snapshots; the step must read nothing else that changes. x, y: top-left of the box in
 * px (the centre for round movers); vx, vy: px per frame. The trace prints x, y, vx, vy,
 * grounded, facing, pushing, then the fields the plugin declares. */
typedef struct ts_mover_state {
    ts_fix x, y, vx, vy;
    int32_t w, h;   /* box size in px; round movers: w is the diameter */
    int32_t timer;  /* free for the mover (a coyote counter...) */
    int32_t aux;    /* free for the mover */
    uint8_t facing; /* one TS_DIR_ bit, 0 = none */
    uint8_t grounded, pushing;
    uint8_t reserved;            /* keep 0 */
    int64_t vars[TS_MOVER_VARS]; /* free for the mover: ts_fix or integers */
} ts_mover_state;

/* Where a declared state field lives in ts_mover_state. */
enum { TS_SLOT_TIMER = 0, TS_SLOT_AUX = 1, TS_SLOT_VAR0 = 2 /* .. TS_SLOT_VAR0 + 3 */ };
/* How a state field is shown: integer, 48.16 fixed point, or true/false. */
enum { TS_FIELD_INT = 0, TS_FIELD_FIX = 1, TS_FIELD_BOOL = 2 };

typedef struct ts_state_field {
    const char* name; /* JSON key in the trace and inspector label: [a-z0-9_]+ */
    int32_t slot;     /* TS_SLOT_* */
    int32_t type;     /* TS_FIELD_* */
} ts_state_field;

/* ---- Parameters ----------------------------------------------------------------------- */

#define TS_MOVER_MAX_PARAMS 16

typedef struct ts_param_spec {
    const char* name; /* JSON key in the map and UI label: [a-z0-9_]+, "run_speed" */
    const char* unit; /* "px/frame", "frames", "0/1" ... */
    ts_fix def, min, max;
    int32_t integer;  /* 1: whole numbers only */
    const char* help; /* one line for the inspector's tooltip */
} ts_param_spec;

/* ---- The collision world -------------------------------------------------------------- */

typedef struct ts_rect {
    int64_t x, y, w, h; /* px, half-open: [x, x+w) x [y, y+h) */
} ts_rect;

/* The map's collision layer, read only, valid for the duration of one call. Pass `ctx` as
 * the first argument of every function. Outside the map is solid. Cells are tiles. */
typedef struct ts_world {
    const void* ctx;
    int32_t tile_size;                 /* px */
    int32_t width_tiles, height_tiles; /* map size in tiles */
    int64_t width_px, height_px;       /* map size in px */
    /* Static solidity of one pixel: solid tiles, slopes, brushes, outside the map. */
    int (*solid_pixel)(const void* ctx, int64_t x, int64_t y);
    /* Does box r hit anything for a box that just moved one pixel in `travel` (one TS_DIR_
     * bit, or TS_DIR_NONE for standing)? Counts solid pixels, edge walls crossing the box's
     * interior and one-way tiles entered through an edge their pass mask refuses. A 1x1 box
     * is "is this pixel solid for this direction". */
    int (*rect_blocked)(const void* ctx, ts_rect r, uint8_t travel);
    /* A cell is blocked unless empty, or one-way with `travel` in its pass mask. */
    int (*cell_blocked)(const void* ctx, int64_t cx, int64_t cy, uint8_t travel);
    uint8_t (*shape_at)(const void* ctx, int64_t cx, int64_t cy);     /* TS_SHAPE_* */
    uint8_t (*pass_mask_at)(const void* ctx, int64_t cx, int64_t cy); /* TS_DIR_ bits */
    /* Edge walls, map border included: horizontal on the top edge of cell (cx, cy),
     * vertical on its left edge. */
    int (*wall_h)(const void* ctx, int64_t cx, int64_t cy);
    int (*wall_v)(const void* ctx, int64_t cx, int64_t cy);
    /* Brushes (solid rectangles) overlapping r, each once: writes up to `cap` to out and
     * returns how many there are. */
    int64_t (*brushes)(const void* ctx, ts_rect r, ts_rect* out, int64_t cap);
    /* Rectangles of the geometry overlapping r (whole solid or slope tiles, brushes, walls
     * as zero-thickness rectangles), as tilestep's overlays show them: writes up to `cap`,
     * returns how many there are. */
    int64_t (*solids)(const void* ctx, ts_rect r, ts_rect* out, int64_t cap);
} ts_world;

/* ---- Debug drawing -------------------------------------------------------------------- */

enum {
    TS_PROBE_POINT = 0, /* (x0, y0): one pixel */
    TS_PROBE_RECT,      /* [x0, x1) x [y0, y1) */
    TS_PROBE_SEGMENT,   /* (x0, y0) -> (x1, y1): a scanline */
    TS_PROBE_CELL,      /* [x0, x1) x [y0, y1): an area classified by `why` */
    TS_PROBE_BAND,      /* [x0, x1) x [y0, y1): a forbidden band */
    TS_PROBE_ARROW,     /* (x0, y0) -> (x1, y1): a nudge, slide or velocity */
    TS_PROBE_VALUE,     /* x0 = measured value, x1 = threshold */
    TS_PROBE_TEXT       /* (x0, y0): a label; `why` is its text */
};

/* The debugger's overlays and `tilestep run --probes`. NULL when nobody looks (the fast
 * path): check before drawing. `why` is a short identifier ([a-z0-9_]+, at most 63
 * characters); tilestep copies it, so it may be any string that lives for the call. */
typedef struct ts_draw {
    void* ctx;
    void (*probe)(void* ctx, int32_t shape, int32_t verdict, const char* why, ts_fix x0, ts_fix y0,
                  ts_fix x1, ts_fix y1);
} ts_draw;

static inline void ts_draw_point(const ts_draw* d, int32_t verdict, const char* why, int64_t x,
                                 int64_t y) {
    if (d) d->probe(d->ctx, TS_PROBE_POINT, verdict, why, TS_FIX_INT(x), TS_FIX_INT(y), 0, 0);
}
static inline void ts_draw_rect(const ts_draw* d, int32_t verdict, const char* why, int64_t x0,
                                int64_t y0, int64_t x1, int64_t y1) {
    if (d)
        d->probe(d->ctx, TS_PROBE_RECT, verdict, why, TS_FIX_INT(x0), TS_FIX_INT(y0),
                 TS_FIX_INT(x1), TS_FIX_INT(y1));
}
static inline void ts_draw_shape(const ts_draw* d, int32_t shape, int32_t verdict, const char* why,
                                 ts_fix x0, ts_fix y0, ts_fix x1, ts_fix y1) {
    if (d) d->probe(d->ctx, shape, verdict, why, x0, y0, x1, y1);
}
static inline void ts_draw_value(const ts_draw* d, int32_t verdict, const char* why,
                                 ts_fix measured, ts_fix threshold) {
    if (d) d->probe(d->ctx, TS_PROBE_VALUE, verdict, why, measured, 0, threshold, 0);
}

/* ---- Probe vocabulary (optional) ------------------------------------------------------ */

/* One probe kind step draws (its `why`) and the verdicts it can have, as bits:
 * TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS). */
#define TS_VERDICT_BIT(v) (1u << (v))
#define TS_MOVER_MAX_PROBE_KINDS 64

typedef struct ts_probe_kind {
    const char* why;   /* [A-Za-z0-9_]+, at most 63 characters */
    uint32_t verdicts; /* TS_VERDICT_BIT of each verdict, at least one */
} ts_probe_kind;

/* ---- The descriptor ------------------------------------------------------------------- */

typedef struct ts_mover_plugin {
    uint32_t abi_version; /* TS_MOVER_ABI_VERSION: first, so that any version can read it */
    uint32_t struct_size; /* sizeof(ts_mover_plugin) */
    const char* name;     /* actors use mover "plugin:NAME": [a-z0-9_]+ */
    const char* title;    /* UI name */
    int32_t round;        /* 1: x, y is the centre of a circle of diameter w */
    int32_t param_count;  /* 0 .. TS_MOVER_MAX_PARAMS */
    const ts_param_spec* params;
    int32_t field_count; /* 0 .. 8 */
    const ts_state_field* fields;
    /* Once per actor at frame 0, after tilestep spawned the state; may be NULL. */
    void (*init)(ts_mover_state* state, const ts_fix* params);
    /* One frame: reads `in`, writes the whole next state to `out` (initially a copy of
     * `in`). keys: TS_KEY_ bits. params: param_count values. draw: NULL or the overlays. */
    void (*step)(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* params,
                 const ts_world* world, const ts_draw* draw);
    /* Optional, added in version 1 after its first release: read only when struct_size
     * covers it, so a plugin built against the older header (without it) loads as before.
     * The probe kinds step draws and their verdicts: a breakpoint naming another kind, or a
     * verdict a kind never has, is said never to fire (docs/debugger.md). 0 / NULL: not
     * declared, no such warnings. */
    int32_t probe_kind_count; /* 0 .. TS_MOVER_MAX_PROBE_KINDS */
    const ts_probe_kind* probe_kinds;
} ts_mover_plugin;

/* A plugin defines this (with TS_MOVER_EXPORT so that it is visible in the .so or .dll). */
#if defined(_WIN32)
#define TS_MOVER_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define TS_MOVER_EXPORT __attribute__((visibility("default")))
#else
#define TS_MOVER_EXPORT
#endif
TS_MOVER_EXPORT const ts_mover_plugin* tilestep_mover_plugin(void);

#ifdef __cplusplus
}
#endif

#endif /* TILESTEP_MOVER_PLUGIN_H */
