#include "map_report_start.h"

#include <cstdio>

#include "base/file_identity.h"
#include "import_args.h"
#include "plugin_args.h"

namespace ts::cli {

std::optional<int> startMapReport(const char* command, const Args& args,
                                  const std::vector<FlagSpec>& flags, const char* usage,
                                  MapReport* out) {
    ParsedArgs& a = out->args;
    std::string error;
    if (!parseArgs(args, flags, &a, &error)) return usageError(command, error);
    if (a.help) {
        std::fputs(usage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 1) return usageError(command, "expects exactly one MAP");
    out->path = a.positional[0];
    // Its report may not be appended to the map itself (`>> MAP`).
    const std::string clash = findOutputClash({{"MAP", out->path}}, {{"stdout", "-"}});
    if (!clash.empty()) return fail(command, clash, kExitUsage);
    if (!importOptionsFor(a, out->path, &out->options, &error)) return usageError(command, error);
    if (!loadPluginsReported(command, a)) return kExitFailure;
    if (!loadMapReported(command, out->path, &out->map, out->options)) return kExitFailure;
    return std::nullopt;
}

}  // namespace ts::cli
