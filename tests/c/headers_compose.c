/* Both public headers in one translation unit, as a game that writes a mover plugin and a
 * trace would include them. Built as C99, C11 and C++17 with -Wall -Wextra -pedantic -Werror
 * (tests/CMakeLists.txt); run, it checks that the shared names mean one thing. */
#include "tilestep/mover_plugin.h"
#include "tilestep/trace_emit.h"

#include <string.h>

int main(void) {
    const ts_verdict v = TS_BLOCK;
    int wrong = 0;
    wrong += strcmp(ts_verdict_name(v), "block") != 0;
    wrong += TS_MISS != 0 || TS_INFO != 4;
    wrong += TS_FIX_INT(3) != 3 * 65536;
    wrong += TS_MOVER_ABI_VERSION < 1 || TS_TRACE_FORMAT_VERSION < 1;
    wrong += TS_KEY_L != 1 || TS_KEY_J != 16; /* keys.h, shared: the input log's bits */
    {
        /* Without a sink the poll always runs the game freely; driven keys read as letters. */
        ts_trace t;
        ts_control c;
        ts_trace_open(&t, NULL, NULL, 16, 60);
        c = ts_trace_poll(&t);
        wrong += !c.advance || c.driven || c.restart;
        ts_trace_set_keys(&t, TS_KEY_J | TS_KEY_R);
        wrong += strcmp(t.letters, "RJ") != 0;
        (void)ts_trace_close(&t);
    }
    return wrong;
}
