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
    return wrong;
}
