// The snag hunt (issue 27): tilestep searches a map for the "stuck sometimes" movement bugs
// itself (detectors over each step, a Go-Explore archive over Sim snapshots), shrinks each
// finding to a short input log that opens at the bad frame, and replays it twice.
//
// This is the group's public face; hunt-cli (report files, `tilestep hunt`, `check`) and the
// editor's Snag hunt code against it. Names here stay stable; fields and functions may be
// added (changes to existing names would be listed here).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"
#include "sim/input_log.h"
#include "world/collision.h"

namespace ts {

// The kinds, in report order. docs/hunt.md defines each one (from the comments of the
// detectors in core/hunt/detect_*.cpp).
enum class SnagKind : uint8_t {
    Stuck,
    Snag,
    Corner,
    Lip,
    Tunnel,
    Inside,
    Jitter,
    Escape,
    Fault,
    Count
};
const char* snagKindName(SnagKind k);  // "stuck", "snag", ...
// "all" or a comma list "stuck,snag" -> bit mask (1u << int(kind)); false + *error on a bad name
bool parseSnagKinds(const std::string& list, uint32_t* mask, std::string* error);
constexpr uint32_t kAllSnagKinds = (1u << int(SnagKind::Count)) - 1;
constexpr uint32_t snagBit(SnagKind k) {
    return 1u << int(k);
}

struct MapFeature {
    // "tile", "seam", "brush", "wall", "slope joint", "one-way", "corner", "map edge", "open"
    std::string kind;
    int64_t cx = 0, cy = 0;  // the cell it is at (for grouping and the editor's jump)
    std::string text;  // "seam between cells (12,9) and (13,9)", "brush #3 at (40,96) 2x16", ...
};

// The map feature next to `box` in the direction `dir` (Dir bits; 0: the box's own cells):
// what the finding's box touches or is about to enter there.
MapFeature featureNear(const CollisionWorld& world, const RectI& box, uint8_t dir);

struct SnagFinding {
    SnagKind kind{};
    size_t actor = 0;  // index in map.actors
    std::string actorName;
    int64_t frame = 0;  // the bad frame (the frame whose step went wrong; 0-based like run's trace)
    int64_t x = 0, y = 0;  // the box's position in px at that frame (after its step)
    uint8_t dir = 0;       // travel direction involved (Dir bits), 0 when none
    MapFeature feature;
    std::string detail;  // one sentence: what was expected and what happened
    InputLog inputs;     // the (shrunk) keys of `actor` from frame 0 that trip it
    // Only when --vary moved them: the spawn / parameters the case needs (else empty/unset).
    bool variedSpawn = false;
    int64_t spawnX = 0, spawnY = 0;
    bool variedParams = false;
    ParamValues params{};
    // Identity for de-duplication, Ignore lists and shrink checks: kind|actorName|feature.text|dir
    std::string key() const;
};

struct HuntProgress {
    int64_t frames = 0;  // explored frames so far
    double framesPerSecond = 0;
    size_t cells = 0;  // archive cells
    size_t findings = 0;
    double fraction = 0;  // 0..1 of the budget used
    double secondsLeft = 0;
};

struct HuntOptions {
    std::vector<std::string> actors;  // empty = every actor
    uint32_t kinds = kAllSnagKinds;
    double budgetSeconds = 0;  // 0 = none; the hunt stops at whichever of budget/frames comes first
    int64_t frames = 0;        // explored-frame budget (the reproducible bound); 0 = none
    uint64_t seed = 1;
    int jobs = 0;  // threads; 0 = hardware concurrency. Findings do not depend on jobs.
    int shardIndex = 0, shardCount = 1;
    std::vector<InputLog> seedInputs;  // --inputs
    bool varySpawn = false, varyParams = false;
    std::vector<std::string> ignoredKeys;  // SnagFinding::key() values not to report
    std::function<void(const HuntProgress&)>
        onProgress;                             // called from the hunt's own thread, ~4x/s
    const std::atomic<bool>* cancel = nullptr;  // set true to stop early (editor)
    // Added: the longest run (frames from spawn) one archive entry may reach; 0 = the default.
    int64_t maxDepth = 0;
    // Added: uniform random key runs from the spawn instead of the archive (bench baseline).
    bool uniformRandom = false;
    // Added: a plugin in its host is sent each epoch's tasks in one message and steps them
    // ahead (PluginMover::stepPlanned); false: each task asks for its own frames (the tests'
    // reference: the findings are the same).
    bool batchPluginSteps = true;
    // Added: a plugin call's limit in ms (`hunt --step-limit`, the editor's); a call past it
    // is a `fault` finding, each costing this long. 0: the default, 2000 ms.
    int64_t pluginCallLimitMs = 0;
};

// Coverage for the heat-map overlay: explored frames per map cell (row-major, map width).
struct HuntCoverage {
    int32_t width = 0, height = 0;
    std::vector<uint32_t> visits;
};

struct HuntResult {
    std::vector<SnagFinding>
        findings;  // shrunk, replayed twice, de-duplicated, sorted (kind, actor, frame)
    int64_t framesExplored = 0;
    size_t cells = 0;
    double seconds = 0;
    HuntCoverage coverage;
    bool cancelled = false;
    // Added: explored frames when the first finding (before shrinking) was seen; -1 when none.
    int64_t framesToFirstFinding = -1;
};

// The map must validate. Plugin movers must be registered (core/plugin) before the call.
// Errors (an actor name not in the map, ...) -> false and *error.
bool huntMap(const Map& map, const HuntOptions& opt, HuntResult* out, std::string* error);

// Re-runs one finding's inputs and says whether it still trips the same detector at the same
// feature and direction (Re-check after an edit or a plugin reload). `pluginCallLimitMs` as
// HuntOptions::pluginCallLimitMs.
bool recheckFinding(const Map& map, const SnagFinding& f, std::string* why,
                    int64_t pluginCallLimitMs = 0);

// Added: runs `log` for actor `actor` of `map` (other actors without keys) with every detector
// of `kinds` and returns what they find (inputs left empty), frame by frame. Stops after
// `maxFrames` (0 = the log's length). The one replay that shrinking and recheckFinding use.
std::vector<SnagFinding> replayFindings(const Map& map, size_t actor, const InputLog& log,
                                        uint32_t kinds, int64_t maxFrames = 0);

// The detectors over one step, for `check` (recorded traces) and the hunt itself.
// prev/next: the actor's states before and after frame `frame`'s step; keys: the keys of that frame
// (trace_check passes its best inference when the trace has none).
struct StepFacts {
    int64_t frame;
    InputBits keys;
    const MoverState* prev;
    const MoverState* next;
};

class SnagDetectors {
  public:
    SnagDetectors(const CollisionWorld& world, const MoverInfo& mover, const ParamValues& params,
                  uint32_t kinds);
    // Feeds one step of one actor; appends what it finds (inputs left empty) to *out.
    void observe(const StepFacts& step, std::vector<SnagFinding>* out);
    void reset();  // a new run of the same actor
    // Added: the actor named in findings.
    void setActor(size_t actor, const std::string& name);

    ~SnagDetectors();
    SnagDetectors(SnagDetectors&&) noexcept;
    SnagDetectors& operator=(SnagDetectors&&) noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ts
