// A recorded trace held compactly (issue 21): every state and probe line encoded as the
// records of the .tstrace format (docs/trace-format.md) in one byte array, with one index
// entry per frame, so that a million frames stay near 100 bytes each. Frames are decoded on
// demand into RecordedFrame. Readers (JSON lines, .tstrace, a live socket) all add to it
// through append().
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
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

// One parsed line after the header: a state line or a probe line of `frame`.
struct TraceRecord {
    int64_t frame = 0;
    bool isProbe = false;
    RecordedState state;  // when !isProbe
    RecordedProbe probe;  // when isProbe
};

// Interned strings with stable addresses (a probe's `why` points into it).
class TraceStrings {
  public:
    uint32_t id(const std::string& s);
    const std::string& text(uint32_t id) const { return texts_[id]; }
    size_t size() const { return texts_.size(); }
    // About what the table holds in memory: each text, twice (list and index), and the nodes.
    size_t residentBytes() const;
    // The same without the index's bucket array, kept as strings are added (readers check it
    // against TraceLimits::maxStringMemory after every line).
    size_t stringMemory() const { return memory_; }
    // What one string of `length` bytes costs in the table.
    static size_t costOf(size_t length);

  private:
    size_t memory_ = 0;
    std::deque<std::string> texts_;
    std::unordered_map<std::string, uint32_t> ids_;
};

class RecordedTrace {
  public:
    TraceHeader header;
    // The header's actors, then any met first in a line (name, w and h from that line).
    std::vector<TraceActorInfo> actors;
    int64_t lines = 0;

    int findActor(const std::string& name) const;
    // A copy that shares nothing with this trace (a copy shares its strings): another thread
    // may read it while this one goes on growing.
    RecordedTrace snapshot() const;

    // Adds one line of a frame number >= the last one's (a reader checks the order and the
    // limits first). The record's probe `why` may point anywhere: it is copied.
    void append(const TraceRecord& r);

    size_t stringMemory() const { return strings_->stringMemory(); }
    size_t frameCount() const { return frames_.size(); }
    int64_t frameNumber(size_t i) const { return frames_[i].frame; }
    // Frame i decoded (frame numbers strictly increasing with i).
    RecordedFrame frame(size_t i) const;
    // The frame indices where an actor has a state line, ascending (empty: none).
    const std::vector<uint32_t>& stateFrames(size_t actor) const;
    // Gives back the memory reserved for more frames (after the last append).
    void shrink();
    // Bytes held, for the benches and tests of the memory goal (about 100 a frame): the
    // records, their index and the string table.
    size_t residentBytes() const;

  private:
    struct FrameEntry {
        int64_t frame;
        uint64_t offset;    // of its first record in bytes_
        int64_t firstLine;  // the line of its first record
    };
    std::vector<FrameEntry> frames_;
    std::vector<uint8_t> bytes_;
    std::vector<std::vector<uint32_t>> stateFrames_;
    int64_t lastLine_ = 0;
    // Owns the keys, strings and probe texts (shared: a probe copied out keeps its text).
    std::shared_ptr<TraceStrings> strings_ = std::make_shared<TraceStrings>();
};

}  // namespace ts
