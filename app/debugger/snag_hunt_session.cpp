#include "debugger/snag_hunt_session.h"

#include "hunt/ignore_list.h"

namespace ts {

SnagHuntSession::~SnagHuntSession() {
    cancel_ = true;
    wait();
}

void SnagHuntSession::wait() {
    if (thread_.joinable()) thread_.join();
}

bool SnagHuntSession::start(const Map& map, const std::string& mapPath, const Settings& settings,
                            std::string* error) {
    if (running_) {
        *error = "a snag hunt is running (Cancel stops it)";
        return false;
    }
    wait();  // the last one's thread, finished
    if (map.actors.empty()) {
        *error = "the map has no actors to hunt with";
        return false;
    }
    HuntOptions options;
    options.frames = settings.frames;
    options.budgetSeconds = settings.seconds;
    options.seed = settings.seed;
    options.jobs = settings.jobs;
    options.kinds = settings.kinds;
    options.pluginCallLimitMs = settings.pluginCallLimitMs;
    pluginCallLimitMs_ = settings.pluginCallLimitMs;
    if (!mapPath.empty() && !loadIgnoreList(ignoreListPath(mapPath), &options.ignoredKeys, error))
        return false;
    mapPath_ = mapPath;
    cancel_ = false;
    done_ = false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        progress_ = HuntProgress{};
    }
    options.cancel = &cancel_;
    options.onProgress = [this](const HuntProgress& p) {
        std::lock_guard<std::mutex> lock(mutex_);
        progress_ = p;
    };
    running_ = true;
    thread_ = std::thread(&SnagHuntSession::run, this, map, std::move(options));
    return true;
}

void SnagHuntSession::run(Map map, HuntOptions options) {
    HuntResult result;
    std::string error;
    if (!huntMap(map, options, &result, &error) && error.empty()) error = "the hunt failed";
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_ = std::move(result);
        pendingError_ = error;
        // The bar ends on the result's own totals, not the last report (~4 a second).
        progress_.frames = pending_.framesExplored;
        progress_.cells = pending_.cells;
        progress_.findings = pending_.findings.size();
        progress_.fraction = 1;
        progress_.secondsLeft = 0;
    }
    done_ = true;
    running_ = false;
}

bool SnagHuntSession::stop() {
    if (!running_) return false;
    cancel_ = true;
    wait();
    return true;
}

void SnagHuntSession::clear() {
    stop();
    poll();
    result_ = HuntResult{};
    hasResult_ = false;
    error_.clear();
    ignoredCount_ = 0;
    checks_.clear();
    checkWhy_.clear();
    std::lock_guard<std::mutex> lock(mutex_);
    progress_ = HuntProgress{};
}

bool SnagHuntSession::poll() {
    if (!done_.exchange(false)) return false;
    wait();
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = std::move(pending_);
    pending_ = HuntResult{};
    error_ = pendingError_;
    hasResult_ = error_.empty();
    ignoredCount_ = 0;
    if (!mapPath_.empty()) {
        std::vector<std::string> keys;
        std::string why;
        if (loadIgnoreList(ignoreListPath(mapPath_), &keys, &why)) ignoredCount_ = keys.size();
    }
    checks_.assign(result_.findings.size(), Check::NotChecked);
    checkWhy_.assign(result_.findings.size(), std::string());
    return true;
}

HuntProgress SnagHuntSession::progress() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return progress_;
}

std::vector<SnagHuntSession::Group> SnagHuntSession::groups() const {
    std::vector<Group> out;
    for (size_t i = 0; i < result_.findings.size(); ++i) {
        const std::string& text = result_.findings[i].feature.text;
        Group* g = nullptr;
        for (Group& x : out)
            if (x.feature == text) g = &x;
        if (!g) {
            out.push_back(Group{text, {}});
            g = &out.back();
        }
        g->members.push_back(i);
    }
    return out;
}

bool SnagHuntSession::ignore(size_t i, std::string* error) {
    if (mapPath_.empty()) {
        *error = "save the map first: the ignore list is kept beside it";
        return false;
    }
    if (i >= result_.findings.size()) {
        *error = "no such finding";
        return false;
    }
    const SnagFinding& f = result_.findings[i];
    if (!addToIgnoreList(ignoreListPath(mapPath_), f, "ignored in the editor", error)) return false;
    result_.findings.erase(result_.findings.begin() + std::ptrdiff_t(i));
    checks_.erase(checks_.begin() + std::ptrdiff_t(i));
    checkWhy_.erase(checkWhy_.begin() + std::ptrdiff_t(i));
    ++ignoredCount_;
    return true;
}

void SnagHuntSession::recheckAll(const Map& map) {
    checks_.assign(result_.findings.size(), Check::NotChecked);
    checkWhy_.assign(result_.findings.size(), std::string());
    for (size_t i = 0; i < result_.findings.size(); ++i) {
        // recheckFinding says "the map has no actor ..." itself when the actor is gone.
        std::string why;
        const bool still = recheckFinding(map, result_.findings[i], &why, pluginCallLimitMs_);
        checks_[i] = still ? Check::StillThere : Check::Fixed;
        checkWhy_[i] = why;
    }
}

const std::string& SnagHuntSession::checkWhy(size_t i) const {
    static const std::string none;
    return i < checkWhy_.size() ? checkWhy_[i] : none;
}

bool openSnagFinding(Debugger& g, const SnagFinding& f, OverlayMask* overlays, std::string* note) {
    note->clear();
    if (g.recorded() || f.actor >= g.actorCount() || g.actorName(f.actor) != f.actorName) {
        *note = "actor " + f.actorName + " is not in the map shown";
        return false;
    }
    g.setPlaying(false);  // paused on the bad frame, also when opened while playing
    g.setDrivenActor(int(f.actor));
    g.setLog(f.actor, f.inputs);
    if (f.variedParams) {
        // With Compare off a change applies from the frame shown: set them at frame 0, or a
        // case opened from a later frame ran with the map's values up to there.
        g.restart();
        for (size_t p = 0; p < f.params.size(); ++p)
            if (f.params[p] != g.params(f.actor)[p]) g.setParam(f.actor, int(p), f.params[p]);
    } else if (g.tuned(f.actor)) {
        // The hunt ran with the map's values; the tuning stays (it is the user's work).
        *note = f.actorName + " has live tuning the hunt did not use (it ran with the map's " +
                "values): Apply to actor or reset them to see the case as found";
    }
    if (f.variedSpawn)
        *note += std::string(note->empty() ? "" : "; ") + "this case starts " + f.actorName +
                 " at (" + std::to_string(f.spawnX) + ", " + std::to_string(f.spawnY) +
                 "), not at the map's spawn: run `tilestep hunt` --vary spawn to get its case map";
    g.runTo(f.frame + 1);
    *overlays = overlaysShowing(g.trace(), int32_t(f.actor));
    return true;
}

}  // namespace ts
