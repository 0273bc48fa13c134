// The headless sub-commands. Each takes the words after its name and returns the exit code:
// 0 success, 1 the files or data failed (bad map, bad log, unknown actor, write error),
// 2 the command line itself is wrong (unknown option, missing value, bad number).
#pragma once
#include <string>
#include <vector>

#include "args.h"
#include "io/import_result.h"
#include "map/map.h"

namespace ts::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

using Args = std::vector<std::string>;

int cmdValidate(const Args& args);
int cmdInfo(const Args& args);
int cmdConvert(const Args& args);
int cmdRun(const Args& args);
int cmdDiff(const Args& args);
int cmdView(const Args& args);
int cmdRecord(const Args& args);
int cmdHunt(const Args& args);
int cmdCheck(const Args& args);

// Full help texts, defined next to each command.
extern const char kValidateUsage[];
extern const char kInfoUsage[];
extern const char kConvertUsage[];
extern const char kRunUsage[];
extern const char kDiffUsage[];
extern const char kViewUsage[];
extern const char kRecordUsage[];
extern const char kHuntUsage[];
extern const char kCheckUsage[];

// Each command's flags, declared once beside its usage text, which must name every one of
// them (tests/cli/test_cli_flags.cpp checks it).
extern const std::vector<FlagSpec> kValidateFlags;
extern const std::vector<FlagSpec> kInfoFlags;
extern const std::vector<FlagSpec> kConvertFlags;
extern const std::vector<FlagSpec> kRunFlags;
extern const std::vector<FlagSpec> kDiffFlags;
extern const std::vector<FlagSpec> kViewFlags;
extern const std::vector<FlagSpec> kRecordFlags;
extern const std::vector<FlagSpec> kHuntFlags;
extern const std::vector<FlagSpec> kCheckFlags;

struct Command {
    const char* name;
    const char* summary;  // one line for `tilestep --help`
    const char* usage;    // the full text for `tilestep CMD --help`
    const std::vector<FlagSpec>* flags;
    int (*run)(const Args& args);
};

// Every command, in the order `tilestep --help` lists them.
const std::vector<Command>& commands();
const Command* findCommand(const std::string& name);

// "tilestep CMD: MESSAGE" on stderr, then the code (for one-line error returns).
int fail(const char* command, const std::string& message, int code);
// A usage error: the message plus "(try tilestep CMD --help)", exit 2.
int usageError(const char* command, const std::string& message);
// Loads and checks a map (a Tiled or LDtk one imported with `options`: import_args.h); on
// failure prints the loader's error ("PATH: field: problem") and returns false.
bool loadMapReported(const char* command, const std::string& path, Map* out,
                     const interop::ImportOptions& options = {});

}  // namespace ts::cli
