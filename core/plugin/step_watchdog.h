// Reports a plugin step that runs too long, and routes a plugin's faults to the caller. A
// plugin is the user's code: a step that loops forever must be reported, not waited on in
// silence. A plugin in its own process (plugin_host_client.h) is stopped by its client at the
// limit (limitMs), which reports that as a fault. Only in-process plugins (benchmarks)
// need the monitor: a C++ thread cannot be stopped from outside, so it only notices and calls
// back; the caller decides: the headless `run` prints the error and exits the process, the
// editor's reload check gives up on the worker thread that is stuck and keeps the previous
// build.
//
// How: a plugin step (PluginMover::step / spawn) marks its entry and exit on the watchdog its
// caller passed (StepContext::watchdog, set by the Sim's driver: no thread-local or global
// says which watchdog is current) with a counter, odd while inside a step: no clock read on
// the step's path. A monitor thread samples the counter; the same odd value for longer than
// the limit is a stuck step, reported once. One thread steps through a watchdog at a time
// (the Sims that share one run on one thread: `run`'s, the editor's UI thread, a reload
// check's worker).
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace ts {

class StepWatchdog {
  public:
    // onStuck runs on the monitor thread with "plugin:NAME: a step of actor 'A' at frame F
    // ran longer than N ms" (the actor where a Sim steps one: movers/step_context.h).
    using Report = std::function<void(const std::string& message)>;
    StepWatchdog(int64_t limitMs, Report onStuck);
    ~StepWatchdog();  // stops the monitor thread
    StepWatchdog(const StepWatchdog&) = delete;
    StepWatchdog& operator=(const StepWatchdog&) = delete;

    // The frame being stepped, for the report, where the steps do not say it.
    void setFrame(int64_t frame) { frame_.store(frame, std::memory_order_relaxed); }
    bool fired() const { return fired_.load(); }
    // Where a plugin call that failed for good (crashed, exited, ran out of memory: it runs
    // in a plugin host, plugin_host.h) is reported, on the thread that made the call, with
    // "plugin:NAME: a step at frame F crashed: ...". Without one, onStuck reports it.
    void setFaultReport(Report onFault) { onFault_ = std::move(onFault); }
    // For those reports, when setFrame is not used: the frame being stepped, asked on the
    // stepping thread at the time of the fault.
    void setFrameSource(std::function<int64_t()> frame) { frameSource_ = std::move(frame); }
    // Reports such a failure of `mover`'s `call` ("a step", "init").
    void reportFault(const char* mover, const char* call, const std::string& what);
    int64_t limitMs() const { return limitMs_; }

    // Marks one plugin call on `dog`; a no-op when `dog` is null (nobody watches).
    // `call` names it in a report ("a step", "init"); both strings outlive the call. An
    // untimed call (one in a plugin host, which ends a call past the limit itself and reports
    // it as a fault) only names the frame and actor for reportFault.
    class Guard {
      public:
        // `actor`: the name of the actor being stepped, null when none (it outlives the call);
        // `frame`: the frame being stepped, -1 when unknown.
        explicit Guard(StepWatchdog* dog, const char* mover, const char* call = "a step",
                       bool timed = true, const char* actor = nullptr, int64_t frame = -1);
        ~Guard();
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;

      private:
        StepWatchdog* dog_;
        bool timed_;
    };

  private:
    void monitor();

    const int64_t limitMs_;
    Report onStuck_;
    Report onFault_;
    std::function<int64_t()> frameSource_;
    std::atomic<uint64_t> calls_{0};  // odd while a step runs
    std::atomic<const char*> mover_{""};
    std::atomic<const char*> call_{"a step"};
    // The stepping actor's name, the Sim's own string: valid while the call it names is
    // stuck, which is the only time the monitor reads it.
    std::atomic<const char*> actor_{nullptr};
    std::atomic<int64_t> frame_{-1};
    std::atomic<bool> fired_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace ts
