// Reports a plugin step that runs too long, and routes a plugin's faults to the caller. A
// plugin is the user's code: a step that loops forever must be reported, not waited on in
// silence. A plugin in its own process (plugin_host_client.h) is stopped by its client at the
// limit (guardLimitMs), which reports that as a fault. Only in-process plugins (benchmarks)
// need the monitor: a C++ thread cannot be stopped from outside, so it only notices and calls
// back; the caller decides: the headless `run` prints the error and exits the process, the
// editor's reload check gives up on the worker thread that is stuck and keeps the previous
// build.
//
// How: a plugin step (PluginMover::step / spawn) marks its entry and exit on the watchdog
// guarding its thread (a counter, odd while inside a step: no clock read on the step's
// path). A monitor thread samples the counter; the same odd value for longer than the limit
// is a stuck step, reported once.
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

    // Plugin steps on the calling thread are watched by this watchdog from now on (until
    // unguard() or another watchdog guards the thread).
    void guardThisThread();
    static void unguardThisThread();
    // The frame being stepped, for the report.
    void setFrame(int64_t frame) { frame_.store(frame, std::memory_order_relaxed); }
    bool fired() const { return fired_.load(); }
    // Where a plugin call that failed for good (crashed, exited, ran out of memory: it runs
    // in a plugin host, plugin_host.h) is reported, on the thread that made the call, with
    // "plugin:NAME: a step at frame F crashed: ...". Without one, onStuck reports it.
    void setFaultReport(Report onFault) { onFault_ = std::move(onFault); }
    // For those reports, when setFrame is not used: the frame being stepped, asked on the
    // stepping thread at the time of the fault.
    void setFrameSource(std::function<int64_t()> frame) { frameSource_ = std::move(frame); }
    // Reports such a failure of `mover`'s `call` ("a step", "init") to the watchdog guarding
    // the calling thread; false when none guards it.
    static bool reportFault(const char* mover, const char* call, const std::string& what);
    // The limit of the watchdog guarding the calling thread; 0 when none guards it.
    static int64_t guardLimitMs();
    int64_t limitMs() const { return limitMs_; }

    // Marks one plugin call on the current thread; a no-op when no watchdog guards it.
    // `call` names it in a report ("a step", "init"); both strings outlive the call. An
    // untimed call (one in a plugin host, which ends a call past the limit itself and reports
    // it as a fault) only names the frame and actor for reportFault.
    class Guard {
      public:
        // `actor`: the name of the actor being stepped, null when none (it outlives the call).
        explicit Guard(const char* mover, const char* call = "a step", bool timed = true,
                       const char* actor = nullptr);
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
