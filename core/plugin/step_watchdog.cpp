#include "plugin/step_watchdog.h"

#include <algorithm>
#include <chrono>

namespace ts {

StepWatchdog::StepWatchdog(int64_t limitMs, Report onStuck)
    : limitMs_(std::max<int64_t>(1, limitMs)), onStuck_(std::move(onStuck)) {
    thread_ = std::thread([this] { monitor(); });
}

StepWatchdog::~StepWatchdog() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void StepWatchdog::reportFault(const char* mover, const char* call, const std::string& what) {
    int64_t frame = frame_.load(std::memory_order_relaxed);
    if (frame < 0 && frameSource_) frame = frameSource_();
    std::string message = std::string(mover) + ": " + call;
    if (frame >= 0) message += " at frame " + std::to_string(frame);
    message += " " + what;
    const Report& report = onFault_ ? onFault_ : onStuck_;
    if (report) report(message);
}

StepWatchdog::Guard::Guard(StepWatchdog* dog, const char* mover, const char* call, bool timed,
                           const char* actor, int64_t frame)
    : dog_(dog), timed_(timed) {
    if (!dog_) return;
    dog_->mover_.store(mover, std::memory_order_relaxed);
    dog_->call_.store(call, std::memory_order_relaxed);
    dog_->actor_.store(actor, std::memory_order_relaxed);
    if (frame >= 0) dog_->frame_.store(frame, std::memory_order_relaxed);
    if (timed_) dog_->calls_.fetch_add(1, std::memory_order_release);
}

StepWatchdog::Guard::~Guard() {
    if (dog_ && timed_) dog_->calls_.fetch_add(1, std::memory_order_release);
}

void StepWatchdog::monitor() {
    using Clock = std::chrono::steady_clock;
    // Sample often enough that a stuck step is reported within about 1.25 x the limit.
    const auto period = std::chrono::milliseconds(std::clamp<int64_t>(limitMs_ / 4, 1, 100));
    uint64_t seen = 0;
    Clock::time_point since = Clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
        wake_.wait_for(lock, period);
        if (stop_ || fired_) continue;
        const uint64_t now = calls_.load(std::memory_order_acquire);
        if (now != seen || (now & 1) == 0) {
            seen = now;
            since = Clock::now();
            continue;
        }
        const auto ran =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since);
        if (ran.count() < limitMs_) continue;
        fired_ = true;
        const int64_t frame = frame_.load(std::memory_order_relaxed);
        std::string message = std::string(mover_.load(std::memory_order_relaxed)) + ": " +
                              call_.load(std::memory_order_relaxed);
        if (const char* actor = actor_.load(std::memory_order_relaxed))
            message += std::string(" of actor '") + actor + "'";
        if (frame >= 0) message += " at frame " + std::to_string(frame);
        message += " ran longer than " + std::to_string(limitMs_) + " ms";
        lock.unlock();
        if (onStuck_) onStuck_(message);
        lock.lock();
    }
}

}  // namespace ts
