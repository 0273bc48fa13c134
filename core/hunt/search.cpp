// The search (hunt.h huntMap): for each hunted actor, a Go-Explore archive over its states
// (detail/archive.h). Each epoch draws a fixed number of tasks (an archive entry and a seed)
// with a PRNG seeded by (seed, shard, actor, epoch), favouring entries explored from less
// often and entries next to map features; each task restores the entry's state and steps
// TAS-like key runs (detail/key_runs.h) with the detectors watching; the tasks run on the
// threads in parallel and their results (new cells, findings) are merged in task order, so
// that nothing depends on the number of threads. The frame budget is checked at epoch
// boundaries (the reproducible bound), as are the time budget and cancel. Findings are then
// shrunk and replayed twice (shrink.cpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <unordered_set>

#include "hunt/detail/actor_run.h"
#include "hunt/detail/archive.h"
#include "hunt/detail/key_runs.h"
#include "hunt/detail/model_rules.h"
#include "movers/step_context.h"
#include "plugin/plugin_mover.h"
#include "plugin/plugin_registry.h"
#include "sim/sim.h"

namespace ts {

namespace hunt {
namespace {

constexpr int kTasksPerEpoch = 128;
constexpr int64_t kDefaultFrames = 2'000'000;
constexpr int64_t kDefaultDepth = 3600;
constexpr int kVariants = 4;  // --vary: the map's own spawn and parameters, and 3 variants

struct Candidate {
    uint64_t cell;
    MoverState state;
    int64_t length;
};

struct TaskOut {
    std::vector<Candidate> cells;
    std::vector<FoundAt> found;
    int64_t frames = 0;
};

struct Task {
    int32_t entry;
    uint64_t seed;
    int64_t length;
};

uint64_t weightOf(const ArchiveEntry& e) {
    return (e.near ? 4096u : 1024u) / (1u + std::min<uint32_t>(e.chosen, 1023));
}

// The keys of a task, known in advance: a plugin steps them ahead in its host.
struct TaskAhead final : KeysAhead {
    const std::vector<InputBits>* keys = nullptr;
    size_t next = 0;
    int keysAfter(size_t, InputBits* out, int max) const override {
        int n = 0;
        for (size_t f = next; n < max && f < keys->size(); ++f) out[n++] = (*keys)[f];
        return n;
    }
};

// One worker's tools, reused from task to task.
struct Worker {
    Worker(const ActorRun& r, uint32_t kinds) : run(&r), det(*r.world, *r.mover, r.params, kinds) {
        det.setActor(r.actor, r.name());
        const CollisionWorld& w = *r.world;
        coverage.assign(size_t(w.map().width) * size_t(w.map().height), 0);
    }
    const ActorRun* run;
    SnagDetectors det;
    std::vector<uint32_t> coverage;
    std::vector<InputBits> keys;
    std::vector<SnagFinding> found;
    static constexpr size_t kKnown = 4096;
    std::vector<uint64_t> known = std::vector<uint64_t>(kKnown, ~uint64_t(0));
};

class ActorHunt {
  public:
    ActorHunt(const ActorRun& run, const HuntOptions& opt, int jobs)
        : run_(run), opt_(opt), jobs_(jobs), rules_(*run.world, *run.mover, run.params) {}

    void search(int64_t frameBudget, double seconds, int64_t* framesDone, HuntProgress* progress,
                bool* cancelled);
    std::vector<FoundAt>& found() { return found_; }
    const Archive& archive() const { return archive_; }
    std::vector<uint32_t> coverage;
    int64_t firstFoundAt = -1;
    // For the progress report: this actor's place among the hunted and when the hunt began.
    size_t progressBase = 0;
    double progressActors = 1;
    std::chrono::steady_clock::time_point huntStart = std::chrono::steady_clock::now();

  private:
    void planKeys(const Task& t, std::vector<InputBits>* keys) const;
    void stepPlanned(const std::vector<Task>& tasks) const;
    void runTask(Worker& w, const Task& t, TaskOut* out) const;
    std::vector<Task> drawTasks(uint64_t epoch) const;
    void seedArchive();

    const ActorRun& run_;
    const HuntOptions& opt_;
    int jobs_;
    ModelRules rules_;
    Archive archive_;
    std::vector<FoundAt> found_;
    std::unordered_set<std::string> keys_;
};

void ActorHunt::seedArchive() {
    ArchiveEntry root;
    root.state = run_.spawn;
    root.near = true;
    archive_.add(cellOf(run_.spawn), root);
    archive_.setWeight(0, weightOf(root));
    // The user's logs: every new cell along them becomes an entry.
    for (size_t i = 0; i < opt_.seedInputs.size(); ++i) {
        InputCursor cur(opt_.seedInputs[i]);
        MoverState s = run_.spawn;
        const int64_t n = std::min<int64_t>(opt_.seedInputs[i].frames(), kDefaultDepth * 10);
        for (int64_t f = 0; f < n; ++f) {
            s = run_.mover->step(s, cur.next(), run_.params, *run_.world, nullptr);
            ArchiveEntry e;
            e.state = s;
            e.frame = f + 1;
            e.seedLog = int32_t(i);
            e.length = f + 1;
            e.near = rules_.anythingNear(rules_.body(s));
            if (archive_.add(cellOf(s), e))
                archive_.setWeight(archive_.entries.size() - 1, weightOf(e));
        }
    }
}

std::vector<Task> ActorHunt::drawTasks(uint64_t epoch) const {
    const uint64_t base = mixSeed(
        mixSeed(mixSeed(opt_.seed, uint64_t(opt_.shardIndex)), uint64_t(run_.actor)), epoch);
    Rng rng(base);
    std::vector<Task> tasks(kTasksPerEpoch);
    if (opt_.uniformRandom) {
        for (Task& t : tasks) t = Task{0, rng.next(), 16 + int64_t(rng.below(113))};
        return tasks;
    }
    // Integer weights (Archive::setWeight, kept up to date as entries are added and chosen):
    // rarely explored entries and entries near map features first.
    for (Task& t : tasks) {
        t.entry = int32_t(archive_.entryAt(rng.below(archive_.totalWeight())));
        t.seed = rng.next();
        t.length = 8 + int64_t(rng.below(57));
    }
    return tasks;
}

// The keys a task plays, from its seed.
void ActorHunt::planKeys(const Task& t, std::vector<InputBits>* keys) const {
    keys->resize(size_t(t.length));
    if (opt_.uniformRandom) {
        UniformRuns g(t.seed);
        for (InputBits& k : *keys) k = g.next();
    } else {
        KeyRuns g(t.seed);
        for (InputBits& k : *keys) k = g.next();
    }
}

// A plugin in its host: every task of the epoch goes to the host in one message, which steps
// them while this thread judges the ones before (PluginMover::stepPlanned); each task's steps
// then come from there. The steps are those the tasks would ask for one by one, so findings
// are the same either way (tests/hunt/test_plugin_hunt.cpp compares them).
void ActorHunt::stepPlanned(const std::vector<Task>& tasks) const {
    const PluginMover* p = pluginMover(run_.map->actors[run_.actor].mover);
    if (!p || p->inProcess()) return;
    std::vector<std::vector<InputBits>> keys(tasks.size());
    std::vector<PluginMover::PlannedRun> runs(tasks.size());
    for (size_t i = 0; i < tasks.size(); ++i) {
        planKeys(tasks[i], &keys[i]);
        runs[i] = PluginMover::PlannedRun{archive_.entries[size_t(tasks[i].entry)].state,
                                          keys[i].data(), int64_t(keys[i].size())};
    }
    p->stepPlanned(runs, run_.params, *run_.world, run_.callLimitMs);
}

void ActorHunt::runTask(Worker& w, const Task& t, TaskOut* out) const {
    const ArchiveEntry& from = archive_.entries[size_t(t.entry)];
    const int64_t maxDepth = opt_.maxDepth > 0 ? opt_.maxDepth : kDefaultDepth;
    planKeys(t, &w.keys);
    TaskAhead ahead;
    ahead.keys = &w.keys;
    const StepContext sc = run_.context(&ahead);
    w.det.reset();
    const CollisionWorld& world = *run_.world;
    const int64_t tile = world.tileSize(), mw = world.map().width, mh = world.map().height;
    const int shift = world.gridSize().tileShift;
    MoverState s = from.state;
    uint64_t lastCell = cellOf(s);
    bool faulted = false;
    // A frame's new cell is looked up in the archive one frame later (its table slot asked for
    // at once: Archive::prefetch), so that the next step and its detectors hide the wait for
    // memory. The candidates keep their frame order, and the worker's cache of known cells
    // sees the same lookups in the same order: nothing else changes.
    bool pending = false;
    Candidate waiting{0, MoverState{}, 0};
    const auto lookUp = [&] {
        if (!pending) return;
        pending = false;
        // The worker's small cache of cells known to be in the archive (they stay there)
        // saves most lookups in the archive's larger table.
        uint64_t& known = w.known[size_t(waiting.cell) & (Worker::kKnown - 1)];
        if (known == waiting.cell) return;
        if (archive_.contains(waiting.cell))
            known = waiting.cell;
        else
            out->cells.push_back(waiting);
    };
    for (int64_t f = 0; f < t.length; ++f) {
        const InputBits k = w.keys[size_t(f)];
        ahead.next = size_t(f + 1);
        const MoverState n = run_.mover->step(s, k, run_.params, world, nullptr, sc);
        const size_t before = w.found.size();
        w.det.observe(StepFacts{from.frame + f, k, &s, &n}, &w.found);
        if (run_.plugin && (opt_.kinds & snagBit(SnagKind::Fault))) {
            const std::string fault = takeFault(run_);
            if (!fault.empty()) {
                SnagFinding x;
                x.kind = SnagKind::Fault;
                x.actor = run_.actor;
                x.actorName = run_.name();
                x.frame = from.frame + f;
                x.feature = MapFeature{"open", 0, 0, "the plugin"};
                x.detail = "the plugin's step " + fault;
                w.found.push_back(std::move(x));
                faulted = true;
            }
        }
        for (size_t i = before; i < w.found.size(); ++i)
            out->found.push_back(
                FoundAt{std::move(w.found[i]), t.entry, t.seed, f + 1, opt_.uniformRandom});
        w.found.clear();
        lookUp();            // the previous frame's cell
        if (faulted) break;  // a plugin's state after a fault cannot be trusted
        const int64_t cx = shift >= 0 ? n.x.floor() >> shift : floorDiv(n.x.floor(), tile);
        const int64_t cy = shift >= 0 ? n.y.floor() >> shift : floorDiv(n.y.floor(), tile);
        if (cx >= 0 && cy >= 0 && cx < mw && cy < mh) ++w.coverage[size_t(cy * mw + cx)];
        const uint64_t cell = cellOf(n);
        if (cell != lastCell && !opt_.uniformRandom && from.frame + f + 1 < maxDepth) {
            archive_.prefetch(cell);
            __builtin_prefetch(&w.known[size_t(cell) & (Worker::kKnown - 1)]);
            pending = true;
            waiting = Candidate{cell, n, f + 1};
        }
        lastCell = cell;
        s = n;
    }
    lookUp();
    out->frames = t.length;
}

void ActorHunt::search(int64_t frameBudget, double seconds, int64_t* framesDone,
                       HuntProgress* progress, bool* cancelled) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto lastReport = start;
    seedArchive();
    std::vector<Worker> workers;
    for (int i = 0; i < jobs_; ++i) workers.emplace_back(run_, opt_.kinds);
    int64_t frames = 0;
    bool faultSeen = false;
    // A plugin that faulted is hunted no further: each fault costs a new host process.
    for (uint64_t epoch = 0; frames < frameBudget && !faultSeen; ++epoch) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        if (seconds > 0 && elapsed >= seconds) break;
        if (opt_.cancel && opt_.cancel->load()) {
            *cancelled = true;
            break;
        }
        const std::vector<Task> tasks = drawTasks(epoch);
        if (run_.plugin && opt_.batchPluginSteps) stepPlanned(tasks);
        std::vector<TaskOut> outs(tasks.size());
        std::atomic<size_t> next{0};
        // A plugin is hunted on one thread, in task order: the first fault ends the epoch
        // (each costs a new host process).
        bool faulted = false;
        auto work = [&](Worker& w) {
            for (size_t i; !faulted && (i = next.fetch_add(1)) < tasks.size();) {
                // The entry the next task restores, drawn anywhere in the archive: asked for
                // now, it is in the cache when that task starts (both of its cache lines).
                if (i + 1 < tasks.size()) {
                    const char* e = reinterpret_cast<const char*>(
                        &archive_.entries[size_t(tasks[i + 1].entry)]);
                    __builtin_prefetch(e);
                    __builtin_prefetch(e + 64);
                }
                runTask(w, tasks[i], &outs[i]);
                if (run_.plugin)
                    for (const FoundAt& f : outs[i].found)
                        faulted = faulted || f.finding.kind == SnagKind::Fault;
            }
        };
        std::vector<std::thread> threads;
        for (size_t i = 1; i < workers.size(); ++i)
            threads.emplace_back(work, std::ref(workers[i]));
        work(workers[0]);
        for (std::thread& t : threads) t.join();
        // Merge in task order.
        for (size_t i = 0; i < tasks.size(); ++i) {
            const Task& t = tasks[i];
            ArchiveEntry& from = archive_.entries[size_t(t.entry)];
            ++from.chosen;
            archive_.setWeight(size_t(t.entry), weightOf(from));
            const int64_t base = from.frame;
            // (The table's slots of a task's cells are asked for ahead: see Archive::prefetch.)
            for (const Candidate& c : outs[i].cells) archive_.prefetch(c.cell);
            for (const Candidate& c : outs[i].cells) {
                ArchiveEntry e;
                e.state = c.state;
                e.frame = base + c.length;
                e.parent = t.entry;
                e.seed = t.seed;
                e.length = c.length;
                e.near = rules_.anythingNear(rules_.body(c.state));
                if (archive_.add(c.cell, e))
                    archive_.setWeight(archive_.entries.size() - 1, weightOf(e));
            }
            for (FoundAt& f : outs[i].found) {
                const std::string key = f.finding.key();
                if (std::find(opt_.ignoredKeys.begin(), opt_.ignoredKeys.end(), key) !=
                        opt_.ignoredKeys.end() ||
                    !keys_.insert(key).second)
                    continue;
                if (firstFoundAt < 0) firstFoundAt = *framesDone + frames + f.length;
                faultSeen = faultSeen || f.finding.kind == SnagKind::Fault;
                found_.push_back(std::move(f));
            }
            frames += outs[i].frames;
        }
        const auto now = Clock::now();
        if (opt_.onProgress && now - lastReport >= std::chrono::milliseconds(250)) {
            lastReport = now;
            const double el = std::chrono::duration<double>(now - start).count();
            progress->frames = *framesDone + frames;
            progress->framesPerSecond = el > 0 ? double(frames) / el : 0;
            progress->cells = archive_.entries.size();
            progress->findings = found_.size();
            // The share of this actor's budget used, the nearer of frames and time.
            double used = frameBudget > 0 ? double(frames) / double(frameBudget) : 0;
            if (seconds > 0) used = std::max(used, el / seconds);
            progress->fraction = std::min(1.0, (double(progressBase) + used) / progressActors);
            progress->secondsLeft = progress->fraction > 0
                                        ? std::chrono::duration<double>(now - huntStart).count() *
                                              (1 - progress->fraction) / progress->fraction
                                        : 0;
            opt_.onProgress(*progress);
        }
    }
    *framesDone += frames;
    coverage = std::move(workers[0].coverage);
    for (size_t i = 1; i < workers.size(); ++i)
        for (size_t c = 0; c < coverage.size(); ++c) coverage[c] += workers[i].coverage[c];
}

}  // namespace

// A variant of the actor for --vary (deterministic in seed, actor and variant): a spawn drawn
// anywhere in the map where the model's body is free (64 tries), parameters drawn around the
// map's values within each one's documented range (ParamSpec, normalized). False when no free spawn
// is found.
bool varyActor(const CollisionWorld& world, const HuntOptions& opt, size_t actor, int variant,
               Actor* a) {
    Rng rng(mixSeed(mixSeed(opt.seed, 0x7661727900ull + actor), uint64_t(variant)));
    const MoverInfo& info = moverInfo(a->mover);
    if (opt.varyParams)
        for (int i = 0; i < info.paramCount; ++i) {
            const ParamSpec& spec = info.params[i];
            // Around the map's own value, from half to double it (a gravity drawn from the whole
            // 0..64 range mostly makes a different game, whose findings would all be noise);
            // a value of 0 draws from the bottom eighth of the range. Clamped to the range.
            const int64_t lo = spec.minFix().raw, hi = spec.maxFix().raw;
            const int64_t v = a->params[size_t(i)].raw;
            const int64_t k = int64_t(rng.below(65537));  // 0 .. 65536
            const int64_t raw =
                v != 0 ? v / 2 + v * 3 * k / (2 * 65536) : lo + (hi - lo) / 8 * k / 65536;
            a->params[size_t(i)] = spec.normalize(Fix::fromRaw(std::clamp(raw, lo, hi)));
        }
    if (!opt.varySpawn) return true;
    const int64_t W = world.widthPx(), H = world.heightPx();
    for (int tries = 0; tries < 64; ++tries) {
        Actor c = *a;
        const int64_t spanX = std::max<int64_t>(1, W - (info.round ? 0 : c.w));
        const int64_t spanY = std::max<int64_t>(1, H - (info.round ? 0 : c.h));
        c.x = int64_t(rng.below(uint64_t(spanX)));
        c.y = int64_t(rng.below(uint64_t(spanY)));
        const MoverState s = spawnState(c);
        const ModelRules rules(world, info, c.params);
        const RectI b = rules.body(s);
        if (b.x < 0 || b.y < 0 || b.right() > W || b.bottom() > H || rules.inside(s)) continue;
        *a = c;
        return true;
    }
    return false;
}

}  // namespace hunt

bool huntMap(const Map& map, const HuntOptions& opt, HuntResult* out, std::string* error) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    *out = HuntResult{};
    if (opt.shardCount < 1 || opt.shardIndex < 0 || opt.shardIndex >= opt.shardCount)
        return *error = "shard " + std::to_string(opt.shardIndex) + "/" +
                        std::to_string(opt.shardCount) + " is not one of 0.." +
                        std::to_string(opt.shardCount - 1),
               false;
    std::vector<size_t> actors;
    if (opt.actors.empty())
        for (size_t i = 0; i < map.actors.size(); ++i) actors.push_back(i);
    for (const std::string& name : opt.actors) {
        size_t i = 0;
        while (i < map.actors.size() && map.actors[i].name != name) ++i;
        if (i == map.actors.size())
            return *error = "no actor named '" + name + "' in the map", false;
        actors.push_back(i);
    }
    if (actors.empty()) return *error = "the map has no actors to hunt with", false;
    const CollisionWorld world(map);
    const int64_t totalFrames =
        opt.frames > 0 ? opt.frames
                       : (opt.budgetSeconds > 0 ? INT64_MAX / 2 : hunt::kDefaultFrames);
    int jobs = opt.jobs > 0 ? opt.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    out->coverage.width = map.width;
    out->coverage.height = map.height;
    out->coverage.visits.assign(size_t(map.width) * size_t(map.height), 0);
    HuntProgress progress;
    std::vector<SnagFinding> all;
    // --vary: each actor is hunted as in the map and in kVariants - 1 variants with another
    // spawn and/or parameters (hunt::varyActor), each with an equal share of its budget.
    const int variants = opt.varySpawn || opt.varyParams ? hunt::kVariants : 1;
    const size_t runs = actors.size() * size_t(variants);
    for (size_t n = 0; n < runs && !out->cancelled; ++n) {
        Map variedMap;
        const Map* runMap = &map;
        const size_t actorIndex = actors[n / size_t(variants)];
        const int variant = int(n % size_t(variants));
        if (variant > 0) {
            variedMap = map;
            if (!hunt::varyActor(world, opt, actorIndex, variant, &variedMap.actors[actorIndex]))
                continue;
            runMap = &variedMap;
        }
        const hunt::ActorRun run(*runMap, world, actorIndex, opt.pluginCallLimitMs);
        const int64_t share = totalFrames / int64_t(runs);
        const double seconds = opt.budgetSeconds > 0 ? opt.budgetSeconds / double(runs) : 0;
        hunt::ActorHunt h(run, opt, run.plugin ? 1 : jobs);
        h.progressBase = n;
        h.progressActors = double(runs);
        h.huntStart = start;
        h.search(share, seconds, &out->framesExplored, &progress, &out->cancelled);
        if (h.firstFoundAt >= 0 && out->framesToFirstFinding < 0)
            out->framesToFirstFinding = h.firstFoundAt;
        out->cells += h.archive().entries.size();
        for (size_t c = 0; c < h.coverage.size(); ++c) out->coverage.visits[c] += h.coverage[c];
        if (run.plugin && (opt.kinds & snagBit(SnagKind::Fault))) {
            // A plugin that differs from itself: the deepest entry's keys replayed twice.
            const hunt::ArchiveEntries& es = h.archive().entries;
            int32_t deepest = 0;
            for (size_t i = 0; i < es.size(); ++i)
                if (es[i].frame > es[size_t(deepest)].frame) deepest = int32_t(i);
            const InputLog log = h.archive().inputsOf(deepest, opt.seedInputs);
            // Between the two, a replay one frame shorter: hidden state that counts calls
            // (a global in the plugin) then starts the second at another count.
            MoverState a, b, ignored;
            const auto fa = hunt::replayRun(run, log, snagBit(SnagKind::Fault), 0, &a);
            if (log.frames() > 1)
                hunt::replayRun(run, log, snagBit(SnagKind::Fault), log.frames() - 1, &ignored);
            const auto fb = hunt::replayRun(run, log, snagBit(SnagKind::Fault), 0, &b);
            const std::string key = std::string("fault|") + run.name() + "|the plugin|0";
            if (fa.empty() && fb.empty() && !(a == b) &&
                std::find(opt.ignoredKeys.begin(), opt.ignoredKeys.end(), key) ==
                    opt.ignoredKeys.end()) {
                SnagFinding f;
                f.kind = SnagKind::Fault;
                f.actor = run.actor;
                f.actorName = run.name();
                f.frame = log.frames() - 1;
                f.x = a.x.floor();
                f.y = a.y.floor();
                f.feature = MapFeature{"open", 0, 0, "the plugin"};
                f.detail = "the same keys stepped twice from the spawn end in different states";
                f.inputs = log;
                all.push_back(std::move(f));
            }
        }
        for (hunt::FoundAt& at : h.found()) {
            SnagFinding f = std::move(at.finding);
            f.inputs = h.archive().inputsOf(at, opt.seedInputs);
            const Actor& original = map.actors[actorIndex];
            const Actor& used = runMap->actors[actorIndex];
            if (used.x != original.x || used.y != original.y) {
                f.variedSpawn = true;
                f.spawnX = used.x;
                f.spawnY = used.y;
            }
            if (used.params != original.params) {
                f.variedParams = true;
                f.params = used.params;
            }
            if (hunt::shrinkFinding(run, &f)) all.push_back(std::move(f));
        }
    }
    // Where a variant and the map itself trip the same key, the map's own case is kept (it
    // reproduces on the user's map as it is), then the earliest.
    std::stable_sort(all.begin(), all.end(), [](const SnagFinding& a, const SnagFinding& b) {
        const bool va = a.variedSpawn || a.variedParams, vb = b.variedSpawn || b.variedParams;
        if (va != vb) return vb;
        return a.frame < b.frame;
    });
    std::vector<SnagFinding> unique;
    std::vector<std::string> keys;
    for (SnagFinding& f : all)
        if (std::find(keys.begin(), keys.end(), f.key()) == keys.end()) {
            keys.push_back(f.key());
            unique.push_back(std::move(f));
        }
    all = std::move(unique);
    std::stable_sort(all.begin(), all.end(), [](const SnagFinding& a, const SnagFinding& b) {
        if (a.kind != b.kind) return a.kind < b.kind;
        if (a.actor != b.actor) return a.actor < b.actor;
        return a.frame < b.frame;
    });
    // One finding per key (a plugin's crash and its self-difference share one): made so above.
    out->findings = std::move(all);
    out->seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return true;
}

bool recheckFinding(const Map& map, const SnagFinding& f, std::string* why,
                    int64_t pluginCallLimitMs) {
    if (f.actor >= map.actors.size() || map.actors[f.actor].name != f.actorName) {
        if (why)
            *why = "the map has no actor '" + f.actorName + "' at index " + std::to_string(f.actor);
        return false;
    }
    const CollisionWorld world(map);
    Map varied;
    const Map* used = &map;
    if (f.variedSpawn || f.variedParams) {
        varied = map;
        Actor& a = varied.actors[f.actor];
        if (f.variedSpawn) {
            a.x = f.spawnX;
            a.y = f.spawnY;
        }
        if (f.variedParams) a.params = f.params;
        used = &varied;
    }
    const hunt::ActorRun run(*used, world, f.actor, pluginCallLimitMs);
    const std::string key = f.key();
    for (int pass = 0; pass < 2; ++pass) {
        bool hit = false;
        for (const SnagFinding& g : hunt::replayRun(run, f.inputs, snagBit(f.kind)))
            hit = hit || g.key() == key;
        if (!hit) {
            if (why)
                *why = std::string("the inputs no longer trip ") + snagKindName(f.kind) + " at " +
                       f.feature.text;
            return false;
        }
    }
    if (why) why->clear();
    return true;
}

std::vector<SnagFinding> replayFindings(const Map& map, size_t actor, const InputLog& log,
                                        uint32_t kinds, int64_t maxFrames) {
    if (actor >= map.actors.size()) return {};
    const CollisionWorld world(map);
    const hunt::ActorRun run(map, world, actor);
    return hunt::replayRun(run, log, kinds, maxFrames);
}

}  // namespace ts
