/* Uses init: the spawned state gets timer 42 and vars[0] = the speed parameter, and every
 * step counts down the timer; a field shows vars[0] as fixed point. Built with ENDLESS_INIT
 * (endless_init.so), its init never returns, as a game's init waiting for what never comes:
 * tilestep must report it, not hang. */
#include "plugin_common.h"

static void init(ts_mover_state* s, const ts_fix* p) {
#ifdef ENDLESS_INIT
    volatile int64_t spin = 0;
    for (;;) ++spin;
#endif
    s->timer = 42;
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
#ifdef ENDLESS_INIT
                                        "endless_init",
                                        "Endless init",
#else
                                        "with_init",
                                        "With init",
#endif
                                        0,
                                        1,
                                        kTestParams,
                                        1,
                                        kFields,
                                        init,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
