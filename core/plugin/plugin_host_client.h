// tilestep's side of a plugin host (plugin_host.h): starts the host process for one build of
// a plugin, sends it the collision world when the world a step is given is one the host
// does not hold (CollisionWorld::generation), and turns its calls into messages. A host that
// crashed, exited or ran out of memory is a fault for the call in progress; the next call
// starts a new host on the same build.
//
// Cost: a round trip per step would cost far more than a step. When a step is asked for,
// the host also steps frames after it: with the keys the caller knows for them
// (movers/step_context.h: the Timeline replaying a recording), else with the same keys (the
// common case: keys held for a while), and sends them all in one reply. A later request for
// exactly such a step (same state, keys, parameters, world, traced or not) is answered from
// them without a message, each stepped result used once (a plugin with hidden state still
// steps differently each time it is asked, as the determinism check needs). When more keys
// are known than one reply holds, the next request is sent as soon as a reply comes, so that
// the host steps the next frames while tilestep uses these. What the steps
// ahead meet that the frame asked for did not (a crash, an exit, a hang past a few ms of CPU
// time or 100 ms of wall-clock time) only
// ends that host and turns stepping ahead off for this build. A step ahead that ends or hangs
// the host without a word (it closed its connection first, or blocked every signal) is told
// apart from the frame asked for by the index of the step running, which the host writes
// before each step in a page both share (plat::hostStepIndex): the frame asked for is then
// stepped again alone, and the failing step is met, and named, when its frame is asked for.
//
// Runs planned in advance (the snag hunt's tasks: each restores a state and plays keys it has
// drawn) go in one message (stepPlanned, wire::kBatch): the host steps them one after the
// other and answers each as soon as it is stepped, so that a whole epoch of tasks costs one
// message each way and the host steps the next run while tilestep judges this one. Their
// results are read when a step asks for the first frame of the next run and become chains
// like any frames ahead: a step is answered from them only when it is exactly the frame they
// stepped, so that stepping through a batch gives what stepping without one gives.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <deque>
#include <vector>

#include "plugin/detail/host_process.h"
#include "plugin/detail/plugin_wire.h"

namespace ts {

class CollisionWorld;
class KeysAhead;

class PluginHostClient {
  public:
    // Starts a host for the pinned library `lib` (kept by the client: every restart loads
    // the same build, whatever is at `path` by then) and reads the descriptor into
    // *desc. On failure returns null with *error = "PATH: problem"; an entry point that does
    // not return within timeoutMs is one.
    static std::unique_ptr<PluginHostClient> start(const std::string& path, plat::PinnedLibrary lib,
                                                   int64_t timeoutMs, wire::Descriptor* desc,
                                                   std::string* error);
    ~PluginHostClient();  // ends the host
    PluginHostClient(const PluginHostClient&) = delete;
    PluginHostClient& operator=(const PluginHostClient&) = delete;

    // Each false with *fault ("crashed: SIGSEGV (...) in step at walk.c:12", "called exit(0)")
    // when the host failed during the call. A call whose reply does not come within limitMs
    // is a hang: the host is asked where it is and killed (the plugin's code may never
    // return, and only ending its process stops it) and *fault is "ran longer than N ms", like
    // any other fault.
    bool init(ts_mover_state* state, const ts_fix* params, int64_t limitMs, std::string* fault);
    // `ahead`: the keys of `actor` after this frame, where the caller knows them.
    bool step(const CollisionWorld& world, const ts_mover_state& in, uint32_t keys,
              const ts_fix* params, bool traced, int64_t limitMs, wire::Result* out,
              std::string* fault, const KeysAhead* ahead = nullptr, size_t actor = 0);

    // Runs known in advance: each from `state` with keys[0..frames) (as many frames of each as
    // a request holds, kMaxBatchRuns runs), in `world` with `params`, untraced. Sent to the
    // host at once and stepped there ahead of the steps that will ask for them. Best effort:
    // nothing is sent while stepping ahead is off for this build, and a frame the host did not
    // step (a run cut short) is asked for as usual. limitMs: for the replies of an earlier
    // batch still on their way.
    struct PlannedRun {
        ts_mover_state state;
        const uint8_t* keys;
        uint32_t frames;
    };
    void stepPlanned(const CollisionWorld& world, const ts_fix* params,
                     const std::vector<PlannedRun>& runs, int64_t limitMs);
    // Messages sent to the host so far: step requests (kStep) and batches (kBatch), for the
    // tests that check a hunt is batched.
    struct Counts {
        uint64_t steps = 0, batches = 0;
    };
    Counts counts();

    // After a call that crashed or hung: where, " in step at walk.c:12" (or "" when the host
    // could not tell within timeoutMs, kHangLocateMs for a hang). Kept apart so that finding
    // it out is not taken for a hang.
    std::string faultLocation(int64_t timeoutMs);
    // Ends the host and forgets what it stepped ahead: the next call starts a new one, which
    // steps ahead again.
    void restart();
    static constexpr int64_t kLocateLimitMs = 10000;
    static constexpr int64_t kHangLocateMs = 5000;
    // The last lines the plugin wrote to its stdout or stderr (oldest first, at most
    // kOutputLinesKept), for the editor's Plugins panel. Each is also written to tilestep's
    // stderr as it comes, prefixed "plugin:NAME: ", never to tilestep's stdout (a trace).
    std::vector<std::string> recentOutput();
    static constexpr size_t kOutputLinesKept = 50;
    // A call's limit where no step watchdog watches it (StepContext::watchdog).
    static constexpr int64_t kDefaultCallLimitMs = 2000;

    // Where tilestep-plugin-host is: $TILESTEP_PLUGIN_HOST, else beside the running
    // executable, else where this build put it; "" when none exists.
    static std::string hostPath();

  private:
    PluginHostClient() = default;
    bool launch(int64_t timeoutMs, wire::Descriptor* desc, std::string* error);
    void stop();
    std::string takeLocation(int64_t timeoutMs);
    std::string ended(int64_t waitMs);  // after the stream closed: how the host ended
    // Passes on what the host wrote (drainOutput); `last` after it ended.
    void forwardOutput(bool last = false);
    // With failedAhead (a request of several frames): true there, with the host ended and no
    // fault, when the host ended or hung without a reply after the frame asked for.
    bool exchange(uint8_t type, const std::string& payload, int64_t limitMs, std::string* reply,
                  std::string* fault, bool* failedAhead = nullptr);
    bool holdWorld(const CollisionWorld& world, std::string* fault);

    // The results of one request's frames, in order: the next request of the same actor asks
    // for results[next] when it steps from `in` with keys[next] (the frames before were
    // used). Kept as the reply held them: a step taken from a chain copies one state.
    struct Chain {
        uint64_t world;
        ts_fix params[TS_MOVER_MAX_PARAMS];
        bool traced;
        ts_mover_state in;
        std::vector<uint8_t> keys;
        std::vector<wire::Result> results;
        size_t next = 1;
        bool guessed = false;  // stepped with the keys of the frame asked for held
    };
    // The frames ahead requested before anyone asked for them (StepRequest::ahead).
    struct Pending {
        bool active = false;
        wire::StepRequest request;
    };
    // Reads the pending reply; true with *out when it answers `q` (then its frames ahead
    // become a chain), else drops it.
    bool takePending(const wire::StepRequest& q, int64_t limitMs, wire::Result* out,
                     const KeysAhead* ahead = nullptr, size_t actor = 0);
    // Answers `q` with results[0] (*out), makes a chain of results[1..] and, when more keys
    // are known (`later`, n of them), asks for the frames after the last result.
    void keepAhead(const wire::StepRequest& q, std::vector<wire::Result>&& results,
                   const uint8_t* later, int n, wire::Result* out, bool guessed = false);
    bool fromChains(uint64_t world, const ts_mover_state& in, uint32_t keys, const ts_fix* params,
                    bool traced, wire::Result* out);

    // A batch whose replies are still coming, one per run in order: run k started from
    // states[k] with keys[offsets[k]..offsets[k+1]).
    struct Batch {
        bool active = false;
        uint64_t world = 0;
        ts_fix params[TS_MOVER_MAX_PARAMS];
        std::vector<ts_mover_state> states;
        std::vector<uint32_t> offsets;
        std::vector<uint8_t> keys;
        size_t next = 0;       // the first run whose reply has not come
        std::vector<char> in;  // the replies as read, [begin, end) not taken yet
        size_t begin = 0, end = 0;
    };
    // Reads the batch's replies up to the run that starts with this step (then answers it from
    // its chain), or all of them when no run does (the stream holds nothing else until they
    // end): true with *out when the step is among what was read.
    bool fromBatch(uint64_t world, const ts_mover_state& in, uint32_t keys, const ts_fix* params,
                   bool traced, int64_t limitMs, wire::Result* out);
    // Reads the next run's reply into a chain (first in line with `front`, else last).
    void readBatchRun(int64_t limitMs, bool front);
    // The next message of a batch's replies (*payload valid until the next call).
    wire::ReadStatus nextBatchMessage(int64_t limitMs, uint8_t* type, const char** payload,
                                      size_t* n);
    void drainBatch(int64_t limitMs);

    std::string path_;
    plat::PinnedLibrary library_;
    plat::HostProcess process_;
    plat::Pipe fd_ = plat::kNoPipe;
    bool dying_ = false;            // sent a fault; its location may follow
    bool hung_ = false;             // ... or was asked where it hung (kHangLocateMs)
    std::vector<uint64_t> worlds_;  // the worlds the host holds, oldest first
    std::deque<Chain> chains_;      // newest first
    Pending pending_;
    Batch batch_;
    Counts counts_;
    bool ahead_ = true;  // step ahead (off after the steps ahead failed)
    uint32_t guessed_;   // frames per request when guessing the keys (kFramesGuessed..)
    std::mutex mutex_;
    std::string outputPartial_;            // a line not ended yet
    std::deque<std::string> outputLines_;  // the last whole lines
    std::mutex outputMutex_;
};

}  // namespace ts
