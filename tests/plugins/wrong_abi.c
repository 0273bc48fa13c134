/* Claims an ABI version this tilestep does not read: loading must fail with a clear error. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION + 1,
                                        sizeof(ts_mover_plugin),
                                        "wrong_abi",
                                        "Wrong ABI",
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
