/* Walks like the others until the jump key is pressed; then its step reads through a null
 * pointer (the commonest bug in movement code). Built with -g: tilestep names this file and
 * line. The editor and `run` must survive it and say where. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    if (keys & TS_KEY_J) {
        const int64_t* volatile nowhere = NULL;
        out->vars[0] = *nowhere; /* the faulting line */
    }
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "crash_step",
                                        "Crash step",
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
