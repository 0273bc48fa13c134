// Reads a trace file (docs/trace-format.md) written by `tilestep run`, the debugger or any
// game through include/tilestep/trace_emit.h, into frames the viewer and `tilestep diff`
// use without re-simulating. Bad or truncated traces give an error naming the file, the
// line and the field; sizes are capped so that no file can exhaust memory.
#pragma once
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/fixed.h"
#include "movers/mover.h"
#include "trace/trace.h"
#include "record/trace_format.h"

namespace ts {

// One field of a state line, as recorded.
struct TraceField {
    enum class Type { Null, Bool, Number, String };
    std::string key;
    Type type = Type::Null;
    std::string text;  // a number's literal, a string's text, "true" / "false" / "null"
    double number = 0;
    bool exact = false;  // the number is a whole multiple of 1/65536: `fix` is exactly it
    Fix fix;             // the number rounded to 1/65536 when not exact

    // Same value: numbers compare exactly when both are exact, else as doubles.
    bool sameValue(const TraceField& o) const;
};

struct RecordedState {
    size_t actor = 0;                // index in RecordedTrace::actors
    MoverState state;                // x, y, vx, vy, w, h, facing, grounded, pushing (to draw it)
    std::vector<TraceField> fields;  // every field but frame and actor, in line order
    int64_t line = 0;
};

struct RecordedProbe {
    Probe probe;  // probe.actor indexes RecordedTrace::actors; why points into the trace
    int64_t line = 0;
};

struct RecordedFrame {
    int64_t frame = 0;
    std::vector<RecordedState> states;  // in line order
    std::vector<RecordedProbe> probes;  // in line order

    const RecordedState* stateOf(size_t actor) const;
};

struct RecordedTrace {
    TraceHeader header;
    // The header's actors, then any met first in a line (name, w and h from that line).
    std::vector<TraceActorInfo> actors;
    std::vector<RecordedFrame> frames;  // frame numbers strictly increasing
    int64_t lines = 0;

    int findActor(const std::string& name) const;
    // Owns the text behind every recorded Probe::why (a set: pointers stay valid).
    std::shared_ptr<std::set<std::string>> strings = std::make_shared<std::set<std::string>>();
};

// Caps on what a trace may hold (a larger file is an error, not a slow death).
struct TraceLimits {
    size_t maxLineBytes = size_t(1) << 20;
    size_t maxActors = 4096;
    int64_t maxFrames = 20000000;
    int64_t maxProbes = 20000000;
    size_t maxFieldsPerLine = 256;
};

// Parses trace text; `name` prefixes errors ("NAME: line 3: field \"x\": expected a
// number, got a string").
bool parseTrace(const std::string& text, const std::string& name, RecordedTrace* out,
                std::string* error, const TraceLimits& limits = {});
// Reads and parses a file.
bool readTrace(const std::string& path, RecordedTrace* out, std::string* error,
               const TraceLimits& limits = {});

// Parses a trace as its bytes arrive (a game streaming to `tilestep record --listen` or
// `view --listen`): each line is parsed into `out` as soon as its '\n' arrives, so the caller
// sees the frames grow; at most one unfinished line (limits.maxLineBytes) is held. Errors
// are "line L: ..." without a source name (the caller names the connection).
class TraceStream {
  public:
    explicit TraceStream(RecordedTrace* out, const TraceLimits& limits = {});
    ~TraceStream();
    TraceStream(const TraceStream&) = delete;
    TraceStream& operator=(const TraceStream&) = delete;

    bool feed(const char* data, size_t n, std::string* error);
    // The stream ended: an unfinished line is an error (the sender stopped mid-line).
    bool finish(std::string* error);
    // Lines taken so far, and the bytes of the unfinished one.
    int64_t lines() const;
    size_t pendingBytes() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Parses a JSON number literal into a field (exact when a whole multiple of 1/65536).
// False when it is outside +-2^46 (what a 48.16 position can hold).
bool parseTraceNumber(const std::string& literal, TraceField* out);

}  // namespace ts
