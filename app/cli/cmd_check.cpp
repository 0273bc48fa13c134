// `tilestep check MAP TRACE`: the snag hunt's detectors over a recorded trace
// (core/hunt/trace_check.h). No simulation: nothing is shrunk.
#include <cctype>
#include <cstdio>
#include <cstring>

#include "args.h"
#include "commands.h"
#include "hunt/hunt.h"
#include "hunt/hunt_report.h"
#include "hunt/ignore_list.h"
#include "hunt/trace_check.h"
#include "import_args.h"
#include "plugin_args.h"
#include "record/trace_source.h"

namespace ts::cli {

const char kCheckUsage[] =
    "usage: tilestep check MAP TRACE [--actor NAME]... [--for KINDS] [--plugin PATH.so]...\n"
    "                      [--level NAME]\n"
    "\n"
    "Runs the snag hunt's detectors (docs/hunt.md) over a trace recorded from any engine\n"
    "(tilestep record, TILESTEP_TRACE, run --trace; JSON lines or .tstrace), judging each\n"
    "actor's steps by MAP's collision world and the map actor of the same name's mover\n"
    "and parameters. Lists each finding with the command that opens it:\n"
    "  tilestep view MAP TRACE --frame F\n"
    "A recorded game cannot be re-run, so findings are not shrunk: F is the recorded frame.\n"
    "Keys come from each state line's \"keys\" field (\"R,J\", or the bit mask) when the trace\n"
    "has one, else they are inferred from the velocity and `pushing` (docs/hunt.md says\n"
    "what that can and cannot find). Findings in MAP.snagignore are left out and counted.\n"
    "\n"
    "  --actor NAME   check this actor (again for more); default every actor of the trace\n"
    "  --for KINDS    the detectors: 'all' (default) or a comma list of stuck, snag,\n"
    "                 corner, lip, tunnel, inside, jitter, escape\n"
    "  --plugin PATH  load a mover plugin first (actors with mover \"plugin:NAME\"), as run\n"
    "  --level NAME   the level of an LDtk project MAP (default: the first)\n"
    "\n"
    "Exit 0: nothing found; 4: findings; 1: a bad map or trace; 2: a bad command line.\n";

const std::vector<FlagSpec> kCheckFlags = {
    {"--actor", true, "NAME", nullptr, true}, {"--for", true}, kPluginFlag, kLevelFlag};

namespace {
constexpr int kExitFound = 4;
}  // namespace

int cmdCheck(const Args& args) {
    const char* cmd = "check";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kCheckFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kCheckUsage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 2) return usageError(cmd, "expects MAP and TRACE");
    const std::string& mapPath = a.positional[0];
    const std::string& tracePath = a.positional[1];
    uint32_t kinds = kAllSnagKinds;
    if (const std::string* v = a.value("--for"))
        if (!parseSnagKinds(*v, &kinds, &error)) return usageError(cmd, "--for: " + error);
    interop::ImportOptions importOptions;
    if (!importOptionsFor(a, mapPath, &importOptions, &error)) return usageError(cmd, error);
    if (!loadPluginsReported(cmd, a)) return kExitFailure;
    Map map;
    if (!loadMapReported(cmd, mapPath, &map, importOptions)) return kExitFailure;
    std::unique_ptr<TraceSource> src = openTraceSource(tracePath, &error);
    if (!src) return fail(cmd, error, kExitFailure);
    const std::vector<std::string> actors = a.all("--actor");
    for (const std::string& name : actors)
        if (!map.findActor(name))
            return fail(cmd, mapPath + ": no actor named '" + name + "'", kExitFailure);
    std::vector<std::string> ignoredKeys;
    const std::string ignorePath = ignoreListPath(mapPath);
    if (!loadIgnoreList(ignorePath, &ignoredKeys, &error)) return fail(cmd, error, kExitFailure);

    TraceCheckResult r;
    if (!checkTrace(map, *src, tracePath, kinds, actors, &r, &error))
        return fail(cmd, error, kExitFailure);
    // A trace of another map (no actor name in common) checks nothing: say so, not "0 found".
    if (r.actorsMatched == 0 && actors.empty() && !src->meta().actors.empty())
        return fail(cmd,
                    tracePath + ": none of its actors is in " + mapPath +
                        " (a trace is matched to the map's actors by name)",
                    kExitFailure);
    const size_t ignored = dropIgnored(ignoredKeys, &r.findings);
    for (const std::string& n : r.notes) std::printf("note: %s\n", n.c_str());
    for (const SnagFinding& f : r.findings)
        std::printf(
            "%s, actor %s, frame %lld at (%lld,%lld), %s: %s\n  tilestep view %s %s "
            "--frame %lld\n",
            snagKindName(f.kind), f.actorName.c_str(), static_cast<long long>(f.frame),
            static_cast<long long>(f.x), static_cast<long long>(f.y), f.feature.text.c_str(),
            f.detail.c_str(), shellWord(mapPath).c_str(), shellWord(tracePath).c_str(),
            static_cast<long long>(f.frame));
    std::printf("%zu %s in %lld recorded steps", r.findings.size(),
                r.findings.size() == 1 ? "finding" : "findings", static_cast<long long>(r.frames));
    if (ignored) std::printf(" (%zu more ignored: %s)", ignored, ignorePath.c_str());
    std::printf("; keys %s; a recorded game is not re-run, so findings are not shrunk\n",
                r.keysRecorded ? (r.keysInferred ? "from the trace where recorded, else inferred"
                                                 : "from the trace")
                               : "inferred from velocity and pushing (no \"keys\" field)");
    return r.findings.empty() ? kExitOk : kExitFound;
}

}  // namespace ts::cli
