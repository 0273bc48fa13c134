#include "cli.h"

#include <cstdio>
#include <cstring>

namespace ts {

bool isCliCommand(const char* arg) {
    return std::strcmp(arg, "help") == 0 || std::strcmp(arg, "--help") == 0;
}

int runCli(int, char**) {
    std::puts("usage: tilestep [MAP] | tilestep validate|info|convert|run ...");
    return 0;
}

}  // namespace ts
