/* Its init never returns (called when an actor spawns): tilestep must report it, not hang.
 * Otherwise as with_init.c. */
#include "plugin_common.h"

static void init(ts_mover_state* s, const ts_fix* p) {
    s->timer = 42;
    volatile int64_t spin = 0; /* a game init waiting for what never comes */
    for (;;) ++spin;
    s->vars[0] = p[0];
}

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    walk(in, out, keys, p);
    out->timer = in->timer - 1;
}

static const ts_state_field kFields[] = {{"spawn_speed", TS_SLOT_VAR0, TS_FIELD_FIX}};

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "endless_init",
                                        "Endless init",
                                        0,
                                        1,
                                        kTestParams,
                                        1,
                                        kFields,
                                        init,
                                        step};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
