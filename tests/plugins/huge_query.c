/* Asks the world for its solids and brushes over a rectangle of 2^40 x 2^40 px every step (a
 * search radius gone wrong), and counts them in vars[0] and vars[1]. What tilestep spends on
 * the answer must be bounded by the map, not by the rectangle. */
#include "plugin_common.h"

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)d;
    walk(in, out, keys, p);
    const int64_t huge = (int64_t)1 << 40;
    const ts_rect r = {-huge / 2, -huge / 2, huge, huge};
    ts_rect found[4];
    out->vars[0] = w->solids(w->ctx, r, found, 4);
    out->vars[1] = w->brushes(w->ctx, r, found, 4);
}

static const ts_state_field kFields[] = {{"solids", TS_SLOT_VAR0, TS_FIELD_INT},
                                         {"brushes", TS_SLOT_VAR0 + 1, TS_FIELD_INT}};

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "huge_query",
                                        "Huge query",
                                        0,
                                        1,
                                        kTestParams,
                                        2,
                                        kFields,
                                        NULL,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
