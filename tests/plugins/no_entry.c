/* A shared library without the entry point (a typo in its name): loading must say so. */
#include "tilestep/mover_plugin.h"

TS_MOVER_EXPORT int tilestep_mover_plugn(void);
int tilestep_mover_plugn(void) {
    return 1;
}
