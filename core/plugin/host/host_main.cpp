// tilestep-plugin-host: see core/plugin/plugin_host.h.
#include "plugin/plugin_host.h"

int main(int argc, char** argv) {
    return ts::runPluginHost(argc, argv);
}
