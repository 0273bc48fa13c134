/* An entry point that never returns (a plugin that initialises something that waits for
 * ever). Loading it must fail with a message within a bounded time, not hang the command. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "hang_entry",
                                        "Hang entry",
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
    volatile int64_t spin = 0;
    for (;;) ++spin;
    return &kPlugin;
}
