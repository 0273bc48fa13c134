// A recorded trace played back as the debugger plays the simulation (`tilestep view`):
// positions as core/sim/timeline.h counts them, no re-simulation. Position p (1..length)
// shows recorded frame p-1: each actor's state line and that frame's probes; position 0
// shows each actor's first recorded state and no probes. An actor without a state line in
// a frame keeps its last one (before its first line it waits at its first state).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"
#include "record/trace_reader.h"

namespace ts {

class RecordedFrames {
  public:
    explicit RecordedFrames(std::shared_ptr<const RecordedTrace> trace);

    const RecordedTrace& trace() const { return *trace_; }
    std::shared_ptr<const RecordedTrace> shared() const { return trace_; }
    // The trace grew (a live game's lines: `view --listen`): frames appended, the last one
    // given more lines, actors added. The one entry point for a growing trace; the position
    // stays where it was.
    void extend();
    int64_t length() const { return int64_t(indexedFrames_); }  // frames extend() has seen
    size_t actorCount() const { return trace_->actors.size(); }
    int64_t position() const { return position_; }
    // The recorded frame number shown at position p (-1 at position 0 or when empty).
    int64_t frameNumber(int64_t p) const;

    // Goes to p (clamped to 0..length); that frame's probes go to `trace` when not null.
    void seek(int64_t p, Trace* trace);
    // seek(p), also giving every actor's states at positions max(0, p - n) .. p.
    void seekWithHistory(int64_t p, Trace* trace, int64_t n,
                         std::vector<std::vector<MoverState>>* history);

    const std::vector<MoverState>& states() const { return states_; }
    // The state line an actor's state at position p comes from (none: none recorded),
    // decoded from the trace's compact records.
    std::optional<RecordedState> stateLine(size_t actor, int64_t p) const;
    // Whether the actor has a state line at position p (stateLine without decoding it): an
    // actor the header names before its first line, or a trace of no frames, has none.
    bool hasLine(size_t actor, int64_t p) const { return lineFrame(actor, p) >= 0; }
    // Positions 0..length of the actor named `name` (empty when this trace has none): the
    // Compare ghost of another trace's actor.
    std::vector<MoverState> trajectory(const std::string& name, int64_t positions) const;
    // Positions from..positions of actor `actor` of this trace (empty when it has no such
    // actor): from > 0 extends a ghost while the recording it follows grows.
    std::vector<MoverState> trajectory(size_t actor, int64_t positions, int64_t from = 0) const;

  private:
    MoverState stateAt(size_t actor, int64_t p) const;

    std::shared_ptr<const RecordedTrace> trace_;
    // The frame index of the line an actor's state at position p comes from (-1: none).
    int64_t lineFrame(size_t actor, int64_t p) const;
    const RecordedFrame& decoded(int64_t frameIndex) const;

    // The last frame decoded: seeking decodes each frame once for all its actors.
    mutable int64_t decodedIndex_ = -1;
    mutable RecordedFrame decoded_;
    size_t indexedFrames_ = 0;
    int64_t position_ = 0;
    std::vector<MoverState> states_;
};

}  // namespace ts
