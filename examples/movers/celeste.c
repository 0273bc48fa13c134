/* A Celeste-style platformer mover as a tilestep plugin: acceleration on the ground and in
 * the air, gravity with a terminal speed, and the three forgiveness rules that make such a
 * game feel fair:
 *   - coyote time: a jump still works for a few frames after walking off a ledge;
 *   - jump buffering: a jump pressed a few frames before landing happens on landing;
 *   - variable jump height: holding jump keeps the take-off speed for a few frames,
 *     releasing early ends the rise sooner;
 *   - corner correction: a head bump on a ceiling corner slides the box up to a few pixels
 *     sideways instead of stopping the jump.
 * Positions keep a sub-pixel part (48.16); the box moves one pixel at a time and stops at
 * the first blocked pixel, as every tilestep model. Mover id: "plugin:celeste".
 * Build: see docs/plugins.md (the project's CMake builds it as celeste_plugin.so). */
#include <stddef.h>

#include "tilestep/mover_plugin.h"

enum {
    RUN_SPEED = 0,
    RUN_ACCEL,
    AIR_ACCEL,
    GRAVITY,
    MAX_FALL,
    JUMP_SPEED,
    VAR_JUMP_FRAMES,
    COYOTE_FRAMES,
    BUFFER_FRAMES,
    CORNER_PX,
    PARAM_COUNT
};

static const ts_param_spec kParams[PARAM_COUNT] = {
    {"run_speed", "px/frame", TS_FIX_INT(2), 0, TS_FIX_INT(16), 0, "Top running speed"},
    {"run_accel", "px/frame^2", TS_FIX_RATIO(1, 4), 0, TS_FIX_INT(16), 0,
     "Speed change per frame toward the pressed direction, on the ground"},
    {"air_accel", "px/frame^2", TS_FIX_RATIO(3, 16), 0, TS_FIX_INT(16), 0,
     "Speed change per frame in the air"},
    {"gravity", "px/frame^2", TS_FIX_RATIO(1, 4), 0, TS_FIX_INT(8), 0, "Added to vy each frame"},
    {"max_fall", "px/frame", TS_FIX_INT(5), 0, TS_FIX_INT(32), 0, "Terminal falling speed"},
    {"jump_speed", "px/frame", TS_FIX_RATIO(9, 2), 0, TS_FIX_INT(32), 0, "Take-off speed"},
    {"var_jump_frames", "frames", TS_FIX_INT(8), 0, TS_FIX_INT(60), 1,
     "Frames a held jump keeps the take-off speed (variable jump height)"},
    {"coyote_frames", "frames", TS_FIX_INT(6), 0, TS_FIX_INT(60), 1,
     "Frames after leaving the ground during which a jump still works"},
    {"buffer_frames", "frames", TS_FIX_INT(5), 0, TS_FIX_INT(60), 1,
     "Frames a jump press is remembered before landing"},
    {"corner_px", "px", TS_FIX_INT(4), 0, TS_FIX_INT(16), 1,
     "How far a head bump on a corner may slide the box sideways"},
};

/* timer: coyote frames left; aux: buffered jump frames left; vars[0]: variable-jump frames
 * left; vars[1]: 1 while the jump key is down (to see presses, not holds). */
enum { VAR_JUMP = 0, JUMP_HELD = 1 };
static const ts_state_field kFields[] = {
    {"coyote", TS_SLOT_TIMER, TS_FIELD_INT},
    {"buffer", TS_SLOT_AUX, TS_FIELD_INT},
    {"var_jump", TS_SLOT_VAR0 + VAR_JUMP, TS_FIELD_INT},
    {"jump_held", TS_SLOT_VAR0 + JUMP_HELD, TS_FIELD_BOOL},
};

static ts_fix approach(ts_fix v, ts_fix target, ts_fix step) {
    if (v < target) return v + step < target ? v + step : target;
    return v - step > target ? v - step : target;
}

static int blocked(const ts_world* w, int64_t x, int64_t y, const ts_mover_state* s,
                   uint8_t travel) {
    const ts_rect r = {x, y, s->w, s->h};
    return w->rect_blocked(w->ctx, r, travel);
}

/* Moves the box along x by its velocity, pixel by pixel; a wall stops it. */
static void move_x(ts_mover_state* s, const ts_world* w, const ts_draw* d) {
    const ts_fix target = s->x + s->vx;
    const int64_t y = ts_fix_floor(s->y), to = ts_fix_floor(target);
    const int64_t dir = to > ts_fix_floor(s->x) ? 1 : -1;
    for (int64_t px = ts_fix_floor(s->x); px != to; px += dir) {
        if (blocked(w, px + dir, y, s, dir > 0 ? TS_DIR_RIGHT : TS_DIR_LEFT)) {
            ts_draw_rect(d, TS_BLOCK, "wall", px + dir, y, px + dir + s->w, y + s->h);
            s->x = TS_FIX_INT(px);
            s->vx = 0;
            return;
        }
    }
    s->x = target;
}

/* Moves the box along y; rising into a ceiling corner slides it sideways (corner correction),
 * a ceiling otherwise ends the rise, the floor ends the fall. */
static void move_y(ts_mover_state* s, int64_t corner, const ts_world* w, const ts_draw* d) {
    const ts_fix target = s->y + s->vy;
    const int64_t to = ts_fix_floor(target);
    const int64_t dir = to > ts_fix_floor(s->y) ? 1 : -1;
    for (int64_t py = ts_fix_floor(s->y); py != to; py += dir) {
        int64_t x = ts_fix_floor(s->x);
        if (!blocked(w, x, py + dir, s, dir > 0 ? TS_DIR_DOWN : TS_DIR_UP)) continue;
        if (dir < 0) {
            /* Nearest free offset first, the side the box moves toward first on ties. */
            const int64_t prefer = s->vx < 0 ? -1 : 1;
            for (int64_t k = 1; k <= corner; ++k) {
                for (int side = 0; side < 2; ++side) {
                    const int64_t dx = side == 0 ? k * prefer : -k * prefer;
                    if (!blocked(w, x + dx, py, s, dx > 0 ? TS_DIR_RIGHT : TS_DIR_LEFT) &&
                        !blocked(w, x + dx, py - 1, s, TS_DIR_UP)) {
                        ts_draw_shape(d, TS_PROBE_ARROW, TS_PASS, "corner", TS_FIX_INT(x),
                                      TS_FIX_INT(py), TS_FIX_INT(x + dx), TS_FIX_INT(py));
                        s->x = TS_FIX_INT(x + dx);
                        goto corrected;
                    }
                }
            }
            ts_draw_rect(d, TS_BLOCK, "ceiling", x, py - 1, x + s->w, py);
            s->vars[VAR_JUMP] = 0;
        } else {
            ts_draw_rect(d, TS_HIT, "floor", x, py + s->h, x + s->w, py + s->h + 1);
        }
        s->y = TS_FIX_INT(py);
        s->vy = 0;
        return;
    corrected:;
    }
    s->y = target;
}

static void step(const ts_mover_state* in, ts_mover_state* s, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    const int64_t x = ts_fix_floor(in->x), y = ts_fix_floor(in->y);
    const int on_ground = blocked(w, x, y + 1, in, TS_DIR_DOWN);
    ts_draw_rect(d, on_ground ? TS_HIT : TS_MISS, "ground", x, y + in->h, x + in->w, y + in->h + 1);

    const int jump_down = (keys & TS_KEY_J) != 0;
    const int jump_pressed = jump_down && !in->vars[JUMP_HELD];
    s->vars[JUMP_HELD] = jump_down;
    s->timer =
        on_ground ? (int32_t)ts_fix_floor(p[COYOTE_FRAMES]) : (in->timer > 0 ? in->timer - 1 : 0);
    s->aux =
        jump_pressed ? (int32_t)ts_fix_floor(p[BUFFER_FRAMES]) : (in->aux > 0 ? in->aux - 1 : 0);

    /* Running. */
    const int dir = ((keys & TS_KEY_R) ? 1 : 0) - ((keys & TS_KEY_L) ? 1 : 0);
    s->vx = approach(in->vx, p[RUN_SPEED] * dir, on_ground ? p[RUN_ACCEL] : p[AIR_ACCEL]);
    if (dir) s->facing = dir > 0 ? TS_DIR_RIGHT : TS_DIR_LEFT;

    /* Gravity, then the variable jump: while its frames last and jump is held, the rise
     * keeps the take-off speed; releasing jump ends them. */
    s->vy = in->vy + p[GRAVITY] < p[MAX_FALL] ? in->vy + p[GRAVITY] : p[MAX_FALL];
    if (on_ground && s->vy > 0) s->vy = 0; /* standing: no sinking into the floor */
    if (in->vars[VAR_JUMP] > 0) {
        if (jump_down) {
            if (s->vy > -p[JUMP_SPEED]) s->vy = -p[JUMP_SPEED];
            s->vars[VAR_JUMP] = in->vars[VAR_JUMP] - 1;
        } else {
            s->vars[VAR_JUMP] = 0;
        }
    }

    /* A (buffered) jump while on the ground or within coyote time. */
    ts_draw_value(d, s->timer > 0 ? TS_PASS : TS_BLOCK, "coyote", TS_FIX_INT(s->timer), 0);
    if (s->aux > 0 && s->timer > 0) {
        s->vy = -p[JUMP_SPEED];
        s->vars[VAR_JUMP] = ts_fix_floor(p[VAR_JUMP_FRAMES]);
        s->timer = 0;
        s->aux = 0;
        ts_draw_shape(d, TS_PROBE_ARROW, TS_INFO, "jump", in->x, in->y, in->x,
                      in->y - p[JUMP_SPEED] * 4);
    }

    move_x(s, w, d);
    move_y(s, ts_fix_floor(p[CORNER_PX]), w, d);
    s->grounded = (uint8_t)blocked(w, ts_fix_floor(s->x), ts_fix_floor(s->y) + 1, s, TS_DIR_DOWN);
    s->pushing = (uint8_t)(dir != 0 && s->vx == 0 &&
                           blocked(w, ts_fix_floor(s->x) + dir, ts_fix_floor(s->y), s,
                                   dir > 0 ? TS_DIR_RIGHT : TS_DIR_LEFT));
}

/* The probes step draws, with their verdicts: a breakpoint naming another is said never to
 * fire (docs/debugger.md). Optional; a descriptor without it still loads. */
static const ts_probe_kind kProbeKinds[] = {
    {"wall", TS_VERDICT_BIT(TS_BLOCK)},
    {"corner", TS_VERDICT_BIT(TS_PASS)},
    {"ceiling", TS_VERDICT_BIT(TS_BLOCK)},
    {"floor", TS_VERDICT_BIT(TS_HIT)},
    {"ground", TS_VERDICT_BIT(TS_HIT) | TS_VERDICT_BIT(TS_MISS)},
    {"coyote", TS_VERDICT_BIT(TS_PASS) | TS_VERDICT_BIT(TS_BLOCK)},
    {"jump", TS_VERDICT_BIT(TS_INFO)},
};

static const ts_mover_plugin kPlugin = {
    TS_MOVER_ABI_VERSION,
    sizeof(ts_mover_plugin),
    "celeste",
    "Celeste-style platformer (plugin)",
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
