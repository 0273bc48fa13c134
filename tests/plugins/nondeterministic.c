/* Reads hidden state: a counter that survives between steps, as a global or static variable
 * in a game's code would. The determinism check must catch it at frame 0. */
#include "plugin_common.h"

static int64_t g_calls = 0;

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    out->aux = (int32_t)(g_calls++ & 1);
}

static const ts_state_field kFields[] = {{"calls", TS_SLOT_AUX, TS_FIELD_INT}};

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "nondeterministic",
                                        "Nondeterministic",
                                        0,
                                        1,
                                        kTestParams,
                                        1,
                                        kFields,
                                        NULL,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
