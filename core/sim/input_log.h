// Input logs as TAS tools write them: one line per run of frames, `COUNT,KEY,KEY...`, keys
// L R U D J (jump), `#` comments and blank lines allowed. Example: `30,R` then `8,R,J`.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "movers/mover.h"

namespace ts {

struct InputRun {
    int64_t count = 0;
    InputBits keys = 0;
    bool operator==(const InputRun& o) const { return count == o.count && keys == o.keys; }
};

struct InputLog {
    std::vector<InputRun> runs;

    int64_t frames() const;
    // Keys held on `frame` (0-based); no keys past the end of the log.
    InputBits at(int64_t frame) const;
    // Appends one frame, merging it into the last run when the keys are the same.
    void push(InputBits keys);
    bool operator==(const InputLog& o) const { return runs == o.runs; }
};

// Walks a log frame by frame in O(1) per frame (InputLog::at is O(runs) per call).
class InputCursor {
  public:
    explicit InputCursor(const InputLog& log) : log_(&log) {}
    // Keys of the current frame, then advances one frame; no keys past the end of the log.
    InputBits next() {
        while (run_ < log_->runs.size() && used_ >= log_->runs[run_].count) {
            ++run_;
            used_ = 0;
        }
        if (run_ >= log_->runs.size()) return 0;
        ++used_;
        return log_->runs[run_].keys;
    }

  private:
    const InputLog* log_;
    size_t run_ = 0;
    int64_t used_ = 0;
};

constexpr int64_t kMaxLogFrames = int64_t(1) << 40;
// The most bytes loadInputLog reads. A log whose keys change on every frame of 24 hours at
// 60 Hz is 5.2 million lines of at most 12 bytes ("1,L,R,U,D,J"), about 60 MiB; recorded
// logs merge equal frames into one line and are far smaller.
constexpr uint64_t kMaxLogBytes = uint64_t(64) << 20;

// Parses log text. On error returns false and sets *error to "line N: problem".
bool parseInputLog(const std::string& text, InputLog* out, std::string* error);
// Reads a file; errors are "PATH: line N: problem" or "PATH: cannot read".
bool loadInputLog(const std::string& path, InputLog* out, std::string* error);
// One line per run, keys in the order L R U D J ("30,R", "8,R,J", "12" for no keys).
std::string formatInputLog(const InputLog& log);
std::string keysText(InputBits keys);  // "R,J", "" for none

}  // namespace ts
