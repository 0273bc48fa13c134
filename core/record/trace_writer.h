// The one trace writer, used by `tilestep run` and the debugger's --trace: formats the
// header, actor state lines and probe lines (docs/trace-format.md) into one reused buffer.
// Numbers are exact decimals (Fix). No line builds a temporary string: formatting used to
// cost most of a traced run's time (issue 12).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "map/map.h"
#include "movers/model_fields.h"
#include "movers/mover.h"
#include "base/text_buffer.h"
#include "trace/trace.h"
#include "record/recorded_trace.h"
#include "record/trace_format.h"

namespace ts {

class TraceWriter {
  public:
    // The lines written since the last clear(), each ending in '\n'.
    std::string_view text() const { return out_.text(); }
    size_t size() const { return out_.size(); }
    // Forgets the text but keeps the buffer's memory for the next lines.
    void clear() {
        out_.clear();
        ++epoch_;
    }

    void header(const TraceHeader& h);
    // `{"frame":F,"actor":"NAME","x":X,"y":Y,"vx":..,"vy":..,"grounded":..,"facing":..,
    //   "pushing":..,<the model's own fields>}`
    void state(int64_t frame, const std::string& actor, MoverKind kind, const MoverState& s);
    // `{"frame":F,"actor":"NAME","probe":{"kind":..,"verdict":..,"why":..,<by shape>}}`
    void probe(int64_t frame, const std::string& actor, const Probe& p);
    // One frame as `run` prints it: each actor's state line in map order, followed (when
    // `trace` is not null) by that actor's probe lines. Sorts the probes by actor first
    // when they are not grouped already (stable: each actor's keep their order).
    void frame(int64_t frame, const std::vector<Actor>& actors,
               const std::vector<MoverState>& states, Trace* trace);

    // A line read back (JSON lines or .tstrace) as its JSON line: the fields in their order,
    // numbers as their recorded text (what `convert` writes).
    void record(const TraceRecord& r, const std::string& actor);

    // The body of a probe line alone: `{"kind":..,...}` (no newline).
    void probeObject(const Probe& p);

  private:
    // What every line of one actor in one frame starts with, formatted once: `{"frame":F`
    // (per frame; the next frame's by a decimal increment) and `,"actor":"NAME","x":` and
    // `,"actor":"NAME","probe":` (per actor; SIZE_MAX: state() and probe() called alone). Escaping
    // the name and formatting the frame number on every line was a third of a traced step (issue
    // 19).
    // An actor whose state has not changed since its last line (standing still, most
    // actors of a map most frames) gets that line's text again after the new frame number:
    // `lastAt` is where it is in the buffer, valid while `epoch` is the buffer's.
    struct ActorText {
        std::string name, state, probe;
        MoverState last;
        // The last line's mover: its kind, and its registry entry unless the kind is a
        // built-in one (never replaced, looked up in no registry per line).
        MoverKind lastKind{};
        const MoverInfo* lastInfo = nullptr;
        size_t lastAt = 0, lastSize = 0;
        uint64_t epoch = 0;
    };
    ActorText& actorText(size_t i, const std::string& name);
    ActorText& newActorText(size_t i, const std::string& name);
    void toFrame(int64_t frame);
    void toNewFrame(int64_t frame);
    void stateLine(ActorText& a, MoverKind kind, const MoverState& s);
    void probeLine(const ActorText& a, const Probe& p);

    char* room(size_t n) { return out_.room(n); }
    void end(char* p) { out_.end(p); }
    char* probeBody(char* p, const Probe& p2, size_t whyLength);

    TextBuffer out_;             // the lines
    ModelFields fields_{&out_};  // writes the model's own fields into the line
    std::vector<ActorText> actors_;
    ActorText single_;           // state() and probe() called alone
    uint64_t epoch_ = 1;         // counts clear()s: text written before is gone
    int64_t frame_ = INT64_MIN;  // frameText_'s frame; none yet (any frame is formatted)
    // Lines copy the first kFrameTextSize characters whole; writeInt may store 4 past its end.
    static constexpr size_t kFrameTextSize = 32;
    char frameText_[kFrameTextSize + 8] = {};  // `{"frame":F` of frame_, then padding
    size_t frameSize_ = 0;
};

// A JSON object per call, without a newline (tests and tools that want one line).
std::string stateJsonLine(int64_t frame, const std::string& actor, MoverKind kind,
                          const MoverState& s);
// `{"kind":"point","verdict":"hit","why":"climb","x":1,"y":2}` (fields depend on the shape).
std::string probeJson(const Probe& p);

}  // namespace ts
