/* A minimal mover for the plugin tests: walks one px per frame toward the pressed keys, no
 * collision. Each test plugin defines TEST_PLUGIN_NAME and may hook the step. */
#include <stddef.h>

#include "tilestep/mover_plugin.h"

static const ts_param_spec kTestParams[] = {
    {"speed", "px/frame", TS_FIX_INT(1), 0, TS_FIX_INT(8), 0, "Speed"},
};

static void walk(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p) {
    const int h = ((keys & TS_KEY_R) ? 1 : 0) - ((keys & TS_KEY_L) ? 1 : 0);
    const int v = ((keys & TS_KEY_D) ? 1 : 0) - ((keys & TS_KEY_U) ? 1 : 0);
    out->vx = p[0] * h;
    out->vy = p[0] * v;
    out->x = in->x + out->vx;
    out->y = in->y + out->vy;
}
