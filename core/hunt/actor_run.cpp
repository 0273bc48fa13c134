// One actor stepped alone with the detectors (detail/actor_run.h).
#include "hunt/detail/actor_run.h"

#include "movers/step_context.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "sim/sim.h"

namespace ts::hunt {

namespace {

// The log's keys after the frame being stepped, for a plugin stepping ahead in its host.
struct LogAhead final : KeysAhead {
    const InputLog* log = nullptr;
    int64_t next = 0, end = 0;
    int keysAfter(size_t, InputBits* out, int max) const override {
        int n = 0;
        for (int64_t f = next; n < max && f < end; ++f) out[n++] = log->at(f);
        return n;
    }
};

}  // namespace

ActorRun::ActorRun(const Map& m, const CollisionWorld& w, size_t a, int64_t limitMs)
    : map(&m),
      world(&w),
      actor(a),
      mover(&moverInfo(m.actors[a].mover)),
      params(m.actors[a].params),
      plugin(isPluginKind(m.actors[a].mover)),
      callLimitMs(limitMs) {
    const StepContext sc = context(nullptr);
    spawn = spawnState(m.actors[a], sc);
    takeFault(*this);
}

std::string takeFault(const ActorRun& run) {
    if (!run.plugin) return "";
    const PluginMover* p = pluginMover(run.map->actors[run.actor].mover);
    if (!p) return "";
    std::string f = p->lastFault();
    if (!f.empty()) p->restart();
    return f;
}

std::vector<SnagFinding> replayRun(const ActorRun& run, const InputLog& log, uint32_t kinds,
                                   int64_t maxFrames, MoverState* end) {
    std::vector<SnagFinding> out;
    SnagDetectors det(*run.world, *run.mover, run.params, kinds);
    det.setActor(run.actor, run.name());
    const int64_t frames = maxFrames > 0 ? maxFrames : log.frames();
    LogAhead ahead;
    ahead.log = &log;
    ahead.end = frames;
    const StepContext sc = run.context(&ahead);
    InputCursor keys(log);
    MoverState s = run.spawn;
    for (int64_t f = 0; f < frames; ++f) {
        const InputBits k = keys.next();
        ahead.next = f + 1;
        const MoverState n = run.mover->step(s, k, run.params, *run.world, nullptr, sc);
        det.observe(StepFacts{f, k, &s, &n}, &out);
        if (run.plugin && (kinds & snagBit(SnagKind::Fault))) {
            const std::string fault = takeFault(run);
            if (!fault.empty()) {
                SnagFinding x;
                x.kind = SnagKind::Fault;
                x.actor = run.actor;
                x.actorName = run.name();
                x.frame = f;
                x.x = s.x.floor();
                x.y = s.y.floor();
                x.feature = MapFeature{"open", 0, 0, "the plugin"};
                x.detail = "the plugin's step " + fault;
                out.push_back(std::move(x));
                if (end) *end = n;
                return out;
            }
        }
        s = n;
    }
    if (end) *end = s;
    return out;
}

}  // namespace ts::hunt
