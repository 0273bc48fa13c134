/* Walks like the others until the jump key is pressed; then its step never returns (a game's
 * loop that waits for a condition that never comes). tilestep must report it, not hang. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    if (keys & TS_KEY_J) {
        volatile int64_t spin = 0;
        for (;;) ++spin;
    }
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "endless_step",
                                        "Endless step",
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
