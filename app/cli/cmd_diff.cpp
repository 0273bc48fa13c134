// `tilestep diff A.jsonl B.jsonl`: the first frame and field where two traces diverge.
#include <cstdio>
#include <memory>

#include "args.h"
#include "base/file_identity.h"
#include "commands.h"
#include "record/trace_diff.h"

namespace ts::cli {

const char kDiffUsage[] =
    "usage: tilestep diff A.jsonl B.jsonl\n"
    "\n"
    "Compares two traces (docs/trace-format.md: from tilestep run, the debugger's --trace\n"
    "or a game's trace_emit.h) frame by frame: each actor's state fields, actors matched by\n"
    "name, then its probe lines in order. The header lines are not compared. Numbers compare\n"
    "by value (1.50 equals 1.5). Either trace may be JSON lines or the compact .tstrace;\n"
    "both are read a frame at a time.\n"
    "  same:      'same: N frames, A actors' on stdout, exit 0\n"
    "  different: the first difference on stdout, exit 1, e.g.\n"
    "             frame 12, actor \"hero\", field \"x\": 20.75 (A.jsonl line 14) vs 21\n"
    "             (B.jsonl line 14)\n"
    "  a bad or missing trace ('FILE: line L: field \"F\": problem') or a bad command\n"
    "  line: on stderr, exit 2\n";

const std::vector<FlagSpec> kDiffFlags = {};

int cmdDiff(const Args& args) {
    const char* cmd = "diff";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kDiffFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kDiffUsage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 2) return usageError(cmd, "expects two traces A.jsonl B.jsonl");
    const std::string& pathA = a.positional[0];
    const std::string& pathB = a.positional[1];
    // Its report may not be appended to a trace it compares (`>> A.jsonl`).
    const std::string clash = findOutputClash({{"A", pathA}, {"B", pathB}}, {{"stdout", "-"}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    // Both read a frame at a time (a million frames hold one frame each in memory).
    std::unique_ptr<TraceSource> ta = openTraceSource(pathA, &error);
    if (!ta) return fail(cmd, error, kExitUsage);
    std::unique_ptr<TraceSource> tb = openTraceSource(pathB, &error);
    if (!tb) {
        // A's own error first, as when A was read whole before B.
        std::string aError;
        TraceRecord r;
        int k = 0;
        while ((k = ta->next(&r, &aError)) > 0) {
        }
        return fail(cmd, k < 0 ? aError : error, kExitUsage);
    }
    TraceDifference d;
    int64_t frames = 0;
    if (!diffTraces(*ta, *tb, &d, &frames, &error)) return fail(cmd, error, kExitUsage);
    if (d.same) {
        std::printf("same: %lld frames, %zu actors\n", (long long)frames, ta->meta().actors.size());
        return kExitOk;
    }
    auto where = [](const std::string& path, int64_t line) {
        return line > 0 ? " (" + path + " line " + std::to_string(line) + ")" : " (" + path + ")";
    };
    std::string text = "frame " + std::to_string(d.frame);
    if (!d.actor.empty()) text += ", actor \"" + d.actor + "\"";
    text += ", field \"" + d.field + "\": " + d.a + where(pathA, d.lineA) + " vs " + d.b +
            where(pathB, d.lineB);
    std::printf("%s\n", text.c_str());
    return kExitFailure;
}

}  // namespace ts::cli
