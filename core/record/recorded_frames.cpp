#include "record/recorded_frames.h"

#include <algorithm>

namespace ts {

RecordedFrames::RecordedFrames(std::shared_ptr<const RecordedTrace> trace)
    : trace_(std::move(trace)) {
    extend();
    seek(0, nullptr);
}

void RecordedFrames::extend() {
    // The trace's own index already holds every line: only the frames shown grow, and the
    // frame decoded last may have been given more lines since.
    indexedFrames_ = trace_->frameCount();
    decodedIndex_ = -1;
    states_.resize(actorCount());
    for (size_t a = 0; a < actorCount(); ++a) states_[a] = stateAt(a, position_);
}

int64_t RecordedFrames::frameNumber(int64_t p) const {
    return p >= 1 && p <= length() ? trace_->frameNumber(size_t(p - 1)) : -1;
}

int64_t RecordedFrames::lineFrame(size_t actor, int64_t p) const {
    if (actor >= actorCount()) return -1;
    const std::vector<uint32_t>& l = trace_->stateFrames(actor);
    // Lines past the frames extend() has seen wait for it (a live trace grows under us).
    if (l.empty() || int64_t(l.front()) >= length()) return -1;
    // The last line at a frame index <= p - 1; before the first one, the first one.
    auto it = std::upper_bound(l.begin(), l.end(), p - 1,
                               [](int64_t f, uint32_t x) { return f < int64_t(x); });
    return it == l.begin() ? l.front() : *(it - 1);
}

const RecordedFrame& RecordedFrames::decoded(int64_t frameIndex) const {
    // The last frame may still grow (a live recording appends to it): never reused.
    if (frameIndex != decodedIndex_ || frameIndex + 1 >= length()) {
        decoded_ = trace_->frame(size_t(frameIndex));
        decodedIndex_ = frameIndex;
    }
    return decoded_;
}

std::optional<RecordedState> RecordedFrames::stateLine(size_t actor, int64_t p) const {
    const int64_t f = lineFrame(actor, p);
    if (f < 0) return std::nullopt;
    if (const RecordedState* s = decoded(f).stateOf(actor)) return *s;
    return std::nullopt;
}

MoverState RecordedFrames::stateAt(size_t actor, int64_t p) const {
    const int64_t f = lineFrame(actor, p);
    if (f >= 0)
        if (const RecordedState* s = decoded(f).stateOf(actor)) return s->state;
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
    for (const RecordedProbe& rp : decoded(position_ - 1).probes) trace->probes.push_back(rp.probe);
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
    const int actor = trace_->findActor(name);
    return actor < 0 ? std::vector<MoverState>{} : trajectory(size_t(actor), positions);
}

std::vector<MoverState> RecordedFrames::trajectory(size_t actor, int64_t positions,
                                                   int64_t from) const {
    std::vector<MoverState> out;
    if (actor >= actorCount()) return out;
    from = std::max<int64_t>(0, from);
    out.reserve(size_t(std::max<int64_t>(0, positions - from) + 1));
    for (int64_t p = from; p <= positions; ++p)
        out.push_back(stateAt(actor, std::min(p, length())));
    return out;
}

}  // namespace ts
