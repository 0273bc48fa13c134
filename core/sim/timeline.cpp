#include "sim/timeline.h"

#include <algorithm>

#include "movers/step_context.h"

namespace ts {

Timeline::Timeline(const Map& map, int64_t snapshotInterval, size_t snapshotBudgetBytes)
    : map_(&map),
      sim_(map),
      actors_(map.actors.size()),
      interval_(std::max<int64_t>(1, snapshotInterval)),
      budget_(snapshotBudgetBytes) {
    snaps_.push_back(Snap{sim_.snapshot(), sim_.params()});
}

InputBits Timeline::keysAt(int64_t frame, size_t actor) const {
    if (frame < 0 || frame >= frames_ || actor >= actors_) return 0;
    return keys_[size_t(frame) * actors_ + actor];
}

void Timeline::applyParamChangesAt(int64_t position) {
    auto it = std::lower_bound(paramChanges_.begin(), paramChanges_.end(), position,
                               [](const ParamChange& c, int64_t p) { return c.position < p; });
    for (; it != paramChanges_.end() && it->position == position; ++it)
        sim_.params()[it->actor] = it->values;
}

void Timeline::stepOnce(Trace* trace) {
    const int64_t frame = sim_.frame();
    applyParamChangesAt(frame);
    std::vector<InputBits> in(actors_, 0);
    for (size_t a = 0; a < actors_; ++a) in[a] = keysAt(frame, a);
    // The recorded keys after this frame, for movers that step ahead (movers/step_context.h).
    struct Recorded final : KeysAhead {
        const Timeline* timeline;
        int64_t next;
        int keysAfter(size_t actor, InputBits* out, int max) const override {
            int n = 0;
            for (int64_t f = next; n < max && f < timeline->length(); ++f)
                out[n++] = timeline->keysAt(f, actor);
            return n;
        }
    } recorded;
    recorded.timeline = this;
    recorded.next = frame + 1;
    sim_.step(in, trace, &recorded);
    maybeSnapshot();
}

void Timeline::maybeSnapshot() {
    const int64_t p = sim_.frame();
    if (p % interval_ != 0 || p / interval_ != int64_t(snaps_.size())) return;
    snaps_.push_back(Snap{sim_.snapshot(), sim_.params()});
    if (snapshotBytes() > budget_) thinSnapshots();
}

void Timeline::thinSnapshots() {
    // Keep positions 0, 2k, 4k, ...: the interval doubles, memory halves.
    std::vector<Snap> kept;
    for (size_t i = 0; i < snaps_.size(); i += 2) kept.push_back(std::move(snaps_[i]));
    snaps_ = std::move(kept);
    interval_ *= 2;
}

void Timeline::step(const std::vector<InputBits>& live, Trace* trace) {
    if (sim_.frame() >= frames_) {
        keys_.resize(size_t(frames_ + 1) * actors_, 0);
        for (size_t a = 0; a < actors_ && a < live.size(); ++a)
            keys_[size_t(frames_) * actors_ + a] = live[a];
        ++frames_;
    }
    stepOnce(trace);
}

void Timeline::stepRecording(const std::vector<InputBits>& live, Trace* trace) {
    const int64_t p = sim_.frame();
    frames_ = p;
    keys_.resize(size_t(frames_) * actors_);
    paramChanges_.erase(std::remove_if(paramChanges_.begin(), paramChanges_.end(),
                                       [p](const ParamChange& c) { return c.position > p; }),
                        paramChanges_.end());
    step(live, trace);
}

void Timeline::stepDriving(size_t actor, InputBits keys, Trace* trace) {
    const int64_t p = sim_.frame();
    std::vector<InputBits> live(actors_, 0);
    for (size_t a = 0; a < actors_; ++a) live[a] = keysAt(p, a);
    if (actor < actors_) live[actor] = keys;
    bool othersLater = false;
    for (int64_t f = p + 1; f < frames_ && !othersLater; ++f)
        for (size_t a = 0; a < actors_; ++a)
            if (a != actor && keys_[size_t(f) * actors_ + a] != 0) othersLater = true;
    if (!othersLater || actor >= actors_) {
        stepRecording(live, trace);
        return;
    }
    for (int64_t f = p; f < frames_; ++f) keys_[size_t(f) * actors_ + actor] = 0;
    keys_[size_t(p) * actors_ + actor] = keys;
    // Snapshots after this position were computed with the old keys.
    snaps_.resize(std::min(snaps_.size(), size_t(p / interval_) + 1));
    stepOnce(trace);
}

void Timeline::seek(int64_t p, Trace* trace) {
    p = std::clamp<int64_t>(p, 0, frames_);
    if (trace) trace->clear();
    const int64_t before = p > 0 ? p - 1 : 0;  // stepped without probes up to here
    const size_t snap = std::min(size_t(before / interval_), snaps_.size() - 1);
    const int64_t snapPos = int64_t(snap) * interval_;
    const int64_t now = sim_.frame();
    if (!(now >= snapPos && now <= before)) {
        sim_.restore(snaps_[snap].state);
        sim_.params() = snaps_[snap].params;
    }
    while (sim_.frame() < before) stepOnce(nullptr);
    if (p > 0) stepOnce(trace);
    // A tuning made at p holds for the next step: params() says so already (a step would
    // apply it only when it runs, so a tuning built on params() would lose it).
    applyParamChangesAt(p);
}

void Timeline::seekWithHistory(int64_t p, Trace* trace, int64_t n,
                               std::vector<std::vector<MoverState>>* history) {
    p = std::clamp<int64_t>(p, 0, frames_);
    history->assign(actors_, {});
    seek(std::max<int64_t>(0, p - std::max<int64_t>(0, n)), p == 0 ? trace : nullptr);
    auto collect = [&] {
        for (size_t a = 0; a < actors_; ++a) (*history)[a].push_back(sim_.states()[a]);
    };
    collect();
    while (sim_.frame() < p) {
        if (trace && sim_.frame() == p - 1) trace->clear();
        stepOnce(sim_.frame() == p - 1 ? trace : nullptr);
        collect();
    }
}

InputLog Timeline::log(size_t actor) const {
    InputLog log;
    for (int64_t f = 0; f < frames_; ++f) log.push(keysAt(f, actor));
    return log;
}

void Timeline::setLog(size_t actor, const InputLog& log) {
    if (actor >= actors_) return;
    const int64_t n = std::max(frames_, log.frames());
    keys_.resize(size_t(n) * actors_, 0);
    frames_ = n;
    int64_t f = 0;
    for (const InputRun& r : log.runs)
        for (int64_t i = 0; i < r.count; ++i, ++f) keys_[size_t(f) * actors_ + actor] = r.keys;
    for (; f < frames_; ++f) keys_[size_t(f) * actors_ + actor] = 0;
    const int64_t p = sim_.frame();
    snaps_.resize(1);
    sim_.restore(snaps_[0].state);
    sim_.params() = snaps_[0].params;
    seek(std::min(p, frames_), nullptr);
}

void Timeline::setParams(size_t actor, const ParamValues& values) {
    if (actor >= actors_) return;
    const int64_t p = sim_.frame();
    auto it = std::find_if(paramChanges_.begin(), paramChanges_.end(), [&](const ParamChange& c) {
        return c.position == p && c.actor == actor;
    });
    if (it != paramChanges_.end()) {
        it->values = values;
    } else {
        auto at = std::upper_bound(paramChanges_.begin(), paramChanges_.end(), p,
                                   [](int64_t q, const ParamChange& c) { return q < c.position; });
        paramChanges_.insert(at, ParamChange{p, actor, values});
    }
    sim_.params()[actor] = values;
    // Snapshots after this position were computed with the old values.
    snaps_.resize(std::min(snaps_.size(), size_t(p / interval_) + 1));
}

void Timeline::tuneFromStart(size_t actor, int index, Fix value, Trace* trace) {
    if (actor >= actors_ || index < 0 || index >= kMaxParams) return;
    const int64_t p = sim_.frame();
    seek(0, nullptr);
    ParamValues v = sim_.params()[actor];
    v[size_t(index)] = value;
    setParams(actor, v);
    for (ParamChange& c : paramChanges_)
        if (c.actor == actor) c.values[size_t(index)] = value;
    snaps_.resize(1);
    seek(p, trace);
}

ParamValues Timeline::startParams(size_t actor) const {
    ParamValues v = snaps_[0].params[actor];
    for (const ParamChange& c : paramChanges_)
        if (c.position == 0 && c.actor == actor) v = c.values;
    return v;
}

const ParamValues* Timeline::lastTuning(size_t actor) const {
    for (auto it = paramChanges_.rbegin(); it != paramChanges_.rend(); ++it)
        if (it->actor == actor) return &it->values;
    return nullptr;
}

void Timeline::dropTuning(size_t actor, Trace* trace) {
    paramChanges_.erase(
        std::remove_if(paramChanges_.begin(), paramChanges_.end(),
                       [&](const ParamChange& c) { return actor >= actors_ || c.actor == actor; }),
        paramChanges_.end());
    mapChanged(trace);
}

void Timeline::remapTuning(const std::function<ParamValues(size_t actor, const ParamValues&)>& f) {
    for (ParamChange& c : paramChanges_) c.values = f(c.actor, c.values);
}

void Timeline::mapChanged(Trace* trace) {
    const int64_t p = sim_.frame();
    const size_t newActors = map_->actors.size();
    if (newActors != actors_) {
        std::vector<InputBits> keys(size_t(frames_) * newActors, 0);
        for (int64_t f = 0; f < frames_; ++f)
            for (size_t a = 0; a < std::min(actors_, newActors); ++a)
                keys[size_t(f) * newActors + a] = keys_[size_t(f) * actors_ + a];
        keys_ = std::move(keys);
        actors_ = newActors;
        paramChanges_.erase(
            std::remove_if(paramChanges_.begin(), paramChanges_.end(),
                           [&](const ParamChange& c) { return c.actor >= newActors; }),
            paramChanges_.end());
    }
    sim_.mapEdited();
    sim_.reset();
    snaps_.clear();
    snaps_.push_back(Snap{sim_.snapshot(), sim_.params()});
    seek(p, trace);
}

void Timeline::clear() {
    keys_.clear();
    frames_ = 0;
    paramChanges_.clear();
    sim_.mapEdited();
    sim_.reset();
    actors_ = map_->actors.size();
    snaps_.clear();
    snaps_.push_back(Snap{sim_.snapshot(), sim_.params()});
}

size_t Timeline::snapshotBytes() const {
    size_t per = sizeof(Snap) + actors_ * (sizeof(MoverState) + sizeof(ParamValues));
    return snaps_.size() * per;
}

size_t Timeline::recordingBytes() const {
    return keys_.size() * sizeof(InputBits) + paramChanges_.size() * sizeof(ParamChange);
}

}  // namespace ts
