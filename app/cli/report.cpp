// Error reporting and map loading shared by the commands, so every command words its
// errors the same way: "tilestep CMD: PATH: field: problem".
#include <cstdio>

#include "commands.h"
#include "io/map_io.h"

namespace ts::cli {

int fail(const char* command, const std::string& message, int code) {
    std::fprintf(stderr, "tilestep %s: %s\n", command, message.c_str());
    return code;
}

int usageError(const char* command, const std::string& message) {
    std::fprintf(stderr, "tilestep %s: %s (try tilestep %s --help)\n", command, message.c_str(),
                 command);
    return kExitUsage;
}

bool loadMapReported(const char* command, const std::string& path, Map* out,
                     const interop::ImportOptions& options) {
    try {
        Map m = loadMap(path, options);
        // The loader checks this already; asking again costs little and keeps the commands
        // safe if a loader path ever forgets.
        std::string problem = validateMap(m);
        if (!problem.empty()) {
            fail(command, path + ": " + problem, kExitFailure);
            return false;
        }
        *out = std::move(m);
        return true;
    } catch (const MapError& e) {
        fail(command, e.what(), kExitFailure);
        return false;
    }
}

}  // namespace ts::cli
