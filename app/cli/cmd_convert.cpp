// `tilestep convert IN OUT`: JSON <-> binary, each side's format from its extension.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "plugin_args.h"
#include "map_io.h"

namespace ts::cli {

const char kConvertUsage[] =
    "usage: tilestep convert IN OUT [--plugin PATH.so]\n"
    "\n"
    "Loads IN and saves it as OUT; each file's format comes from its extension:\n"
    "  .json   readable JSON\n"
    "  .tsmap  compact binary\n"
    "Any direction works (json->tsmap, tsmap->json, and same-format rewrites). The save is\n"
    "atomic: a failed save leaves an existing OUT untouched.\n"
    "On success prints 'IN (FORMAT) -> OUT (FORMAT)' on stdout, exit 0. A bad IN, an unknown\n"
    "extension or a failed save: the error on stderr, exit 1. Bad command line: exit 2.\n";

namespace {
const char* formatName(MapFormat f) {
    return f == MapFormat::Json ? "json" : "binary";
}
}  // namespace

int cmdConvert(const Args& args) {
    const char* cmd = "convert";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, {kPluginFlag}, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kConvertUsage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 2) return usageError(cmd, "expects IN and OUT");
    const std::string& in = a.positional[0];
    const std::string& out = a.positional[1];
    try {
        // Check OUT's extension before the (possibly long) load.
        MapFormat outFormat = formatForPath(out);
        MapFormat inFormat = formatForPath(in);
        Map m;
        if (!loadPluginReported(cmd, a)) return kExitFailure;
        if (!loadMapReported(cmd, in, &m)) return kExitFailure;
        saveMap(m, out);
        std::printf("%s (%s) -> %s (%s)\n", in.c_str(), formatName(inFormat), out.c_str(),
                    formatName(outFormat));
        return kExitOk;
    } catch (const MapError& e) {
        return fail(cmd, e.what(), kExitFailure);
    }
}

}  // namespace ts::cli
