/* Walks like the others until the jump key is pressed; then its step calls exit(0) (code
 * written for a game, where ending the program is the step's business). tilestep must not
 * end with it, let alone with status 0. */
#include <stdlib.h>

#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    if (keys & TS_KEY_J) exit(0);
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "exit_step",
                                        "Exit step",
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
