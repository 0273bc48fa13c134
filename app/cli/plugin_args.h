// `--plugin PATH.so`, taken by every command that reads maps and repeatable (a game's player
// and enemies move by different code): loads mover plugins (include/tilestep/mover_plugin.h)
// before the map, so that actors with mover "plugin:NAME" load, validate, convert and run.
// `--step-limit MS` bounds each plugin step, whichever plugin it is (run).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "args.h"
#include "plugin/step_watchdog.h"

namespace ts::cli {

constexpr FlagSpec kPluginFlag = {"--plugin", true, "PATH.so", nullptr, true};
constexpr FlagSpec kStepLimitFlag = {"--step-limit", true};
constexpr int64_t kDefaultStepLimitMs = 2000;

// Loads the plugins named by each --plugin, in order; on failure (one that does not load, two
// with the same id) prints "tilestep CMD: PATH: problem" and returns false. `watchdog`: the one
// that will watch their calls (pluginWatchdog), whose limit also bounds their loading.
// `limitMs` (when no watchdog): the calls' limit all the same (`hunt`, which has no watchdog:
// its plugins run in their hosts, which stop a call past the limit and report it as a fault).
bool loadPluginsReported(const char* command, const ParsedArgs& a,
                         const StepWatchdog* watchdog = nullptr, int64_t limitMs = 0);

// --step-limit MS (1 .. 3600000; kDefaultStepLimitMs when not given). False on a bad value,
// with *error set.
bool stepLimitArg(const ParsedArgs& a, int64_t* ms, std::string* error);

// With --plugin: a watchdog whose limit is --step-limit (default 2000 ms), for the command's
// Sims to pass with each plugin call (Sim's constructor, StepContext::watchdog). A plugin's fault
// (a crash, an exit, a call past the limit, which the plugin host's client stops and reports on
// this thread; or a stuck in-process step, on the monitor thread) runs the StuckExitHook (if one is
// set), prints "tilestep CMD: plugin:NAME: a step of actor 'A' at frame F ran longer than N ms;
// stopped" plus the hook's note, and exits the process with status 1. Null without --plugin. On a
// bad --step-limit returns null and sets *error.
std::unique_ptr<StepWatchdog> pluginWatchdog(const char* command, const ParsedArgs& a,
                                             std::string* error);

// While it lives, a stuck step runs `finish` on the watchdog's thread before the process
// exits, and its result is appended to the message. The main thread is then inside the
// plugin's step, so what it only touches between steps (`run`'s trace buffer and file) is
// still: `run` finishes its trace up to the last whole frame.
class StuckExitHook {
  public:
    explicit StuckExitHook(std::function<std::string()> finish);
    ~StuckExitHook();
    StuckExitHook(const StuckExitHook&) = delete;
    StuckExitHook& operator=(const StuckExitHook&) = delete;

  private:
    std::function<std::string()> finish_;
};

}  // namespace ts::cli
