#include "debugger/debugger_state.h"

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstring>

#include "base/atomic_file.h"
#include "edit/tuning_edits.h"
#include "base/json_text.h"
#include "movers/param_carry.h"
#include "plugin/plugin_registry.h"
#include "record/trace_writer.h"
#include "sim/spawn_view.h"

namespace ts {

Debugger::Debugger(const Map& map) : map_(&map), timeline_(map) {
    followParamLayouts();
    afterJump();
}

void Debugger::followParamLayouts() {
    for (MoverKind kind : pluginMoverKinds()) {
        const MoverInfo& now = moverInfo(kind);
        auto seen = std::find_if(layouts_.begin(), layouts_.end(),
                                 [&](const ParamLayout& l) { return l.kind == kind; });
        if (seen == layouts_.end()) {
            layouts_.push_back(ParamLayout{kind, now.params, now.paramCount});
            continue;
        }
        if (seen->params == now.params) continue;
        const ParamCarry carry(seen->params, seen->count, now.params, now.paramCount);
        if (carry.changed())
            timeline_.remapTuning([&](size_t actor, const ParamValues& v) {
                const bool ofKind =
                    actor < map_->actors.size() && map_->actors[actor].mover == kind;
                return ofKind ? carry.carry(v) : v;
            });
        *seen = ParamLayout{kind, now.params, now.paramCount};
    }
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
    // A recording plays at the rate it was recorded at (its header's), whatever map is shown.
    const int64_t rate = recorded_ ? recorded_->trace().header.rate : map_->simRate;
    return 1.0 / (double(std::max<int64_t>(1, rate)) * speed());
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
    if (recorded_) {
        // A recording ends where it ends: play stops at its last frame.
        due = int(std::min<int64_t>(due, length() - position()));
        if (position() >= length()) playing_ = false;
    }
    for (int i = 0; i < due; ++i) {
        const size_t a = size_t(std::max(0, driven_));
        const bool watch = !breaks_.empty() && a < actorCount();
        const MoverState before = watch ? state(a) : MoverState{};
        std::vector<StateField> recordedBefore;
        if (watch && recorded_ && !breaks_.rules.empty()) recordedBefore = breakFields(a);
        const std::vector<std::string> faultsBefore =
            recorded_ ? std::vector<std::string>{} : pluginFaults();
        stepLive(keys, true);
        // A plugin that faulted on this step stops play at it: each later frame would start
        // another host that faults again, and the fault the user looks for would drift.
        if (!recorded_) {
            const std::vector<std::string> faults = pluginFaults();
            for (size_t k = 0; k < faults.size(); ++k)
                if (!faults[k].empty() &&
                    (k >= faultsBefore.size() || faults[k] != faultsBefore[k])) {
                    setPlaying(false);  // clears lastBreak_
                    lastBreak_ = faults[k];
                    return i + 1;
                }
        }
        if (!watch) continue;
        if (breakSignsAt_ != position() - 1 || breakSignsActor_ != a) breakSigns_.clear();
        if (recorded_) {
            const BreakStep fields{std::move(recordedBefore), breakFields(a), &trace_, int32_t(a)};
            lastBreak_ = breakReason(breaks_, position(), before, state(a), trace_, int32_t(a),
                                     MoverKind{}, &fields, &breakSigns_);
        } else {
            lastBreak_ = breakReason(breaks_, position(), before, state(a), trace_, int32_t(a),
                                     map_->actors[a].mover, nullptr, &breakSigns_);
        }
        breakSignsAt_ = breaks_.anyRule() ? position() : -1;
        breakSignsActor_ = a;
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
    if (recorded_) {
        if (position() >= length()) return;
        recorded_->seek(position() + 1, t);
        followLive_ = position() >= length();
        pushHistory();
        return;
    }
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
    if (recorded_) {
        followLive_ = p >= length();
        recorded_->seekWithHistory(p, &trace_, historyN_, &history_);
        ++seeks_;
        return;
    }
    timeline_.seekWithHistory(std::clamp<int64_t>(p, 0, length()), &trace_, historyN_, &history_);
    ++seeks_;
}

const MoverState& Debugger::state(size_t actor) const {
    if (recorded_) return recorded_->states()[actor];
    if (timeline_.position() != 0) return timeline_.sim().states()[actor];
    return spawnShown(actor);
}

const MoverState& Debugger::spawnShown(size_t actor) const {
    const std::vector<MoverState>& spawn = timeline_.startStates();
    if (actor >= map_->actors.size() || actor >= spawn.size()) return spawn[actor];
    if (spawnShown_.size() != spawn.size()) {
        spawnShown_.clear();
        for (size_t a = 0; a < spawn.size(); ++a)
            spawnShown_.push_back(a < map_->actors.size()
                                      ? spawnAsShown(map_->actors[a].mover, spawn[a],
                                                     timeline_.startParams(a),
                                                     timeline_.sim().world())
                                      : spawn[a]);
    }
    return spawnShown_[actor];
}

std::vector<StateField> Debugger::breakFields(size_t actor) const {
    const int64_t p = position();
    if (!recorded_)
        return traceFields(p - 1,
                           actor < map_->actors.size() ? map_->actors[actor].mover : MoverKind{},
                           state(actor));
    std::vector<StateField> out{{"frame", std::to_string(recorded_->frameNumber(p))}};
    if (const std::optional<RecordedState> line = recorded_->stateLine(actor, p))
        for (const TraceField& f : line->fields) out.push_back({f.key, f.text});
    return out;
}

void Debugger::afterJump() {
    spawnShown_.clear();
    if (recorded_) {
        recorded_->seekWithHistory(position(), &trace_, historyN_, &history_);
    } else {
        timeline_.seekWithHistory(position(), &trace_, historyN_, &history_);
    }
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
    if (actor >= history_.size()) return kNone;
    std::vector<MoverState>& h = history_[actor];
    // Positions max(0, p - n) .. p: the first is position 0 when there are p + 1.
    if (!recorded_ && !h.empty() && int64_t(h.size()) == position() + 1 &&
        actor < map_->actors.size())
        h.front() = spawnShown(actor);
    return h;
}

void Debugger::setDrivenActor(int actor) {
    driven_ = std::clamp(actor, 0, std::max(0, int(actorCount()) - 1));
    takenOver_ = false;
    if (recordedGhost_) recordedGhost();
}

const std::string& Debugger::actorName(size_t actor) const {
    return recorded_ ? recorded_->trace().actors[actor].name : map_->actors[actor].name;
}

bool Debugger::actorRound(size_t actor) const {
    return recorded_ ? recorded_->trace().actors[actor].round
                     : moverInfo(map_->actors[actor].mover).round;
}

void Debugger::showRecording(std::shared_ptr<const RecordedTrace> trace,
                             std::shared_ptr<const RecordedTrace> ghost) {
    playing_ = false;
    takenOver_ = false;
    pendingSeek_ = -1;
    clearGhost();
    recorded_ = std::make_unique<RecordedFrames>(std::move(trace));
    followLive_ = true;
    recordedGhost_ = ghost ? std::make_unique<RecordedFrames>(std::move(ghost)) : nullptr;
    driven_ = 0;
    if (recordedGhost_) recordedGhost();
    afterJump();
}

void Debugger::recordingGrew() {
    if (!recorded_) return;
    const int64_t before = length();
    recorded_->extend();
    // The ghost follows the recording: found once the selected actor arrives (a live game's
    // trace starts without actors), then extended by the positions that arrived.
    if (recordedGhost_ && ghostActor_ < 0) {
        recordedGhost();
    } else if (recordedGhost_ && int64_t(ghost_.size()) <= length()) {
        const int actor = recordedGhost_->trace().findActor(actorName(size_t(ghostActor_)));
        const std::vector<MoverState> more =
            recordedGhost_->trajectory(size_t(actor), length(), int64_t(ghost_.size()));
        ghost_.insert(ghost_.end(), more.begin(), more.end());
    }
    if (followLive_ && length() != before) {
        recorded_->seekWithHistory(length(), &trace_, historyN_, &history_);
        ++seeks_;
    }
}

void Debugger::setFollowLive(bool on) {
    followLive_ = on;
    if (on && recorded_ && position() < length()) {
        recorded_->seekWithHistory(length(), &trace_, historyN_, &history_);
        ++seeks_;
    }
}

void Debugger::recordedGhost() {
    clearGhost();
    if (!recorded_ || actorCount() == 0) return;
    ghost_ = recordedGhost_->trajectory(actorName(size_t(driven_)), length());
    if (!ghost_.empty()) ghostActor_ = driven_;
}

std::string Debugger::recordedGhostMissing() const {
    if (!recorded_ || !recordedGhost_ || actorCount() == 0 || ghostActor_ >= 0) return "";
    const std::vector<TraceActorInfo>& theirs = recordedGhost_->trace().actors;
    std::string list;
    for (const TraceActorInfo& a : theirs) list += (list.empty() ? "" : ", ") + a.name;
    return "The --ghost trace has no actor named '" + actorName(size_t(driven_)) + "' (" +
           (theirs.empty() ? std::string("it has no actors") : "its actors: " + list) + ").";
}

void Debugger::setLog(size_t actor, const InputLog& log) {
    if (recorded_) return;  // a recording has no keys to replace
    timeline_.setLog(actor, log);
    takenOver_ = false;
    afterJump();
}

bool Debugger::loadLog(size_t actor, const std::string& path, std::string* error) {
    if (recorded_) {
        *error = "a recorded trace replays as recorded: no input log to load";
        return false;
    }
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
    // As a map is saved (temp file + rename): a killed or failed write leaves the old file,
    // a symlink is written through, a read-only file is refused.
    return writeFileAtomically(path, text, error);
}

void Debugger::runTo(int64_t p) {
    p = std::max<int64_t>(0, p);
    if (recorded_) return seekNow(p);
    if (p > length()) {
        timeline_.seek(length(), nullptr);
        while (position() < p) timeline_.step({}, nullptr);  // past the logs: no keys
    }
    seekNow(p);
}

std::vector<std::string> Debugger::pluginFaults() const {
    std::vector<std::string> out;
    for (MoverKind kind : pluginMoverKinds())
        if (const PluginMover* build = pluginMover(kind)) {
            const std::string what = build->lastFault();
            out.push_back(what.empty() ? what
                                       : std::string(moverInfo(kind).id) + ": a step at frame " +
                                             std::to_string(build->lastFaultFrame()) + " " + what);
        }
    return out;
}

int64_t Debugger::restartPlugin(MoverKind kind) {
    const PluginMover* build = pluginMover(kind);
    if (!build || build->lastFault().empty()) return -1;
    const int64_t failed = build->lastFaultFrame();
    build->restart();
    if (recorded_) return position();  // a recording is played back, not stepped
    if (failed >= 0 && failed < position()) timeline_.seek(failed, nullptr);
    // Snapshots after the failed frame hold states the failed host left: stepped anew.
    timeline_.mapChanged(nullptr);
    takenOver_ = false;
    afterJump();
    return position();
}

void Debugger::mapChanged() {
    if (recorded_) return afterJump();  // the recording does not depend on the map
    followParamLayouts();
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
    recorded_.reset();
    recordedGhost_.reset();
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

std::vector<MoverState> Debugger::trajectory(size_t actor, int64_t end) {
    const int64_t p = position();
    end = end < 0 ? length() : std::min(end, length());
    // A recording's run is what it recorded (the map's actors, if it has any, are not what
    // is shown; stepping the timeline would never move the recording's position).
    if (recorded_) return recorded_->trajectory(actor, end);
    std::vector<MoverState> out;
    out.reserve(size_t(end + 1));
    timeline_.seek(0, nullptr);
    // The simulation's states (the spawn as it is): a ghost is the run, not its display.
    out.push_back(timeline_.sim().states()[actor]);
    while (position() < end) {
        timeline_.step({}, nullptr);
        out.push_back(timeline_.sim().states()[actor]);
    }
    seekNow(p);
    return out;
}

ReloadOutcome Debugger::reloadPlugin(MoverKind kind, const std::string& path, int64_t stepLimitMs,
                                     const std::function<void(const ReloadOutcome&)>& editMap) {
    followParamLayouts();  // the lists the tuning follows now, before the swap
    int actor = -1;
    for (size_t i = 0; i < actorCount() && actor < 0; ++i)
        if (map_->actors[i].mover == kind) actor = int(i);
    if (driven_ >= 0 && size_t(driven_) < actorCount() &&
        map_->actors[size_t(driven_)].mover == kind)
        actor = driven_;
    std::vector<MoverState> before;
    // A build that faulted is never stepped past its fault for the ghost: each frame after it
    // would start another host that faults again (minutes of a frozen editor on a long
    // recording). Its ghost ends at the fault, the frames before it stepped ahead in one go.
    int64_t ghostEnd = length();
    if (const PluginMover* old = pluginMover(kind); old && !old->lastFault().empty())
        ghostEnd = std::clamp<int64_t>(old->lastFaultFrame(), 0, length());
    if (actor >= 0) before = trajectory(size_t(actor), ghostEnd);
    const size_t actors = timeline_.actorCount();
    std::vector<InputBits> keys(size_t(length()) * actors, 0);
    for (int64_t f = 0; f < length(); ++f)
        for (size_t a = 0; a < actors; ++a) keys[size_t(f) * actors + a] = timeline_.keysAt(f, a);
    ReloadOutcome r = reloadPluginChecked(kind, path, *map_, length(), keys, stepLimitMs);
    if (!r.installed) return r;
    if (actor >= 0) {
        ghost_ = std::move(before);
        ghostActor_ = actor;
        ghostFromReload_ = true;
    }
    if (editMap) editMap(r);
    // The pause's reason (the old build's fault, a break it hit) describes a run that is gone:
    // kept, the bar and the Breakpoints panel went on showing the old build's red error.
    lastBreak_.clear();
    followParamLayouts();
    timeline_.mapChanged(nullptr);
    afterJump();
    return r;
}

void Debugger::setParam(size_t actor, int index, Fix value) {
    if (recorded_ || actor >= actorCount() || index < 0 ||
        index >= moverInfo(map_->actors[actor].mover).paramCount)
        return;
    value = moverInfo(map_->actors[actor].mover).params[index].normalize(value);
    spawnShown_.clear();
    if (!compare_) {
        ParamValues pv = params(actor);
        pv[size_t(index)] = value;
        timeline_.setParams(actor, pv);
        return;
    }
    // Compare: the new constant holds from frame 0, so the whole run changes at once.
    const int64_t p = position();
    timeline_.tuneFromStart(actor, index, value, nullptr);
    seekNow(p);
}

void Debugger::resetParam(size_t actor, int index) {
    if (recorded_ || actor >= actorCount() || index < 0 || index >= kMaxParams) return;
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
    if (recorded_ || !compare_ || actor >= actorCount()) return;
    // The map's values: the ghost taken when the actor still ran with them stays through
    // later edits. (Tuned with Compare off first, there is no such run: the run before this
    // edit is taken, and its label says so.)
    if (ghostOf_ == GhostOf::MapValues && ghostActor_ == int(actor) && !ghostFromReload_ &&
        ghostParams_ == map_->actors[actor].params)
        return;
    ghost_ = trajectory(actor);
    ghostParams_ = params(actor);
    ghostActor_ = int(actor);
    ghostFromReload_ = false;
}

std::string Debugger::ghostLabel() const {
    if (recorded_ || ghostActor_ < 0 || size_t(ghostActor_) >= actorCount()) return "ghost";
    if (ghostFromReload_) return "ghost: the build before the reload";
    const size_t a = size_t(ghostActor_);
    const MoverInfo& info = moverInfo(map_->actors[a].mover);
    const ParamValues& now = params(a);
    std::string differ;
    for (int i = 0; i < info.paramCount; ++i) {
        const Fix was = ghostParams_[size_t(i)];
        if (was == now[size_t(i)]) continue;
        differ +=
            (differ.empty() ? "" : ", ") + std::string(info.params[i].name) + " " + was.shortest();
    }
    const bool mapValues = ghostParams_ == map_->actors[a].params;
    return std::string("ghost: ") + (mapValues ? "the map's values" : "before the last edit") +
           " (" + (differ.empty() ? "the same values as now" : differ) + ")";
}

void Debugger::keepRun(size_t actor, const std::string& name) {
    if (actor >= actorCount()) return;
    runs_.push_back(SavedRun{name, actor, trajectory(actor), true});
}

void Debugger::clearGhost() {
    ghost_.clear();
    ghostActor_ = -1;
    ghostFromReload_ = false;
}

bool Debugger::writeTrace(const std::string& path, const std::string& mapPath, bool probes,
                          std::string* error) {
    if (recorded_) {
        *error = path + ": not written: the debugger shows a recorded trace, not a run";
        return false;
    }
    const int64_t p = position();
    timeline_.seek(0, nullptr);
    Trace t;
    TraceWriter w;
    w.header(traceHeaderFor(*map_, mapPath));
    const std::vector<Actor> actors(map_->actors.begin(), map_->actors.begin() + actorCount());
    // The whole trace, then one atomic write (temp file + rename, as a map is saved): a
    // killed or failed write leaves the old file, never half a trace.
    std::string text;
    for (int64_t frame = 0; frame < length(); ++frame) {
        timeline_.step({}, probes ? &t : nullptr);
        w.frame(frame, actors, timeline_.sim().states(), probes ? &t : nullptr);
        text.append(w.text());
        w.clear();
    }
    if (length() == 0) text.append(w.text());
    seekNow(p);
    return writeFileAtomically(path, text, error);
}

// "hero: run_speed 2 -> 3, gravity 0.25 -> 0.3"
std::string tuningSummary(const Map& m, const Debugger& g, size_t a) {
    const MoverInfo& info = moverInfo(m.actors[a].mover);
    const ParamValues& now = g.tunedParams(a);
    std::string out = m.actors[a].name + ":";
    const char* sep = " ";
    for (int i = 0; i < info.paramCount; ++i) {
        const Fix before = m.actors[a].params[size_t(i)], after = now[size_t(i)];
        if (before == after) continue;
        // The shortest decimals, as the map file writes them: 0.05, not 0.0500031.
        out += sep + std::string(info.params[i].name) + " " + before.shortest() + " -> " +
               after.shortest();
        sep = ", ";
    }
    return out;
}

}  // namespace ts
