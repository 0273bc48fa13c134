#include "plugin/plugin_reload.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "sim/determinism_check.h"
#include "movers/param_carry.h"
#include "plugin/plugin_registry.h"
#include "plugin/step_watchdog.h"

namespace ts {

PluginFileWatch::PluginFileWatch(std::string path) : path_(std::move(path)) {
    loaded_ = read();
}

bool PluginFileWatch::poll() {
    const Stamp now = read();
    if (now == loaded_) {
        havePending_ = false;
        return false;
    }
    if (!havePending_ || !(now == pending_)) {  // changed since the last poll: wait
        pending_ = now;
        havePending_ = true;
        return false;
    }
    havePending_ = false;
    loaded_ = now;
    return now.exists;  // a deleted file is nothing to load
}

namespace {

// What the check's worker thread and the waiting thread share. Owned by both, so that a
// worker that is given up on keeps it (and its map) alive.
struct CheckJob {
    Map map;
    int64_t frames = 0;
    std::vector<InputBits> keys;
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    bool stuck = false;
    std::string stuckMessage;
    std::string faultMessage;  // the first call of the check that crashed or exited
    DeterminismReport report;
    std::unique_ptr<StepWatchdog> watchdog;
};

ParamCarry carryBetween(const PluginMover& from, const PluginMover& to) {
    return ParamCarry(from.info().params, from.info().paramCount, to.info().params,
                      to.info().paramCount);
}

}  // namespace

Map withParamsCarried(const Map& map, MoverKind kind, const ParamCarry& carry) {
    Map out = map;
    for (Actor& a : out.actors)
        if (a.mover == kind) carry.carry(a);
    return out;
}

ReloadOutcome reloadPluginChecked(MoverKind kind, const std::string& path, const Map& map,
                                  int64_t frames, const std::vector<InputBits>& keys,
                                  int64_t stepLimitMs) {
    ReloadOutcome out;
    const PluginMover* previous = pluginMover(kind);
    if (!previous) {
        out.message = path + ": no plugin mover of this kind is loaded";
        return out;
    }
    const std::string kept = "; kept the previous build";
    // Replacing it would unload it: held until the new build has passed.
    PluginBuildHold previousHold(previous);
    std::string error;
    std::unique_ptr<PluginMover> build = PluginMover::load(path, true, &error, stepLimitMs);
    const PluginMover* candidate = build.get();
    if (build) replacePluginMover(kind, std::move(build), &error);
    if (!error.empty()) {
        out.message = error + kept;
        return out;
    }
    const std::string id = previous->id();
    const ParamCarry carry = carryBetween(*previous, *candidate);

    auto job = std::make_shared<CheckJob>();
    job->map = withParamsCarried(map, kind, carry);
    job->frames = frames;
    job->keys = keys;
    job->watchdog = std::make_unique<StepWatchdog>(stepLimitMs, [job](const std::string& m) {
        std::lock_guard<std::mutex> lock(job->mutex);
        job->stuck = true;
        job->stuckMessage = m;
        job->cv.notify_all();
    });
    job->watchdog->setFaultReport([job](const std::string& m) {
        std::lock_guard<std::mutex> lock(job->mutex);
        if (job->faultMessage.empty()) job->faultMessage = m;
    });
    // `job` is captured by the watchdog's callback it owns: a cycle that keeps a job whose
    // worker is stuck alive for good, which is the point. A finished job breaks it below.
    std::thread worker([job] {
        const size_t actors = job->map.actors.size();
        DeterminismReport r = checkDeterminism(
            job->map, job->frames,
            [&](int64_t f, size_t a) {
                const size_t i = size_t(f) * actors + a;
                return i < job->keys.size() ? job->keys[i] : InputBits(0);
            },
            [&](int64_t f) { job->watchdog->setFrame(f); }, job->watchdog.get());
        std::lock_guard<std::mutex> lock(job->mutex);
        job->report = std::move(r);
        job->done = true;
        job->cv.notify_all();
    });
    std::unique_lock<std::mutex> lock(job->mutex);
    job->cv.wait(lock, [&] { return job->done || job->stuck; });
    if (!job->done) {
        lock.unlock();
        worker.detach();
        keepPluginBuildsLoaded();  // before the swap: the stuck thread runs the candidate
        reinstatePluginMover(kind, previous);
        out.stuck = true;
        out.message = job->stuckMessage + kept +
                      " (the stuck step keeps one CPU core busy until tilestep exits)";
        return out;
    }
    lock.unlock();
    worker.join();
    const DeterminismReport report = job->report;
    job->watchdog.reset();  // stops its monitor thread and breaks the cycle
    if (!job->faultMessage.empty()) {
        reinstatePluginMover(kind, previous);
        out.message = job->faultMessage + kept;
        return out;
    }
    if (!report.same) {
        reinstatePluginMover(kind, previous);
        out.message = id + ": not deterministic: " + report.message() + kept;
        return out;
    }
    out.installed = true;
    out.previous = previousHold;
    out.current = PluginBuildHold(candidate);
    out.message =
        id + ": reloaded " + path + ", deterministic over " + std::to_string(frames) + " frames";
    if (carry.changed() || carry.defaultsChanged()) {
        const Map carried = withParamsCarried(map, kind, carry);
        size_t actors = 0;
        for (size_t i = 0; i < map.actors.size(); ++i)
            actors += map.actors[i].mover == kind &&
                              (!(carried.actors[i].params == map.actors[i].params) ||
                               carried.actors[i].paramsSet != map.actors[i].paramsSet)
                          ? 1
                          : 0;
        out.message += "; parameters: " + carry.summary() + "; " + std::to_string(actors) +
                       (actors == 1 ? " actor" : " actors") + " updated";
    }
    return out;
}

}  // namespace ts
