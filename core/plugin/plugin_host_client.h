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
// ends that host and turns stepping ahead off for this build.
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
    // is a hang: the host is killed (the plugin's code may never return, and only ending its
    // process stops it) and *fault is "ran longer than N ms", like any other fault.
    bool init(ts_mover_state* state, const ts_fix* params, int64_t limitMs, std::string* fault);
    // `ahead`: the keys of `actor` after this frame, where the caller knows them.
    bool step(const CollisionWorld& world, const ts_mover_state& in, uint32_t keys,
              const ts_fix* params, bool traced, int64_t limitMs, wire::Result* out,
              std::string* fault, const KeysAhead* ahead = nullptr, size_t actor = 0);

    // After a call that crashed: where, " in step at walk.c:12" (or "" when the host could
    // not tell within timeoutMs). Kept apart so that finding it out is not taken for a hang.
    std::string faultLocation(int64_t timeoutMs);
    // Ends the host and forgets what it stepped ahead: the next call starts a new one, which
    // steps ahead again.
    void restart();
    static constexpr int64_t kLocateLimitMs = 10000;
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
    bool exchange(uint8_t type, const std::string& payload, int64_t limitMs, std::string* reply,
                  std::string* fault);
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

    std::string path_;
    plat::PinnedLibrary library_;
    plat::HostProcess process_;
    plat::Pipe fd_ = plat::kNoPipe;
    bool dying_ = false;            // sent a fault; its location may follow
    std::vector<uint64_t> worlds_;  // the worlds the host holds, oldest first
    std::deque<Chain> chains_;      // newest first
    Pending pending_;
    bool ahead_ = true;  // step ahead (off after the steps ahead failed)
    uint32_t guessed_;   // frames per request when guessing the keys (kFramesGuessed..)
    std::mutex mutex_;
    std::string outputPartial_;            // a line not ended yet
    std::deque<std::string> outputLines_;  // the last whole lines
    std::mutex outputMutex_;
};

}  // namespace ts
