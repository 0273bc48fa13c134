/* The built-in top-down AABB model (core/movers/topdown_aabb.cpp, seed 003) rebuilt as a
 * plugin through include/tilestep/mover_plugin.h alone: its `tilestep run --probes` trace
 * equals the built-in's byte for byte (tests/plugin/test_plugin_movers.cpp), which shows that the
 * ABI carries everything a model needs: state, parameters, collision queries and probes.
 * Rules: docs/movers/topdown_aabb.md. Mover id: "plugin:topdown_aabb". */
#include <stdlib.h>

#include "tilestep/mover_plugin.h"

enum { STRAIGHT = 0, DIAGONAL, PUSH, GRID, NUDGE, PARAM_COUNT };

static const ts_param_spec kParams[PARAM_COUNT] = {
    {"straight_speed", "px/frame", TS_FIX_INT(3), 0, TS_FIX_INT(64), 1,
     "Speed with one axis pressed (seed: 3)"},
    {"diagonal_speed", "px/frame", TS_FIX_INT(2), 0, TS_FIX_INT(64), 1,
     "Speed on each axis with both axes pressed (seed: 2, about 3/sqrt(2))"},
    {"push_speed", "px/frame", TS_FIX_INT(1), 0, TS_FIX_INT(64), 1,
     "Speed on the frame after one that ended pushing (seed: PUSH_SPEED, value not given)"},
    {"align_grid", "px", TS_FIX_INT(16), TS_FIX_INT(1), TS_FIX_INT(256), 1,
     "Spacing of the alignment lines the box's top-left is nudged toward (1 = off)"},
    {"nudge_step", "px/frame", TS_FIX_INT(1), 0, TS_FIX_INT(64), 1,
     "Alignment nudge per frame while walking along one axis (0 = off)"},
};

/* timer: frames with a direction pressed; aux: signed nudge of the last frame in px. */
static const ts_state_field kFields[] = {
    {"walk", TS_SLOT_TIMER, TS_FIELD_INT},
    {"nudge", TS_SLOT_AUX, TS_FIELD_INT},
};

typedef struct {
    int64_t x, y, w, h;
} Box;

static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t floor_mod(int64_t a, int64_t b) {
    return a - floor_div(a, b) * b;
}
static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

static ts_rect leading_strip(Box b, uint8_t d) {
    ts_rect r = {b.x, b.y, b.w, b.h};
    if (d == TS_DIR_LEFT) r = (ts_rect){b.x - 1, b.y, 2, b.h};
    if (d == TS_DIR_RIGHT) r = (ts_rect){b.x + b.w - 1, b.y, 2, b.h};
    if (d == TS_DIR_UP) r = (ts_rect){b.x, b.y - 1, b.w, 2};
    if (d == TS_DIR_DOWN) r = (ts_rect){b.x, b.y + b.h - 1, b.w, 2};
    return r;
}

/* The seed's border probe on side d: the middle pixel(s) of the side's outer line and beyond. */
static ts_rect probe_rect(Box b, uint8_t d) {
    const int64_t mx = b.x + (b.w - 1) / 2, mw = 2 - b.w % 2;
    const int64_t my = b.y + (b.h - 1) / 2, mh = 2 - b.h % 2;
    ts_rect r = {b.x, b.y, b.w, b.h};
    if (d == TS_DIR_LEFT) r = (ts_rect){b.x - 1, my, 2, mh};
    if (d == TS_DIR_RIGHT) r = (ts_rect){b.x + b.w - 1, my, 2, mh};
    if (d == TS_DIR_UP) r = (ts_rect){mx, b.y - 1, mw, 2};
    if (d == TS_DIR_DOWN) r = (ts_rect){mx, b.y + b.h - 1, mw, 2};
    return r;
}

static int probe_hits(Box b, uint8_t d, const ts_world* w) {
    return w->rect_blocked(w->ctx, probe_rect(b, d), d);
}

/* The geometry that blocks the strip for travel d, as "blocker" rectangles. */
static void emit_blockers(ts_rect strip, uint8_t d, const ts_world* w, const ts_draw* draw) {
    ts_rect small[64];
    ts_rect* rects = small;
    int64_t n = w->solids(w->ctx, strip, small, 64);
    if (n > 64 && (rects = malloc((size_t)n * sizeof *rects)) != NULL)
        w->solids(w->ctx, strip, rects, n);
    if (!rects) return;
    for (int64_t i = 0; i < n; ++i)
        ts_draw_rect(draw, TS_HIT, "blocker", rects[i].x, rects[i].y, rects[i].x + rects[i].w,
                     rects[i].y + rects[i].h);
    if (rects != small) free(rects);

    /* One-way tiles stop a box only as it enters them through their entry edge. */
    const int64_t t = w->tile_size;
    const int horizontal = d == TS_DIR_LEFT || d == TS_DIR_RIGHT;
    const int64_t outer = d == TS_DIR_LEFT    ? strip.x
                          : d == TS_DIR_RIGHT ? strip.x + strip.w - 1
                          : d == TS_DIR_UP    ? strip.y
                                              : strip.y + strip.h - 1;
    const int entering = (d == TS_DIR_RIGHT || d == TS_DIR_DOWN) ? floor_mod(outer, t) == 0
                                                                 : floor_mod(outer, t) == t - 1;
    if (!entering) return;
    const int64_t cell = floor_div(outer, t);
    const int64_t from = horizontal ? strip.y : strip.x;
    const int64_t to = horizontal ? strip.y + strip.h - 1 : strip.x + strip.w - 1;
    for (int64_t c = floor_div(from, t); c <= floor_div(to, t); ++c) {
        const int64_t cx = horizontal ? cell : c, cy = horizontal ? c : cell;
        if (w->shape_at(w->ctx, cx, cy) == TS_SHAPE_ONE_WAY &&
            !(w->pass_mask_at(w->ctx, cx, cy) & d))
            ts_draw_rect(draw, TS_HIT, "blocker", cx * t, cy * t, (cx + 1) * t, (cy + 1) * t);
    }
}

/* Does some pixel of a dist-px move put the box's leading edge on a tile's entry edge (the
 * only place where a one-way tile can stop it)? */
static int enters_tile_edge(Box b, uint8_t d, int64_t dist, int64_t t) {
    switch (d) {
        case TS_DIR_RIGHT:
            return floor_div(b.x + b.w + dist - 1, t) != floor_div(b.x + b.w - 1, t);
        case TS_DIR_DOWN:
            return floor_div(b.y + b.h + dist - 1, t) != floor_div(b.y + b.h - 1, t);
        case TS_DIR_LEFT:
            return floor_div(b.x, t) != floor_div(b.x - dist, t);
        case TS_DIR_UP:
            return floor_div(b.y, t) != floor_div(b.y - dist, t);
        default:
            return 1;
    }
}

/* The seed's restriction for side d (`if (collN && dir != NORTH) moveNorth = false`). */
static int restricted(const Box* start, uint8_t d, int pressed, uint8_t facing, const ts_world* w) {
    return pressed == 2 && d != facing && w->rect_blocked(w->ctx, leading_strip(*start, d), d);
}

/* Moves b up to dist px in direction d, stopping before the first blocked pixel. */
static int64_t sweep(Box* b, uint8_t d, int64_t dist, const ts_world* w, const ts_draw* draw) {
    /* Shortcut, exact: without a tile entry edge on the way, one-way tiles cannot stop the
     * box and anything else blocks the union of the one-pixel strips iff it blocks one. */
    if (dist > 1 && !enters_tile_edge(*b, d, dist, w->tile_size)) {
        ts_rect r = leading_strip(*b, d);
        if (d == TS_DIR_LEFT) r.x -= dist - 1;
        if (d == TS_DIR_UP) r.y -= dist - 1;
        if (d == TS_DIR_LEFT || d == TS_DIR_RIGHT)
            r.w += dist - 1;
        else
            r.h += dist - 1;
        if (!w->rect_blocked(w->ctx, r, d)) {
            b->x += d == TS_DIR_RIGHT ? dist : d == TS_DIR_LEFT ? -dist : 0;
            b->y += d == TS_DIR_DOWN ? dist : d == TS_DIR_UP ? -dist : 0;
            return dist;
        }
    }
    for (int64_t moved = 0; moved < dist; ++moved) {
        const ts_rect strip = leading_strip(*b, d);
        if (w->rect_blocked(w->ctx, strip, d)) {
            emit_blockers(strip, d, w, draw);
            return moved;
        }
        b->x += d == TS_DIR_RIGHT ? 1 : d == TS_DIR_LEFT ? -1 : 0;
        b->y += d == TS_DIR_DOWN ? 1 : d == TS_DIR_UP ? -1 : 0;
    }
    return dist;
}

/* The seed's alignment nudge toward the nearest grid line; returns the signed px moved. */
static int64_t nudge(Box* b, int along_x, int64_t grid, int64_t step, const ts_world* w,
                     const ts_draw* draw) {
    const int64_t coord = along_x ? b->x : b->y;
    const int64_t off = floor_mod(coord, grid);
    if (off == 0 || step == 0) return 0;
    const int64_t to_line = 2 * off < grid ? -off : grid - off;
    const uint8_t d = along_x ? (to_line < 0 ? TS_DIR_LEFT : TS_DIR_RIGHT)
                              : (to_line < 0 ? TS_DIR_UP : TS_DIR_DOWN);
    const int64_t x0 = b->x, y0 = b->y;
    const int64_t dist = to_line < 0 ? -to_line : to_line;
    const int64_t moved = sweep(b, d, step < dist ? step : dist, w, draw);
    ts_draw_shape(draw, TS_PROBE_ARROW, moved > 0 ? TS_PASS : TS_BLOCK, "nudge", TS_FIX_INT(x0),
                  TS_FIX_INT(y0), TS_FIX_INT(along_x ? x0 + to_line : x0),
                  TS_FIX_INT(along_x ? y0 : y0 + to_line));
    return to_line < 0 ? -moved : moved;
}

static int64_t whole(const ts_fix* p, int i) {
    return clamp64(ts_fix_floor(p[i]), ts_fix_floor(kParams[i].min), ts_fix_floor(kParams[i].max));
}

static void step(const ts_mover_state* s, ts_mover_state* o, uint32_t keys, const ts_fix* pv,
                 const ts_world* w, const ts_draw* draw) {
    const int64_t straight = whole(pv, STRAIGHT), diagonal = whole(pv, DIAGONAL),
                  push = whole(pv, PUSH), grid = whole(pv, GRID), nudge_step = whole(pv, NUDGE);
    Box b = {ts_fix_floor(s->x), ts_fix_floor(s->y), s->w > 1 ? s->w : 1, s->h > 1 ? s->h : 1};
    const int64_t x0 = b.x, y0 = b.y;

    const int h = ((keys & TS_KEY_R) ? 1 : 0) - ((keys & TS_KEY_L) ? 1 : 0);
    const int v = ((keys & TS_KEY_D) ? 1 : 0) - ((keys & TS_KEY_U) ? 1 : 0);
    const uint8_t hdir = h > 0 ? TS_DIR_RIGHT : h < 0 ? TS_DIR_LEFT : TS_DIR_NONE;
    const uint8_t vdir = v > 0 ? TS_DIR_DOWN : v < 0 ? TS_DIR_UP : TS_DIR_NONE;
    const int pressed = (h != 0) + (v != 0);

    if (draw) {
        static const uint8_t sides[4] = {TS_DIR_UP, TS_DIR_RIGHT, TS_DIR_DOWN, TS_DIR_LEFT};
        static const char* const why[4] = {"probe_n", "probe_e", "probe_s", "probe_w"};
        for (int i = 0; i < 4; ++i) {
            const uint8_t d = sides[i];
            const int64_t mx = b.x + (b.w - 1) / 2, my = b.y + (b.h - 1) / 2;
            const int64_t px = d == TS_DIR_LEFT ? b.x - 1 : d == TS_DIR_RIGHT ? b.x + b.w : mx;
            const int64_t py = d == TS_DIR_UP ? b.y - 1 : d == TS_DIR_DOWN ? b.y + b.h : my;
            ts_draw_point(draw, probe_hits(b, d, w) ? TS_HIT : TS_MISS, why[i], px, py);
        }
    }

    /* The seed's restriction: with diagonal input, a side blocked at the start of the frame
       that is not the facing one neither turns the actor nor moves it this frame. */
    const Box start = b;
    const int64_t speed = s->pushing ? push : pressed == 2 ? diagonal : straight;
    int64_t moved_x = 0, moved_y = 0, nudged = 0;
    if (hdir) {
        moved_x = sweep(&b, hdir, speed, w, draw);
        if (pressed == 1) nudged = nudge(&b, 0, grid, nudge_step, w, draw);
    }
    int v_restricted = -1; /* not asked yet */
    if (vdir && moved_x != 0 &&
        (v_restricted = restricted(&start, vdir, pressed, s->facing, w)) != 0) {
        if (draw) { /* what blocked y at the start, as a sweep from there shows it */
            Box from = start;
            sweep(&from, vdir, speed, w, draw);
        }
    } else if (vdir) {
        moved_y = sweep(&b, vdir, speed, w, draw);
        if (pressed == 1) nudged = nudge(&b, 1, grid, nudge_step, w, draw);
    }

    const int holding_facing = (s->facing == TS_DIR_LEFT && (keys & TS_KEY_L)) ||
                               (s->facing == TS_DIR_RIGHT && (keys & TS_KEY_R)) ||
                               (s->facing == TS_DIR_UP && (keys & TS_KEY_U)) ||
                               (s->facing == TS_DIR_DOWN && (keys & TS_KEY_D));
    uint8_t facing = s->facing;
    if (!holding_facing) {
        if (hdir && !restricted(&start, hdir, pressed, s->facing, w)) facing = hdir;
        if (vdir &&
            !(v_restricted < 0 ? restricted(&start, vdir, pressed, s->facing, w) : v_restricted))
            facing = vdir;
    }

    const int holding_net = facing != TS_DIR_NONE && (facing == hdir || facing == vdir);
    const int64_t slide = facing == hdir ? moved_y : moved_x;
    o->pushing = holding_net && slide == 0 && probe_hits(b, facing, w);
    o->x = TS_FIX_INT(b.x);
    o->y = TS_FIX_INT(b.y);
    o->vx = TS_FIX_INT(b.x - x0);
    o->vy = TS_FIX_INT(b.y - y0);
    o->facing = facing;
    o->grounded = 0;
    o->timer = pressed > 0 ? (s->timer < INT32_MAX ? s->timer + 1 : s->timer) : 0;
    o->aux = (int32_t)nudged;
}

/* The probes step draws, with their verdicts (optional: see celeste.c). */
static const ts_probe_kind kProbeKinds[] = {
    {"probe_n", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)},
    {"probe_e", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)},
    {"probe_s", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)},
    {"probe_w", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)},
    {"nudge", TS_VERDICT_BIT(TS_PASS) | TS_VERDICT_BIT(TS_BLOCK)},
    {"blocker", TS_VERDICT_BIT(TS_HIT)},
};

static const ts_mover_plugin kPlugin = {
    TS_MOVER_ABI_VERSION,
    sizeof(ts_mover_plugin),
    "topdown_aabb",
    "Top-down AABB (plugin)",
    0,
    PARAM_COUNT,
    kParams,
    (int32_t)(sizeof kFields / sizeof kFields[0]),
    kFields,
    NULL,
    step,
    (int32_t)(sizeof kProbeKinds / sizeof kProbeKinds[0]),
    kProbeKinds,
};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
