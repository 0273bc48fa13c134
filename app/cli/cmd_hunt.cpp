// `tilestep hunt MAP`: the snag hunt (core/hunt/hunt.h) as a command and a CI gate: exit 0
// when nothing was found, 4 when something was; report files in --out (hunt_report.h).
// `tilestep hunt --merge DIR... --out OUT` merges shard reports.
#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <climits>

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <regex>
#include <thread>

#include "args.h"
#include "base/atomic_file.h"
#include "base/file_identity.h"
#include "commands.h"
#include "hunt/hunt.h"
#include "hunt/hunt_report.h"
#include "hunt/ignore_list.h"
#include "import_args.h"
#include "io/map_io.h"
#include "plugin_args.h"
#include "sim/input_log.h"

namespace ts::cli {

const char kHuntUsage[] =
    "usage: tilestep hunt MAP [--actor NAME]... [--plugin PATH.so]... [--step-limit MS]\n"
    "                     [--for KINDS] [--budget SECONDS] [--frames N] [--seed N] [--jobs N]\n"
    "                     [--shard I/N] [--inputs LOG]... [--vary spawn,params]\n"
    "                     [--out DIR] [--junit FILE] [--level NAME]\n"
    "       tilestep hunt --merge DIR... [--out DIR] [--junit FILE]\n"
    "\n"
    "Searches MAP for movement snags (docs/hunt.md): keys tried from snapshots of the\n"
    "simulation, every step judged by detectors that ask the model's own rules and the\n"
    "collision world. Each finding is shrunk to a short input log, replayed twice, and\n"
    "written to DIR as case-N.tas with a command that opens the debugger at its frame.\n"
    "The same map, flags and seed give the same findings on every machine (with --frames;\n"
    "--budget stops on the clock). Findings whose key is in MAP.snagignore (beside the\n"
    "map) are left out and counted.\n"
    "\n"
    "  --actor NAME   hunt this actor (again for more); default every actor\n"
    "  --plugin PATH  load a mover plugin first (actors with mover \"plugin:NAME\"), as run\n"
    "  --step-limit MS  a plugin call running longer than MS ms (1 .. 3600000, default\n"
    "                 2000) is a fault finding; each one found costs this long\n"
    "  --for KINDS    the detectors: 'all' (default) or a comma list of stuck, snag,\n"
    "                 corner, lip, tunnel, inside, jitter, escape, fault\n"
    "  --budget SECONDS  stop after this many seconds (1 .. 86400)\n"
    "  --frames N     stop after N explored frames (default 1000000 when neither is given)\n"
    "  --seed N       the search's seed (default 1)\n"
    "  --jobs N       threads (default: the core count); findings do not depend on it\n"
    "  --shard I/N    hunt part I of N (1 <= I <= N), for N CI jobs; merge with --merge\n"
    "  --inputs LOG   start the search from this input log too (a recorded session); again\n"
    "                 for more\n"
    "  --vary LIST    also vary 'spawn' and/or 'params' (comma list) within their ranges;\n"
    "                 a varied case gets case-N.map.json\n"
    "  --out DIR      the report folder (default hunt-out): report.json, report.md,\n"
    "                 case-N.tas; it may not hold MAP or an input under those names\n"
    "  --junit FILE   also a JUnit XML file: one testcase per actor per kind, a failure\n"
    "                 per finding\n"
    "  --merge        the positional arguments are shard report folders: their findings,\n"
    "                 de-duplicated, go to --out\n"
    "  --level NAME   the level of an LDtk project MAP (default: the first)\n"
    "\n"
    "On a terminal a progress line shows frames/s, archive cells, findings and time left.\n"
    "Exit 0: nothing found; 4: findings (listed, and in DIR); 1: a bad map, log, plugin or\n"
    "report, or a write error; 2: a bad command line.\n";

const std::vector<FlagSpec> kHuntFlags = {{"--actor", true, "NAME", nullptr, true},
                                          kPluginFlag,
                                          kStepLimitFlag,
                                          {"--for", true},
                                          {"--budget", true},
                                          {"--frames", true},
                                          {"--seed", true},
                                          {"--jobs", true},
                                          {"--shard", true},
                                          {"--inputs", true, "LOG", nullptr, true},
                                          {"--vary", true},
                                          {"--out", true},
                                          {"--junit", true},
                                          {"--merge", false},
                                          kLevelFlag};

namespace {

constexpr int kExitFound = 4;
constexpr const char* kDefaultOut = "hunt-out";
constexpr long long kDefaultFrames = 1000000;

std::string inDir(const std::string& dir, const std::string& name) {
    return dir.back() == '/' ? dir + name : dir + "/" + name;
}

// What the map needs to open again, for the repro lines: its plugins and LDtk level.
std::vector<std::string> mapArgs(const ParsedArgs& a) {
    std::vector<std::string> words;
    for (const std::string& p : a.all(kPluginFlag.name)) {
        words.push_back(kPluginFlag.name);
        words.push_back(p);
    }
    if (const std::string* level = a.value(kLevelFlag.name)) {
        words.push_back(kLevelFlag.name);
        words.push_back(*level);
    }
    if (const std::string* limit = a.value(kStepLimitFlag.name)) {  // the editor and run take it
        words.push_back(kStepLimitFlag.name);
        words.push_back(*limit);
    }
    return words;
}

// A file a hunt writes in DIR: report.json, report.md, case-N.tas, case-N.map.json.
bool isReportFileName(const std::string& name) {
    static const std::regex re("report\\.(json|md)|case-[0-9]+\\.(tas|map\\.json)");
    return std::regex_match(name, re);
}

// Outputs may not be inputs: the report files against MAP, the logs, the plugins and (when
// merging) the shard folders' own files. An input that sits in DIR under a report file's name
// would be overwritten by some case: refused before the (long) hunt starts.
std::string outputClash(const std::vector<NamedFile>& inputs, const std::string& dir,
                        const std::string& junit) {
    std::vector<NamedFile> outputs = {{"--out", inDir(dir, "report.json")},
                                      {"--out", inDir(dir, "report.md")}};
    if (!junit.empty()) outputs.push_back({"--junit", junit});
    for (const NamedFile& in : inputs) {
        const std::filesystem::path p(in.path);
        const std::string name = p.filename().string();
        if (isReportFileName(name) && name.rfind("case-", 0) == 0)
            outputs.push_back({"--out", inDir(dir, name)});
    }
    return findOutputClash(inputs, outputs);
}

// Writes the report's files into dir (made if missing) and removes case files of an earlier
// hunt there that this report does not have.
bool writeReport(const HuntReport& r, const std::string& dir, const std::string& junit,
                 std::string* error) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir)) {
        *error = dir + ": cannot make the report folder (" +
                 (ec ? ec.message() : std::string("not a folder")) + ")";
        return false;
    }
    std::vector<std::string> written;
    for (size_t i = 0; i < r.findings.size(); ++i) {
        const std::string log =
            "# tilestep hunt: " + std::string(snagKindName(r.findings[i].kind)) + " of " +
            r.findings[i].actorName + " at frame " + std::to_string(r.findings[i].frame) + ", " +
            r.findings[i].feature.text + "\n" + formatInputLog(r.findings[i].inputs);
        if (!writeFileAtomically(inDir(dir, huntCaseLogName(i)), log, error)) return false;
        written.push_back(huntCaseLogName(i));
        if (i < r.caseMaps.size() && !r.caseMaps[i].empty()) {
            if (!writeFileAtomically(inDir(dir, huntCaseMapName(i)), r.caseMaps[i], error))
                return false;
            written.push_back(huntCaseMapName(i));
        }
    }
    if (!writeFileAtomically(inDir(dir, "report.md"), huntReportMarkdown(r), error) ||
        !writeFileAtomically(inDir(dir, "report.json"), huntReportJson(r), error))
        return false;
    if (!junit.empty() && !writeFileAtomically(junit, huntJunitXml(r), error)) return false;
    // Stale cases of an earlier, larger hunt would read as this one's.
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("case-", 0) == 0 && isReportFileName(name) &&
            std::find(written.begin(), written.end(), name) == written.end())
            std::filesystem::remove(e.path(), ec);
    }
    return true;
}

// The findings on stdout: one line each plus the command that opens it.
void printFindings(const HuntReport& r, const std::string& ignoreFile) {
    for (size_t i = 0; i < r.findings.size(); ++i) {
        const SnagFinding& f = r.findings[i];
        std::printf("%s: %s, actor %s, frame %lld at (%lld,%lld), %s: %s\n  %s\n",
                    huntCaseLogName(i).c_str(), snagKindName(f.kind), f.actorName.c_str(),
                    static_cast<long long>(f.frame), static_cast<long long>(f.x),
                    static_cast<long long>(f.y), f.feature.text.c_str(), f.detail.c_str(),
                    huntRepro(r, i).c_str());
    }
    std::printf("%zu %s", r.findings.size(), r.findings.size() == 1 ? "finding" : "findings");
    if (r.ignored) std::printf(" (%zu more ignored: %s)", r.ignored, ignoreFile.c_str());
    std::printf("; %lld frames explored; report: %s\n", static_cast<long long>(r.framesExplored),
                inDir(r.outDir, "report.json").c_str());
}

int runMerge(const char* cmd, const ParsedArgs& a, const std::string& outDir,
             const std::string& junit) {
    if (a.positional.empty()) return usageError(cmd, "--merge expects one or more report folders");
    std::vector<NamedFile> inputs;
    for (const std::string& d : a.positional) {
        inputs.push_back({"--merge", inDir(d, "report.json")});
        // The shard's case files are inputs too: --out may be one of the shards' folders
        // only if it is not (refused: the merged numbering would overwrite unread cases).
        if (sameFile(d, outDir))
            return fail(cmd,
                        "--out " + outDir + " is the shard folder " + d +
                            ": an output may not overwrite an input",
                        kExitUsage);
    }
    const std::string clash = outputClash(inputs, outDir, junit);
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    std::vector<HuntReport> parts;
    std::string error;
    for (const std::string& d : a.positional) {
        HuntReport r;
        if (!readHuntReport(d, &r, &error)) return fail(cmd, error, kExitFailure);
        parts.push_back(std::move(r));
    }
    HuntReport merged;
    if (!mergeHuntReports(parts, &merged, &error)) return fail(cmd, error, kExitFailure);
    // The merged flags are the first shard's, less its --shard.
    for (size_t i = 0; i + 1 < merged.flags.size(); ++i)
        if (merged.flags[i] == "--shard") {
            merged.flags.erase(merged.flags.begin() + long(i), merged.flags.begin() + long(i) + 2);
            break;
        }
    merged.outDir = outDir;
    if (!writeReport(merged, outDir, junit, &error)) return fail(cmd, error, kExitFailure);
    printFindings(merged, ignoreListPath(merged.map));
    return merged.findings.empty() ? kExitOk : kExitFound;
}

// The progress line on a terminal (stderr), rewritten in place; the hunt calls it ~4x a second
// from its own thread. Time left: from the frame budget at the current rate, or the clock
// budget, whichever ends first.
struct ProgressLine {
    bool on = isatty(2) != 0;  // stderr
    int64_t frameBudget = 0;
    double secondBudget = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::mutex mutex;
    bool shown = false;
    void show(const HuntProgress& p) {
        std::lock_guard<std::mutex> lock(mutex);
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double left = p.secondsLeft;
        if (left <= 0 && frameBudget > 0 && p.framesPerSecond > 0)
            left = double(std::max<int64_t>(0, frameBudget - p.frames)) / p.framesPerSecond;
        if (secondBudget > 0)
            left = left > 0 ? std::min(left, secondBudget - elapsed) : secondBudget - elapsed;
        std::fprintf(stderr,
                     "\rhunt: %.2f M frames/s, %lld frames, %zu cells, %zu findings, %.0f s left  ",
                     p.framesPerSecond / 1e6, static_cast<long long>(p.frames), p.cells, p.findings,
                     std::max(0.0, left));
        std::fflush(stderr);
        shown = true;
    }
    void clear() {
        std::lock_guard<std::mutex> lock(mutex);
        if (shown) std::fputs("\r\033[K", stderr);
        shown = false;
    }
};

}  // namespace

int cmdHunt(const Args& args) {
    const char* cmd = "hunt";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kHuntFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kHuntUsage, stdout);
        return kExitOk;
    }
    std::string outDir = a.value("--out") ? *a.value("--out") : kDefaultOut;
    if (outDir.empty()) return usageError(cmd, "--out: expected a folder");
    const std::string junit = a.value("--junit") ? *a.value("--junit") : "";
    if (a.has("--merge")) {
        for (const char* f :
             {"--actor", "--plugin", "--step-limit", "--for", "--budget", "--frames", "--seed",
              "--jobs", "--shard", "--inputs", "--vary", "--level"})
            if (a.has(f))
                return usageError(cmd,
                                  std::string("--merge takes only --out and --junit, not ") + f);
        return runMerge(cmd, a, outDir, junit);
    }
    if (a.positional.size() != 1) return usageError(cmd, "expects exactly one MAP");
    const std::string& mapPath = a.positional[0];

    HuntOptions opt;
    if (const std::string* v = a.value("--for"))
        if (!parseSnagKinds(*v, &opt.kinds, &error)) return usageError(cmd, "--for: " + error);
    long long n = 0;
    if (const std::string* v = a.value("--budget")) {
        if (!parseWholeNumber(*v, "--budget", 1, 86400, &n, &error)) return usageError(cmd, error);
        opt.budgetSeconds = double(n);
    }
    if (const std::string* v = a.value("--frames")) {
        if (!parseWholeNumber(*v, "--frames", 1, 1000000000000LL, &n, &error))
            return usageError(cmd, error);
        opt.frames = n;
    } else if (!a.has("--budget")) {
        opt.frames = kDefaultFrames;
    }
    if (const std::string* v = a.value("--seed")) {
        if (!parseWholeNumber(*v, "--seed", 0, INT64_MAX, &n, &error))
            return usageError(cmd, error);
        opt.seed = uint64_t(n);
    }
    if (const std::string* v = a.value("--jobs")) {
        if (!parseWholeNumber(*v, "--jobs", 1, 1024, &n, &error)) return usageError(cmd, error);
        opt.jobs = int(n);
    }
    if (const std::string* v = a.value("--shard")) {
        const size_t slash = v->find('/');
        long long i = 0, count = 0;
        if (slash == std::string::npos)
            return usageError(cmd,
                              "--shard: expected I/N (part I of N, 1 <= I <= N), got '" + *v + "'");
        if (!parseWholeNumber(v->substr(0, slash), "--shard I", 1, 1000000, &i, &error) ||
            !parseWholeNumber(v->substr(slash + 1), "--shard N", 1, 1000000, &count, &error))
            return usageError(cmd, error);
        if (i > count)
            return usageError(cmd, "--shard: part " + std::to_string(i) + " of " +
                                       std::to_string(count) + " does not exist (1 <= I <= N)");
        opt.shardIndex = int(i - 1);
        opt.shardCount = int(count);
    }
    if (const std::string* v = a.value("--vary")) {
        size_t start = 0;
        while (start <= v->size()) {
            size_t end = v->find(',', start);
            if (end == std::string::npos) end = v->size();
            const std::string w = v->substr(start, end - start);
            if (w == "spawn")
                opt.varySpawn = true;
            else if (w == "params")
                opt.varyParams = true;
            else
                return usageError(cmd,
                                  "--vary: unknown '" + w + "' (expected spawn, params or both)");
            start = end + 1;
        }
    }
    opt.actors = a.all("--actor");
    const std::vector<std::string> logPaths = a.all("--inputs");

    std::vector<NamedFile> inputs = {{"MAP", mapPath}};
    for (const std::string& l : logPaths) inputs.push_back({"--inputs", l});
    for (const std::string& p : a.all(kPluginFlag.name)) inputs.push_back({"--plugin", p});
    const std::string clash = outputClash(inputs, outDir, junit);
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    interop::ImportOptions importOptions;
    if (!importOptionsFor(a, mapPath, &importOptions, &error)) return usageError(cmd, error);

    int64_t stepLimitMs = kDefaultStepLimitMs;
    if (!stepLimitArg(a, &stepLimitMs, &error)) return usageError(cmd, error);
    if (!loadPluginsReported(cmd, a, nullptr, stepLimitMs)) return kExitFailure;
    opt.pluginCallLimitMs = stepLimitMs;
    Map map;
    if (!loadMapReported(cmd, mapPath, &map, importOptions)) return kExitFailure;
    if (map.actors.empty())
        return fail(cmd, mapPath + ": the map has no actors, nothing to hunt", kExitFailure);
    for (const std::string& name : opt.actors)
        if (!map.findActor(name)) {
            std::string names;
            for (const Actor& actor : map.actors) names += (names.empty() ? "" : ", ") + actor.name;
            return fail(cmd, mapPath + ": no actor named '" + name + "' (actors: " + names + ")",
                        kExitFailure);
        }
    for (const std::string& l : logPaths) {
        InputLog log;
        if (!loadInputLog(l, &log, &error)) return fail(cmd, error, kExitFailure);
        opt.seedInputs.push_back(std::move(log));
    }
    const std::string ignorePath = ignoreListPath(mapPath);
    std::vector<std::string> ignored;
    if (!loadIgnoreList(ignorePath, &ignored, &error)) return fail(cmd, error, kExitFailure);

    ProgressLine progress;
    progress.frameBudget = opt.frames;
    progress.secondBudget = opt.budgetSeconds;
    if (progress.on) opt.onProgress = [&](const HuntProgress& p) { progress.show(p); };
    HuntResult result;
    const bool ok = huntMap(map, opt, &result, &error);
    progress.clear();
    if (!ok) return fail(cmd, mapPath + ": " + error, kExitFailure);

    HuntReport report;
    report.map = mapPath;
    report.seed = opt.seed;
    report.flags.assign(args.begin(), args.end());
    report.flags.erase(std::find(report.flags.begin(), report.flags.end(), mapPath));
    report.outDir = outDir;
    report.mapArgs = mapArgs(a);
    report.framesExplored = result.framesExplored;
    report.cells = result.cells;
    report.kinds = opt.kinds;
    for (const Actor& actor : map.actors)
        if (opt.actors.empty() ||
            std::find(opt.actors.begin(), opt.actors.end(), actor.name) != opt.actors.end())
            report.actors.push_back(actor.name);
    report.findings = std::move(result.findings);
    // Dropped here rather than inside the hunt, to say how many the list hid.
    report.ignored = dropIgnored(ignored, &report.findings);
    sortFindings(&report.findings);
    for (const SnagFinding& f : report.findings) {
        if (!f.variedSpawn && !f.variedParams) {
            report.caseMaps.emplace_back();
            continue;
        }
        Map varied = map;
        Actor& actor = varied.actors[f.actor];
        if (f.variedSpawn) {
            actor.x = f.spawnX;
            actor.y = f.spawnY;
        }
        if (f.variedParams) {
            actor.params = f.params;
            actor.paramsSet = ~0u;
        }
        report.caseMaps.push_back(mapToJson(varied));
    }
    if (!writeReport(report, outDir, junit, &error)) return fail(cmd, error, kExitFailure);
    printFindings(report, ignorePath);
    return report.findings.empty() ? kExitOk : kExitFound;
}

}  // namespace ts::cli
