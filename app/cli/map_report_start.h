// The start that `info` and `validate` share, the commands that read one MAP and report on
// it on stdout: their flags, --help, exactly one MAP, no report into MAP itself, the import
// options, the plugins, then the map loaded.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io/import_result.h"
#include "map/map.h"

namespace ts::cli {

struct MapReport {
    ParsedArgs args;
    std::string path;
    interop::ImportOptions options;
    Map map;
};

// Fills `out` and returns nothing when the command goes on to its report; else the exit code
// to return, its message already printed (the usage text for --help: 0).
std::optional<int> startMapReport(const char* command, const Args& args,
                                  const std::vector<FlagSpec>& flags, const char* usage,
                                  MapReport* out);

}  // namespace ts::cli
