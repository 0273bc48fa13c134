/* Walks like the others until the jump key is pressed; then it jumps to x = 2^46 + 5 px and
 * the most negative y a ts_fix holds (about -2^47 px), with velocities to match (an overflow
 * in the movement code). Whatever `run`
 * writes of it, `view` and `diff` must read. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    if (keys & TS_KEY_J) {
        out->x = TS_FIX_INT(((int64_t)1 << 46) + 5);
        out->y = INT64_MIN;
        out->vx = INT64_MAX;
        out->vy = INT64_MIN;
    }
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "far_away",
                                        "Far away",
                                        0,
                                        1,
                                        kTestParams,
                                        0,
                                        NULL,
                                        NULL,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
