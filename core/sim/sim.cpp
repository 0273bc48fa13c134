#include "sim/sim.h"

#include "movers/step_context.h"
#include "record/trace_writer.h"

namespace ts {

MoverState spawnState(const Actor& a) {
    return spawnState(a, MoverInfo::noStepContext());
}

MoverState spawnState(const Actor& a, const StepContext& sc) {
    MoverState s;
    s.x = Fix::fromInt(a.x);
    s.y = Fix::fromInt(a.y);
    s.w = a.w;
    s.h = a.h;
    s.facing = DIR_DOWN;
    return moverInfo(a.mover).spawn(s, a.params, sc);
}

Sim::Sim(const Map& map, StepWatchdog* watchdog)
    : map_(&map), world_(map, CollisionWorld::Deferred{}), watchdog_(watchdog) {
    reset();
}

void Sim::buildWorld() const {
    world_.rebuild();
    worldStale_ = false;
}

void Sim::reset() {
    frame_ = 0;
    states_.clear();
    params_.clear();
    for (const Actor& a : map_->actors) {
        const StepContext sc{nullptr, states_.size(), a.name.c_str(), 0, watchdog_};
        states_.push_back(spawnState(a, sc));
        params_.push_back(a.params);
    }
}

void Sim::step(const std::vector<InputBits>& inputs, Trace* trace, const KeysAhead* ahead) {
    if (trace) trace->clear();
    const CollisionWorld& world = this->world();
    for (size_t i = 0; i < states_.size(); ++i) {
        const MoverInfo& info = moverInfo(map_->actors[i].mover);
        InputBits in = i < inputs.size() ? inputs[i] : 0;
        if (trace) trace->actor = int32_t(i);
        const StepContext sc{ahead, i, map_->actors[i].name.c_str(), frame_, watchdog_};
        states_[i] = info.step(states_[i], in, params_[i], world, trace, sc);
    }
    ++frame_;
}

std::string stateJson(int64_t frame, const std::string& actor, MoverKind kind,
                      const MoverState& s) {
    return stateJsonLine(frame, actor, kind, s);
}

}  // namespace ts
