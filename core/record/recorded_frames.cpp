#include "record/recorded_frames.h"

#include <algorithm>

namespace ts {

RecordedFrames::RecordedFrames(std::shared_ptr<const RecordedTrace> trace)
    : trace_(std::move(trace)) {
    extend();
    seek(0, nullptr);
}

void RecordedFrames::extend() {
    const std::vector<RecordedFrame>& frames = trace_->frames;
    lines_.resize(trace_->actors.size());
    // The last frame indexed may have been given more state lines since.
    size_t f = indexedFrames_ > 0 ? indexedFrames_ - 1 : 0;
    for (; f < frames.size(); ++f) {
        const RecordedFrame& fr = frames[f];
        const size_t from = f + 1 == indexedFrames_ ? lastStates_ : 0;
        for (size_t i = from; i < fr.states.size(); ++i)
            lines_[fr.states[i].actor].push_back(Line{int64_t(f), i});
    }
    indexedFrames_ = frames.size();
    lastStates_ = frames.empty() ? 0 : frames.back().states.size();
    states_.resize(actorCount());
    for (size_t a = 0; a < actorCount(); ++a) states_[a] = stateAt(a, position_);
}

int64_t RecordedFrames::frameNumber(int64_t p) const {
    return p >= 1 && p <= length() ? trace_->frames[size_t(p - 1)].frame : -1;
}

const RecordedState* RecordedFrames::stateLine(size_t actor, int64_t p) const {
    if (actor >= lines_.size() || lines_[actor].empty()) return nullptr;
    const std::vector<Line>& l = lines_[actor];
    // The last line at a frame index <= p - 1; before the first one, the first one.
    auto it = std::upper_bound(l.begin(), l.end(), p - 1,
                               [](int64_t f, const Line& x) { return f < x.frameIndex; });
    const Line& at = it == l.begin() ? l.front() : *(it - 1);
    return &trace_->frames[size_t(at.frameIndex)].states[at.stateIndex];
}

MoverState RecordedFrames::stateAt(size_t actor, int64_t p) const {
    if (const RecordedState* s = stateLine(actor, p)) return s->state;
    MoverState none;  // an actor with probes but no state line: its header size at 0, 0
    none.w = int32_t(trace_->actors[actor].w);
    none.h = int32_t(trace_->actors[actor].h);
    return none;
}

void RecordedFrames::seek(int64_t p, Trace* trace) {
    position_ = std::clamp<int64_t>(p, 0, length());
    states_.resize(actorCount());
    for (size_t a = 0; a < actorCount(); ++a) states_[a] = stateAt(a, position_);
    if (!trace) return;
    trace->clear();
    if (position_ == 0) return;
    for (const RecordedProbe& rp : trace_->frames[size_t(position_ - 1)].probes)
        trace->probes.push_back(rp.probe);
}

void RecordedFrames::seekWithHistory(int64_t p, Trace* trace, int64_t n,
                                     std::vector<std::vector<MoverState>>* history) {
    seek(p, trace);
    history->assign(actorCount(), {});
    const int64_t from = std::max<int64_t>(0, position_ - std::max<int64_t>(0, n));
    for (size_t a = 0; a < actorCount(); ++a)
        for (int64_t q = from; q <= position_; ++q) (*history)[a].push_back(stateAt(a, q));
}

std::vector<MoverState> RecordedFrames::trajectory(const std::string& name,
                                                   int64_t positions) const {
    std::vector<MoverState> out;
    const int actor = trace_->findActor(name);
    if (actor < 0) return out;
    out.reserve(size_t(std::max<int64_t>(0, positions) + 1));
    for (int64_t p = 0; p <= positions; ++p)
        out.push_back(stateAt(size_t(actor), std::min(p, length())));
    return out;
}

}  // namespace ts
