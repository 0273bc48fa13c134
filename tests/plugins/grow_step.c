/* Walks like the others until the jump key is pressed; then its step allocates 1 MiB blocks
 * in a loop, keeping each one (a cache that never lets go), and writes to every block without
 * checking malloc's result, as such code does. The plugin host's memory limit ends it. */
#include <stdlib.h>
#include <string.h>

#include "plugin_common.h"

static void* g_kept; /* the blocks, chained through their first bytes */

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    if (!(keys & TS_KEY_J)) return;
    for (;;) {
        void** block = (void**)malloc((size_t)1 << 20);
        memset(block, 1, 4096);
        *block = g_kept;
        g_kept = block;
    }
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "grow_step",
                                        "Grow step",
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
