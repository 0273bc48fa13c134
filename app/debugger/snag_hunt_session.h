// The editor's Snag hunt (issue 27): core/hunt's search run on a thread of its own over a
// copy of the map, so that the window keeps drawing while it runs; the window polls the
// progress each frame, may cancel, and then lists the findings grouped by map feature, opens
// one in the debugger, ignores one (MAP.snagignore, which `tilestep hunt` in CI honours too)
// or re-checks them all after an edit or a plugin reload. No GL here: tests drive it directly.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "debugger/debugger_state.h"
#include "draw/overlays.h"
#include "hunt/hunt.h"
#include "map/map.h"

namespace ts {

class SnagHuntSession {
  public:
    struct Settings {
        int64_t frames = 1000000;  // explored frames, the reproducible bound: `hunt`'s default
        double seconds = 30;       // and a time bound, whichever comes first
        uint64_t seed = 1;
        int jobs = 0;  // threads; 0: every core (findings do not depend on it)
        uint32_t kinds = kAllSnagKinds;
        // A plugin call's limit (the editor's --step-limit), for the hunt and Re-check.
        int64_t pluginCallLimitMs = 0;
    };
    // What a Re-check said of one finding.
    enum class Check : uint8_t { NotChecked, StillThere, Fixed };
    struct Group {
        std::string feature;          // the map feature's text
        std::vector<size_t> members;  // indices into findings(), in report order
    };

    SnagHuntSession() = default;
    ~SnagHuntSession();  // cancels a running hunt and waits for it
    SnagHuntSession(const SnagHuntSession&) = delete;
    SnagHuntSession& operator=(const SnagHuntSession&) = delete;

    // Starts a hunt over a copy of `map`, leaving out the keys in `mapPath`'s ignore list
    // ("" for an unsaved map: no list). False with *error while one runs, or when the map
    // has no actor or the ignore list cannot be read.
    bool start(const Map& map, const std::string& mapPath, const Settings& settings,
               std::string* error);
    bool running() const { return running_.load(); }
    void cancel() { cancel_ = true; }
    // Blocks until a running hunt has ended (tests; the destructor).
    void wait();
    // Cancels a running hunt and waits for its thread (the next poll() takes its cancelled
    // result): before a plugin reload replaces a build the hunt's thread may be stepping
    // (plugin_registry.h: no replacing while another thread steps that kind). True when one
    // was running.
    bool stop();
    // Stops a running hunt and forgets the last one's findings: New and Open replace the map
    // they were found on.
    void clear();
    // Once per window frame: true on the frame a hunt's result arrives (finished or
    // cancelled), which replaces the findings shown.
    bool poll();
    HuntProgress progress() const;

    bool hasResult() const { return hasResult_; }
    bool cancelled() const { return result_.cancelled; }
    const std::string& error() const { return error_; }  // why the last hunt failed
    const std::vector<SnagFinding>& findings() const { return result_.findings; }
    const HuntCoverage& coverage() const { return result_.coverage; }
    int64_t framesExplored() const { return result_.framesExplored; }
    size_t ignoredCount() const { return ignoredCount_; }  // left out by the list at start

    // The findings grouped by their map feature, groups in order of their first finding.
    std::vector<Group> groups() const;

    // Adds finding `i` to the map's ignore list (atomically written) and drops it from the
    // list shown. False with *error (an unsaved map has no list; a write that failed).
    bool ignore(size_t i, std::string* error);
    // Replays every finding's case on `map` (the map as edited now, plugins as loaded now).
    void recheckAll(const Map& map);
    Check check(size_t i) const { return i < checks_.size() ? checks_[i] : Check::NotChecked; }
    const std::string& checkWhy(size_t i) const;

  private:
    void run(Map map, HuntOptions options);

    std::thread thread_;
    std::atomic<bool> running_{false}, cancel_{false}, done_{false};
    mutable std::mutex mutex_;  // progress_ and the pending result, written by the thread
    HuntProgress progress_;
    HuntResult pending_;
    std::string pendingError_;

    HuntResult result_;
    bool hasResult_ = false;
    std::string error_, mapPath_;
    int64_t pluginCallLimitMs_ = 0;  // the last start's, for Re-check
    size_t ignoredCount_ = 0;
    std::vector<Check> checks_;
    std::vector<std::string> checkWhy_;
};

// Opens finding `f` in the debugger: its actor driven by the finding's keys and paused on the
// bad frame (position frame + 1: the state after that step, with the step's probes). Returns
// the overlays that show why (overlaysShowing). A case found with --vary-like parameters runs
// with them as live tuning from frame 0; one found with the map's values while the actor has
// live tuning, or one that needs another spawn, cannot be shown as found: *note says so
// (empty otherwise). False with *note when the actor is not in the map.
bool openSnagFinding(Debugger& g, const SnagFinding& f, OverlayMask* overlays, std::string* note);

}  // namespace ts
