#include "editor/debugger_state.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>

#include "edit/tuning_edits.h"
#include "json_text.h"

namespace ts {

Debugger::Debugger(const Map& map) : map_(&map), timeline_(map) {
    afterJump();
}

void Debugger::setPlaying(bool on) {
    if (on) lastBreak_.clear();
    playing_ = on;
    accumulator_ = 0;
    takenOver_ = false;  // a pause ends the keyboard's take-over
}

void Debugger::setSpeedStep(int step) {
    // Keep the progress toward the next step, not the seconds, so a change from 1/8x to 8x
    // does not release a burst of frames.
    const double before = stepSeconds();
    speed_ = std::clamp(step, 0, kSpeedCount - 1);
    accumulator_ *= stepSeconds() / before;
}

double Debugger::stepSeconds() const {
    return 1.0 / (double(std::max(1, map_->simRate)) * speed());
}

double Debugger::secondsToNextStep() const {
    return std::max(0.0, stepSeconds() - accumulator_);
}

int Debugger::advance(double dt, InputBits keys) {
    if (!playing_) {
        accumulator_ = 0;
        return 0;
    }
    accumulator_ += std::max(0.0, dt);
    const double each = stepSeconds();
    int due = int(accumulator_ / each);
    if (due > kMaxStepsPerRender) {
        due = kMaxStepsPerRender;  // fell behind: drop the backlog rather than catch up
        accumulator_ = 0;
    } else {
        accumulator_ -= due * each;
    }
    for (int i = 0; i < due; ++i) {
        const size_t a = size_t(std::max(0, driven_));
        const bool watch = !breaks_.empty() && a < actorCount();
        const MoverState before = watch ? state(a) : MoverState{};
        stepLive(keys, true);
        if (!watch) continue;
        lastBreak_ = breakReason(breaks_, position(), before, state(a), trace_, int32_t(a));
        if (!lastBreak_.empty()) {
            const std::string why = lastBreak_;
            setPlaying(false);  // clears lastBreak_
            lastBreak_ = why;
            return i + 1;
        }
    }
    return due;
}

void Debugger::stepLive(InputBits keys, bool keepTrace) {
    Trace* t = keepTrace ? &trace_ : nullptr;
    const bool atEnd = position() >= length();
    if (atEnd || keys != 0 || takenOver_) {
        if (!atEnd) takenOver_ = true;
        timeline_.stepDriving(size_t(std::max(0, driven_)), keys, t);
    } else {
        timeline_.step({}, t);  // replay the recording
    }
    pushHistory();
}

void Debugger::stepForward(InputBits keys) {
    stepLive(keys, true);
}

void Debugger::stepBack() {
    if (position() > 0) seekNow(position() - 1);
}

void Debugger::restart() {
    seekNow(0);
}

bool Debugger::applyPendingSeek() {
    if (pendingSeek_ < 0) return false;
    int64_t p = pendingSeek_;
    pendingSeek_ = -1;
    if (p != position()) seekNow(p);
    return true;
}

void Debugger::seekNow(int64_t p) {
    takenOver_ = false;
    timeline_.seekWithHistory(std::clamp<int64_t>(p, 0, length()), &trace_, historyN_, &history_);
    ++seeks_;
}

void Debugger::afterJump() {
    timeline_.seekWithHistory(position(), &trace_, historyN_, &history_);
    ++seeks_;
}

void Debugger::pushHistory() {
    history_.resize(actorCount());
    for (size_t a = 0; a < actorCount(); ++a) {
        std::vector<MoverState>& h = history_[a];
        h.push_back(state(a));
        if (int64_t(h.size()) > historyN_ + 1)
            h.erase(h.begin(), h.begin() + (int64_t(h.size()) - historyN_ - 1));
    }
}

void Debugger::setHistoryLength(int64_t n) {
    historyN_ = std::clamp<int64_t>(n, 1, 100000);
    afterJump();
}

const std::vector<MoverState>& Debugger::history(size_t actor) const {
    static const std::vector<MoverState> kNone;
    return actor < history_.size() ? history_[actor] : kNone;
}

void Debugger::setDrivenActor(int actor) {
    driven_ = std::clamp(actor, 0, std::max(0, int(actorCount()) - 1));
    takenOver_ = false;
}

void Debugger::setLog(size_t actor, const InputLog& log) {
    timeline_.setLog(actor, log);
    takenOver_ = false;
    afterJump();
}

bool Debugger::loadLog(size_t actor, const std::string& path, std::string* error) {
    if (actor >= actorCount()) {
        *error = "no actor to drive with " + path;
        return false;
    }
    InputLog log;
    if (!loadInputLog(path, &log, error)) return false;
    setLog(actor, log);
    return true;
}

bool Debugger::saveLog(size_t actor, const std::string& path, std::string* error) const {
    if (actor >= actorCount()) {
        *error = "no actor to save a log for";
        return false;
    }
    std::string text = "# tilestep input log: actor " + map_->actors[actor].name + ", " +
                       std::to_string(length()) + " frames\n" + formatInputLog(log(actor));
    std::FILE* f = std::fopen(path.c_str(), "wb");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    int err = errno;
    if (f && std::fclose(f) != 0) ok = false;
    if (!ok) *error = path + ": cannot write the log (" + std::strerror(err) + ")";
    return ok;
}

void Debugger::runTo(int64_t p) {
    p = std::max<int64_t>(0, p);
    if (p > length()) {
        timeline_.seek(length(), nullptr);
        while (position() < p) timeline_.step({}, nullptr);  // past the logs: no keys
    }
    seekNow(p);
}

void Debugger::mapChanged() {
    timeline_.mapChanged(nullptr);
    driven_ = std::clamp(driven_, 0, std::max(0, int(actorCount()) - 1));
    if (ghostActor_ >= int(actorCount())) clearGhost();
    runs_.erase(std::remove_if(runs_.begin(), runs_.end(),
                               [&](const SavedRun& r) { return r.actor >= actorCount(); }),
                runs_.end());
    takenOver_ = false;
    afterJump();
}

void Debugger::mapReplaced() {
    timeline_.clear();
    playing_ = false;
    takenOver_ = false;
    driven_ = 0;
    pendingSeek_ = -1;
    clearGhost();
    breaks_.markers.clear();  // positions in the old recording
    runs_.clear();
    lastBreak_.clear();
    afterJump();
}

std::vector<MoverState> Debugger::trajectory(size_t actor) {
    const int64_t p = position();
    std::vector<MoverState> out;
    out.reserve(size_t(length() + 1));
    timeline_.seek(0, nullptr);
    out.push_back(state(actor));
    while (position() < length()) {
        timeline_.step({}, nullptr);
        out.push_back(state(actor));
    }
    seekNow(p);
    return out;
}

void Debugger::setParam(size_t actor, int index, Fix value) {
    if (actor >= actorCount() || index < 0 ||
        index >= moverInfo(map_->actors[actor].mover).paramCount)
        return;
    const ParamSpec& spec = moverInfo(map_->actors[actor].mover).params[index];
    double v = std::clamp(value.toDouble(), spec.min, spec.max);
    value = spec.integer ? Fix::fromInt(int64_t(v + (v < 0 ? -0.5 : 0.5)))
                         : (v == value.toDouble() ? value : Fix::fromDouble(v));
    if (!compare_) {
        ParamValues pv = params(actor);
        pv[size_t(index)] = value;
        timeline_.setParams(actor, pv);
        return;
    }
    // Compare: the new constant holds from frame 0, so the whole run changes at once.
    const int64_t p = position();
    timeline_.seek(0, nullptr);
    ParamValues pv = params(actor);
    pv[size_t(index)] = value;
    timeline_.setParams(actor, pv);
    seekNow(p);
}

void Debugger::resetParam(size_t actor, int index) {
    if (actor >= actorCount() || index < 0 || index >= kMaxParams) return;
    setParam(actor, index, defaultParams(map_->actors[actor].mover)[size_t(index)]);
}

bool Debugger::tuned(size_t actor) const {
    return actor < actorCount() && timeline_.lastTuning(actor) &&
           paramsDiffer(map_->actors[actor], *timeline_.lastTuning(actor));
}

bool Debugger::anyTuned() const {
    for (size_t a = 0; a < actorCount(); ++a)
        if (tuned(a)) return true;
    return false;
}

const ParamValues& Debugger::tunedParams(size_t actor) const {
    const ParamValues* p = timeline_.lastTuning(actor);
    return p ? *p : map_->actors[actor].params;
}

void Debugger::dropTuning(size_t actor) {
    if (actor >= actorCount()) return;
    timeline_.dropTuning(actor, nullptr);
    takenOver_ = false;
    afterJump();
}

void Debugger::dropAllTuning() {
    timeline_.dropTuning(SIZE_MAX, nullptr);
    takenOver_ = false;
    afterJump();
}

void Debugger::setCompare(bool on) {
    compare_ = on;
    if (!on) clearGhost();
}

void Debugger::beginTuning(size_t actor) {
    if (!compare_ || actor >= actorCount()) return;
    ghost_ = trajectory(actor);
    ghostActor_ = int(actor);
}

void Debugger::keepRun(size_t actor, const std::string& name) {
    if (actor >= actorCount()) return;
    runs_.push_back(SavedRun{name, actor, trajectory(actor), true});
}

void Debugger::clearGhost() {
    ghost_.clear();
    ghostActor_ = -1;
}

bool Debugger::writeTrace(const std::string& path, bool probes, std::string* error) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        *error = path + ": cannot write the trace (" + std::strerror(errno) + ")";
        return false;
    }
    const int64_t p = position();
    timeline_.seek(0, nullptr);
    Trace t;
    std::string text;
    bool ok = true;
    for (int64_t frame = 0; frame < length() && ok; ++frame) {
        timeline_.step({}, probes ? &t : nullptr);
        text.clear();
        // The sim steps actors in map order, so each actor's probes follow each other.
        size_t next = 0;
        for (size_t i = 0; i < actorCount(); ++i) {
            const Actor& a = map_->actors[i];
            text += stateJson(frame, a.name, a.mover, state(i)) + "\n";
            if (!probes) continue;
            for (; next < t.probes.size() && t.probes[next].actor == int32_t(i); ++next) {
                text += "{\"frame\":" + std::to_string(frame) + ",\"actor\":";
                appendJsonString(text, a.name);
                text += ",\"probe\":" + probeJson(t.probes[next]) + "}\n";
            }
        }
        ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    }
    int err = errno;
    if (std::fclose(f) != 0) ok = false;
    seekNow(p);
    if (!ok) *error = path + ": write failed (" + std::strerror(err) + ")";
    return ok;
}

}  // namespace ts
