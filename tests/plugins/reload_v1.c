/* Builds of the same mover ("reload"), as a developer's rebuilds would give: v1 walks 1 px
 * per frame with the default speed, v2 (RELOAD_V2) walks twice as fast, RELOAD_HIDDEN_STATE
 * reads a static counter (not deterministic), RELOAD_ENDLESS never returns from a step with
 * the jump key down, RELOAD_CRASH reads through a null pointer then, RELOAD_PARAMS has another
 * parameter list: "lift" added before "speed", whose range shrank to 0..4 (it walks as v1, reading
 * speed from its new position), RELOAD_DEFAULT the same list with speed's default raised to 2. */
#include "plugin_common.h"

#ifdef RELOAD_PARAMS
static const ts_param_spec kParams[] = {
    {"lift", "px", TS_FIX_INT(5), 0, TS_FIX_INT(9), 1, "Lift"},
    {"speed", "px/frame", TS_FIX_INT(1), 0, TS_FIX_INT(4), 0, "Speed"},
};
#define SPEED_AT 1
#elif defined(RELOAD_DEFAULT)
static const ts_param_spec kParams[] = {
    {"speed", "px/frame", TS_FIX_INT(2), 0, TS_FIX_INT(8), 0, "Speed"},
};
#define SPEED_AT 0
#else
#define kParams kTestParams
#define SPEED_AT 0
#endif
#define PARAM_COUNT ((int)(sizeof(kParams) / sizeof(kParams[0])))

#ifdef RELOAD_HIDDEN_STATE
static int64_t g_calls = 0;
#endif

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    ts_fix speed[1] = {p[SPEED_AT]};
#ifdef RELOAD_V2
    speed[0] *= 2;
#endif
    walk(in, out, keys, speed);
#ifdef RELOAD_HIDDEN_STATE
    out->aux = (int32_t)(g_calls++ & 1);
#endif
#ifdef RELOAD_ENDLESS
    if (keys & TS_KEY_J) {
        volatile int64_t spin = 0;
        for (;;) ++spin;
    }
#endif
#ifdef RELOAD_CRASH
    if (keys & TS_KEY_J) {
        const int32_t* volatile nowhere = NULL;
        out->aux = *nowhere;
    }
#endif
    ts_draw_point(d, TS_INFO, "origin", ts_fix_floor(in->x), ts_fix_floor(in->y));
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "reload",
                                        "Reload",
                                        0,
                                        PARAM_COUNT,
                                        kParams,
                                        0,
                                        NULL,
                                        NULL,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
