/* A plugin built against mover_plugin.h as it was before the descriptor grew its optional
 * probe_kind_count and probe_kinds: its descriptor is the older layout, exactly what such a
 * build has in memory, and struct_size says so. It must load and step as before, with no probe
 * vocabulary (issue 30: the addition is backward compatible). */
#include "plugin_common.h"

/* ts_mover_plugin up to `step`, as the older header declared it. */
typedef struct older_descriptor {
    uint32_t abi_version;
    uint32_t struct_size;
    const char* name;
    const char* title;
    int32_t round;
    int32_t param_count;
    const ts_param_spec* params;
    int32_t field_count;
    const ts_state_field* fields;
    void (*init)(ts_mover_state* state, const ts_fix* params);
    void (*step)(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* params,
                 const ts_world* world, const ts_draw* draw);
} older_descriptor;

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    walk(in, out, keys, p);
    ts_draw_rect(d, TS_HIT, "anything", 0, 0, 1, 1);
}

static const older_descriptor kPlugin = {TS_MOVER_ABI_VERSION,
                                         sizeof(older_descriptor),
                                         "old_header",
                                         "Built against the older header",
                                         0,
                                         1,
                                         kTestParams,
                                         0,
                                         NULL,
                                         NULL,
                                         step};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return (const ts_mover_plugin*)(const void*)&kPlugin;
}
