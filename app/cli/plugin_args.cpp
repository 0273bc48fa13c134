#include "plugin_args.h"

#include <unistd.h>

#include <atomic>
#include <utility>

#include "commands.h"
#include "plugin/plugin_registry.h"

namespace ts::cli {

bool loadPluginsReported(const char* command, const ParsedArgs& a, const StepWatchdog* watchdog,
                         int64_t limitMs) {
    std::vector<MoverKind> kinds;
    std::string error;
    if (loadPluginMovers(a.all(kPluginFlag.name), false, &kinds, &error,
                         watchdog ? watchdog->limitMs() : limitMs))
        return true;
    fail(command, error, kExitFailure);
    return false;
}

namespace {
std::atomic<const std::function<std::string()>*> gStuckExitHook{nullptr};
}  // namespace

StuckExitHook::StuckExitHook(std::function<std::string()> finish) : finish_(std::move(finish)) {
    gStuckExitHook.store(&finish_);
}

StuckExitHook::~StuckExitHook() {
    gStuckExitHook.store(nullptr);
}

bool stepLimitArg(const ParsedArgs& a, int64_t* ms, std::string* error) {
    long long limit = kDefaultStepLimitMs;
    if (const std::string* text = a.value(kStepLimitFlag.name))
        if (!parseWholeNumber(*text, kStepLimitFlag.name, 1, 3600000, &limit, error)) return false;
    *ms = int64_t(limit);
    return true;
}

std::unique_ptr<StepWatchdog> pluginWatchdog(const char* command, const ParsedArgs& a,
                                             std::string* error) {
    int64_t limit = kDefaultStepLimitMs;
    if (!stepLimitArg(a, &limit, error)) return nullptr;
    if (!a.has(kPluginFlag.name)) return nullptr;
    const std::string prefix = std::string("tilestep ") + command + ": ";
    auto dog = std::make_unique<StepWatchdog>(limit, [prefix](const std::string& m) {
        // On the monitor thread while the main thread is inside the plugin: besides the
        // hook (whose data the stuck thread does not touch), only write(2) and _exit.
        std::string note;
        if (const auto* finish = gStuckExitHook.load()) note = (*finish)();
        const std::string line = prefix + m + "; stopped" + note + "\n";
        ssize_t ignored = ::write(2, line.data(), line.size());
        (void)ignored;
        ::_exit(kExitFailure);
    });
    return dog;
}

}  // namespace ts::cli
