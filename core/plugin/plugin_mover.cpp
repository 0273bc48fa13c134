#include "plugin/plugin_mover.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

#include "../../include/tilestep/mover_plugin.h"
#include "base/bounded_read.h"
#include "movers/model_fields.h"
#include "movers/step_context.h"
#include "plugin/detail/host_process.h"
#include "plugin/detail/plugin_wire.h"
#include "plugin/detail/world_table.h"
#include "plugin/plugin_host_client.h"
#include "plugin/step_watchdog.h"
#include "trace/probe_vocabulary.h"
#include "trace/trace.h"
#include "world/collision.h"

namespace ts {

namespace {

static_assert(TS_MOVER_MAX_PARAMS == kMaxParams, "the ABI's parameter limit is the core's");
static_assert(TS_MOVER_VARS == std::tuple_size<decltype(MoverState::vars)>::value,
              "the ABI's state slots are MoverState::vars");
static_assert(int(ProbeShape::Count) == TS_PROBE_TEXT + 1, "probe shapes match the ABI");
static_assert(int(Verdict::Count) == TS_INFO + 1, "verdicts match the ABI");
static_assert(int(Shape::OneWay) == TS_SHAPE_ONE_WAY, "tile shapes match the ABI");
static_assert(int(KEY_J) == int(TS_KEY_J) && int(DIR_DOWN) == int(TS_DIR_DOWN),
              "keys and directions match");

constexpr int kMaxFields = 8;
// Loading a plugin calls its entry point: one that never returns is an error after this long
// (or the limit of the watchdog that will watch its calls, when longer).
constexpr int64_t kLoadLimitMs = 5000;
constexpr size_t kMaxNameLength = 32;

bool validName(const char* s) {
    if (!s || !*s || std::strlen(s) > kMaxNameLength) return false;
    for (const char* c = s; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')) return false;
    return true;
}

std::string text(const char* s) {
    return s ? std::string(s) : std::string();
}

ts_mover_state toAbi(const MoverState& s) {
    ts_mover_state o{};
    o.x = s.x.raw;
    o.y = s.y.raw;
    o.vx = s.vx.raw;
    o.vy = s.vy.raw;
    o.w = s.w;
    o.h = s.h;
    o.timer = s.timer;
    o.aux = s.aux;
    o.facing = s.facing;
    o.grounded = s.grounded;
    o.pushing = s.pushing;
    for (size_t i = 0; i < s.vars.size(); ++i) o.vars[i] = s.vars[i];
    return o;
}

// The largest coordinate a trace may hold (record/trace_number.cpp: view and diff refuse
// +-2^46 px and beyond), in whole pixels so that its decimal text reads back exactly.
constexpr int64_t kMaxRaw = ((int64_t(1) << 46) - 1) * 65536;

int64_t clampRaw(int64_t v, bool* clamped) {
    if (v > kMaxRaw || v < -kMaxRaw) {
        *clamped = true;
        return v > 0 ? kMaxRaw : -kMaxRaw;
    }
    return v;
}

MoverState fromAbiClamped(const ts_mover_state& s, bool* clamped) {
    MoverState o;
    o.x = Fix::fromRaw(clampRaw(s.x, clamped));
    o.y = Fix::fromRaw(clampRaw(s.y, clamped));
    o.vx = Fix::fromRaw(clampRaw(s.vx, clamped));
    o.vy = Fix::fromRaw(clampRaw(s.vy, clamped));
    // A box the overlays and the collision layer can work with, whatever the plugin wrote.
    o.w = std::clamp<int32_t>(s.w, 1, 4096);
    o.h = std::clamp<int32_t>(s.h, 1, 4096);
    o.timer = s.timer;
    o.aux = s.aux;
    // One direction bit or none.
    o.facing = (s.facing == DIR_LEFT || s.facing == DIR_RIGHT || s.facing == DIR_UP ||
                s.facing == DIR_DOWN)
                   ? s.facing
                   : uint8_t(DIR_NONE);
    o.grounded = s.grounded != 0;
    o.pushing = s.pushing != 0;
    for (size_t i = 0; i < o.vars.size(); ++i) o.vars[i] = s.vars[i];
    return o;
}

// ---- The trace as a C callback ----------------------------------------------------------

void drawProbe(void* ctx, int32_t shape, int32_t verdict, const char* why, ts_fix x0, ts_fix y0,
               ts_fix x1, ts_fix y1) {
    if (shape < 0 || shape >= int32_t(ProbeShape::Count)) return;  // not a primitive: drop it
    if (verdict < 0 || verdict >= int32_t(Verdict::Count)) verdict = int32_t(Verdict::Info);
    static_cast<Trace*>(ctx)->add(ProbeShape(shape), Verdict(verdict), internProbeWhy(why),
                                  Fix::fromRaw(x0), Fix::fromRaw(y0), Fix::fromRaw(x1),
                                  Fix::fromRaw(y1));
}

// ---- Loading ----------------------------------------------------------------------------

}  // namespace

const char* internProbeWhy(const char* why) {
    // The process's (under the mutex, never freed): a probe's why outlives the build that
    // named it, and every thread's traces point at the same strings.
    static std::mutex mutex;
    static std::set<std::string, std::less<>>* strings = new std::set<std::string, std::less<>>();
    std::string clean;
    for (const char* c = why ? why : ""; *c && clean.size() < 63; ++c) {
        const char ch = *c;
        const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                        (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
        clean += ok ? ch : '_';
    }
    std::lock_guard<std::mutex> lock(mutex);
    return strings->insert(std::move(clean)).first->c_str();
}

std::unique_ptr<PluginMover> PluginMover::load(const std::string& path, bool copyFirst,
                                               std::string* error, int64_t limitMs) {
    const char* inProcess = std::getenv("TILESTEP_PLUGIN_IN_PROCESS");
    if (inProcess && *inProcess && std::strcmp(inProcess, "0") != 0)
        return loadInProcess(path, copyFirst, error);
    std::string why;
    if (!plat::readable(path, &why)) {
        *error = path + ": cannot open the plugin (" + why + ")";
        return nullptr;
    }
    // The host loads this build on every restart too: a copy when the path is to stay free
    // for the next build.
    plat::PinnedLibrary lib;
    if (std::string problem = regularFileProblem(path); !problem.empty()) {
        *error = path + ": " + problem;  // a FIFO would block its open
        return nullptr;
    }
    if (!plat::pinLibrary(path, copyFirst, &lib, error)) return nullptr;
    auto remote = std::make_unique<wire::Descriptor>();
    std::unique_ptr<PluginHostClient> host = PluginHostClient::start(
        path, std::move(lib), std::max(limitMs, kLoadLimitMs), remote.get(), error);
    if (!host) return nullptr;
    std::unique_ptr<PluginMover> mover = fromDescriptor(&remote->d, path, error);
    if (!mover) return nullptr;
    mover->host_ = std::move(host);
    mover->remote_ = std::move(remote);
    return mover;
}

std::unique_ptr<PluginMover> PluginMover::loadInProcess(const std::string& path, bool copyFirst,
                                                        std::string* error) {
    std::string why;
    if (!plat::readable(path, &why)) {
        *error = path + ": cannot open the plugin (" + why + ")";
        return nullptr;
    }
    std::string loadPath = path;
    if (copyFirst) {
        loadPath = plat::copyToTemp(path, error);
        if (loadPath.empty()) return nullptr;
    } else if (path.find('/') == std::string::npos) {
        loadPath = "./" + path;  // dlopen searches the library path for bare names
    }
    // Closed only by unload().
    std::string loadError;
    void* handle = plat::openLibrary(loadPath, &loadError);
    // POSIX: the mapping stays valid. Windows keeps a loaded DLL: it goes once unloaded.
    std::string leftCopy;
    if (copyFirst && !plat::removeFile(loadPath) && handle) leftCopy = loadPath;
    auto close = [&] {
        plat::closeLibrary(handle);
        if (!leftCopy.empty()) plat::removeFile(leftCopy);
    };
    if (!handle) {
        *error = path + ": not a loadable shared library (" + loadError + ")";
        return nullptr;
    }
    void* sym = plat::findSymbol(handle, TS_MOVER_ENTRY_SYMBOL);
    if (!sym) {
        *error = path + ": no function " TS_MOVER_ENTRY_SYMBOL
                        " (a mover plugin exports it; see include/tilestep/mover_plugin.h)";
        close();
        return nullptr;
    }
    using Entry = const ts_mover_plugin* (*)();
    Entry entry = reinterpret_cast<Entry>(sym);
    std::unique_ptr<PluginMover> mover = fromDescriptor(entry(), path, error);
    if (mover) {
        mover->library_ = handle;
        mover->libraryCopy_ = leftCopy;
    } else {
        close();  // the error message holds copies, nothing points into it
    }
    return mover;
}

PluginMover::~PluginMover() {
    unload();
}

std::string PluginMover::lastFault() const {
    std::lock_guard<std::mutex> lock(faultMutex_);
    return lastFault_;
}

int64_t PluginMover::lastFaultFrame() const {
    std::lock_guard<std::mutex> lock(faultMutex_);
    return lastFaultFrame_;
}

std::vector<std::string> PluginMover::recentOutput() const {
    return host_ ? host_->recentOutput() : std::vector<std::string>();
}

void PluginMover::restart() const {
    if (host_) host_->restart();
    std::lock_guard<std::mutex> lock(faultMutex_);
    lastFault_.clear();
    lastFaultFrame_ = -1;
}

void PluginMover::fault(const char* call, const std::string& what, const StepContext& sc) const {
    {
        std::lock_guard<std::mutex> lock(faultMutex_);
        lastFault_ = what;
        lastFaultFrame_ = sc.frame;
    }
    const char* actor = sc.actorName;
    // "a step of actor 'hero'" where a Sim is stepping one.
    std::string who = call;
    if (actor) who += std::string(" of actor '") + actor + "'";
    if (sc.watchdog)
        sc.watchdog->reportFault(id_.c_str(), who.c_str(), what);
    else
        std::fprintf(stderr, "tilestep: %s: %s %s\n", id_.c_str(), who.c_str(), what.c_str());
}

MoverState PluginMover::fromAbi(const ts_mover_state& s) const {
    bool clamped = false;
    MoverState o = fromAbiClamped(s, &clamped);
    if (clamped && !clampSaid_.exchange(true))
        std::fprintf(stderr,
                     "tilestep: %s: a position or velocity at or past +-2^46 px was clamped "
                     "(traces hold no more); said once\n",
                     id_.c_str());
    return o;
}

void PluginMover::unload() {
    desc_ = nullptr;
    host_.reset();
    plat::closeLibrary(library_);
    library_ = nullptr;
    if (!libraryCopy_.empty()) plat::removeFile(libraryCopy_);
    libraryCopy_.clear();
}

std::unique_ptr<PluginMover> PluginMover::fromDescriptor(const ts_mover_plugin* d,
                                                         const std::string& origin,
                                                         std::string* error) {
    std::unique_ptr<PluginMover> p(new PluginMover());
    p->path_ = origin;
    if (!p->adopt(d, error)) {
        *error = origin + ": " + *error;
        return nullptr;
    }
    return p;
}

bool PluginMover::adopt(const ts_mover_plugin* d, std::string* error) {
    if (!d) return *error = TS_MOVER_ENTRY_SYMBOL "() returned NULL", false;
    if (d->abi_version != TS_MOVER_ABI_VERSION)
        return *error = "plugin ABI version " + std::to_string(d->abi_version) +
                        ", this tilestep reads version " + std::to_string(TS_MOVER_ABI_VERSION) +
                        " (rebuild the plugin against this tilestep's "
                        "include/tilestep/mover_plugin.h)",
               false;
    if (!wire::knownDescriptorSize(d->struct_size))
        return *error = "descriptor is " + std::to_string(d->struct_size) + " bytes, ABI " +
                        std::to_string(TS_MOVER_ABI_VERSION) + " has " +
                        std::to_string(sizeof(ts_mover_plugin)) + " (or " +
                        std::to_string(wire::kDescriptorSizeBeforeProbeKinds) +
                        " without probe_kinds)",
               false;
    if (!validName(d->name))
        return *error = "name \"" + text(d->name) + "\" is not 1..32 of [a-z0-9_]", false;
    if (!d->step) return *error = "step is NULL", false;
    if (d->param_count < 0 || d->param_count > TS_MOVER_MAX_PARAMS ||
        (d->param_count > 0 && !d->params))
        return *error = "param_count " + std::to_string(d->param_count) + " is outside 0.." +
                        std::to_string(TS_MOVER_MAX_PARAMS),
               false;
    if (d->field_count < 0 || d->field_count > kMaxFields || (d->field_count > 0 && !d->fields))
        return *error = "field_count " + std::to_string(d->field_count) + " is outside 0.." +
                        std::to_string(kMaxFields),
               false;

    std::set<std::string> seen;
    for (int i = 0; i < d->param_count; ++i) {
        const ts_param_spec& s = d->params[i];
        const std::string at = "params[" + std::to_string(i) + "]";
        if (!validName(s.name) || !seen.insert(s.name).second)
            return *error =
                       at + ": name \"" + text(s.name) + "\" is empty, duplicate or not [a-z0-9_]",
                   false;
        if (!(s.min <= s.def && s.def <= s.max))
            return *error = at + " (" + s.name + "): default " + Fix::fromRaw(s.def).str() +
                            " is outside " + Fix::fromRaw(s.min).str() + ".." +
                            Fix::fromRaw(s.max).str(),
                   false;
        paramText_.push_back(ParamText{s.name, text(s.unit), text(s.help)});
    }
    // The core's ParamSpec holds doubles; every 48.16 value up to 2^37 is one exactly.
    for (int i = 0; i < d->param_count; ++i) {
        const ts_param_spec& s = d->params[i];
        params_.push_back(ParamSpec{
            paramText_[size_t(i)].name.c_str(), paramText_[size_t(i)].unit.c_str(),
            Fix::fromRaw(s.def).toDouble(), Fix::fromRaw(s.min).toDouble(),
            Fix::fromRaw(s.max).toDouble(), s.integer != 0, paramText_[size_t(i)].help.c_str()});
    }
    seen = {"frame", "actor", "x", "y", "vx", "vy", "grounded", "facing", "pushing", "probe"};
    for (int i = 0; i < d->field_count; ++i) {
        const ts_state_field& f = d->fields[i];
        const std::string at = "fields[" + std::to_string(i) + "]";
        if (!validName(f.name) || !seen.insert(f.name).second)
            return *error = at + ": name \"" + text(f.name) + "\" is empty, taken or not [a-z0-9_]",
                   false;
        if (f.slot < 0 || f.slot >= TS_SLOT_VAR0 + TS_MOVER_VARS)
            return *error = at + " (" + f.name + "): slot " + std::to_string(f.slot) +
                            " is not a TS_SLOT_",
                   false;
        if (f.type < TS_FIELD_INT || f.type > TS_FIELD_BOOL)
            return *error = at + " (" + f.name + "): type " + std::to_string(f.type) +
                            " is not a TS_FIELD_",
                   false;
        fields_.push_back(Field{f.name, f.slot, f.type});
    }
    if (!adoptProbeKinds(d, error)) return false;

    desc_ = d;
    name_ = d->name;
    id_ = "plugin:" + name_;
    title_ = d->title && *d->title ? std::string(d->title) : id_;
    info_ = MoverInfo{};
    info_.id = id_.c_str();
    info_.title = title_.c_str();
    info_.params = params_.data();
    info_.paramCount = int(params_.size());
    info_.round = d->round != 0;
    info_.stepFn = [](const void* ctx, const MoverState& s, InputBits in, const ParamValues& p,
                      const CollisionWorld& world, Trace* trace, const StepContext& sc) {
        return static_cast<const PluginMover*>(ctx)->step(s, in, p, world, trace, sc);
    };
    info_.describeFn = [](const void* ctx, const MoverState& s, ModelFields& out) {
        static_cast<const PluginMover*>(ctx)->describe(s, out);
    };
    info_.spawnFn = [](const void* ctx, const MoverState& s, const ParamValues& p,
                       const StepContext& sc) {
        return static_cast<const PluginMover*>(ctx)->spawn(s, p, sc);
    };
    info_.ctx = this;
    info_.probes = probeWords_.empty() ? nullptr : &probes_;
    return true;
}

// The optional probe vocabulary (mover_plugin.h): read only where the descriptor has it.
bool PluginMover::adoptProbeKinds(const ts_mover_plugin* d, std::string* error) {
    if (!wire::hasProbeKinds(*d) || d->probe_kind_count == 0) return true;
    if (d->probe_kind_count < 0 || d->probe_kind_count > TS_MOVER_MAX_PROBE_KINDS ||
        !d->probe_kinds)
        return *error = "probe_kind_count " + std::to_string(d->probe_kind_count) +
                        " is outside 0.." + std::to_string(TS_MOVER_MAX_PROBE_KINDS) +
                        (d->probe_kinds ? "" : " or probe_kinds is NULL"),
               false;
    constexpr uint32_t kAllVerdicts = (1u << unsigned(Verdict::Count)) - 1;
    for (int i = 0; i < d->probe_kind_count; ++i) {
        const ts_probe_kind& k = d->probe_kinds[i];
        const std::string at = "probe_kinds[" + std::to_string(i) + "]";
        const std::string why = text(k.why);
        bool ok = !why.empty() && why.size() <= 63;
        for (char c : why)
            ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_');
        if (!ok) return *error = at + ": why \"" + why + "\" is not 1..63 of [A-Za-z0-9_]", false;
        if (k.verdicts == 0 || (k.verdicts & ~kAllVerdicts) != 0)
            return *error = at + " (" + why + "): verdicts " + std::to_string(k.verdicts) +
                            " are not TS_VERDICT_BIT()s of TS_MISS..TS_INFO",
                   false;
        probeKindNames_.push_back(why);
    }
    for (int i = 0; i < d->probe_kind_count; ++i)
        probeWords_.push_back(
            ProbeWord{probeKindNames_[size_t(i)].c_str(), d->probe_kinds[i].verdicts});
    probes_ = ProbeVocabulary{probeWords_.data(), int(probeWords_.size())};
    return true;
}

namespace {

// The watchdog of the call names the limit (--step-limit, the editor's, a reload check's);
// a call nobody watches gets the context's own limit (the hunt's), else the default.
int64_t callLimitMs(const StepContext& sc) {
    if (sc.watchdog) return sc.watchdog->limitMs();
    return sc.callLimitMs > 0 ? sc.callLimitMs : PluginHostClient::kDefaultCallLimitMs;
}

}  // namespace

MoverState PluginMover::spawn(const MoverState& s, const ParamValues& p,
                              const StepContext& sc) const {
    if (!desc_->init) return s;
    ts_mover_state st = toAbi(s);
    ts_fix params[TS_MOVER_MAX_PARAMS];
    for (int i = 0; i < TS_MOVER_MAX_PARAMS; ++i) params[i] = p[size_t(i)].raw;
    if (host_) {
        std::string what;
        bool ok;
        {
            StepWatchdog::Guard guard(sc.watchdog, id_.c_str(), "init", false, sc.actorName,
                                      sc.frame);
            ok = host_->init(&st, params, callLimitMs(sc), &what);
        }
        if (!ok) {
            fault("init", what + host_->faultLocation(PluginHostClient::kLocateLimitMs), sc);
            return s;
        }
        return fromAbi(st);
    }
    StepWatchdog::Guard guard(sc.watchdog, id_.c_str(), "init", true, sc.actorName, sc.frame);
    desc_->init(&st, params);
    return fromAbi(st);
}

MoverState PluginMover::step(const MoverState& s, InputBits in, const ParamValues& p,
                             const CollisionWorld& world, Trace* trace,
                             const StepContext& sc) const {
    const ts_mover_state before = toAbi(s);
    ts_mover_state after = before;
    ts_fix params[TS_MOVER_MAX_PARAMS];
    for (int i = 0; i < TS_MOVER_MAX_PARAMS; ++i) params[i] = p[size_t(i)].raw;
    if (host_) {
        wire::Result r;
        std::string what;
        bool ok;
        {
            StepWatchdog::Guard guard(sc.watchdog, id_.c_str(), "a step", false, sc.actorName,
                                      sc.frame);
            ok = host_->step(world, before, in, params, trace != nullptr, callLimitMs(sc), &r,
                             &what, sc.ahead, sc.actor);
        }
        if (!ok) {
            fault("a step", what + host_->faultLocation(PluginHostClient::kLocateLimitMs), sc);
            return s;
        }
        if (trace)
            for (const wire::Probe& pr : r.probes)
                drawProbe(trace, pr.shape, pr.verdict, pr.why.c_str(), pr.x0, pr.y0, pr.x1, pr.y1);
        return fromAbi(r.state);
    }
    const WorldTable w(world);
    const ts_draw draw{trace, drawProbe};
    StepWatchdog::Guard guard(sc.watchdog, id_.c_str(), "a step", true, sc.actorName, sc.frame);
    desc_->step(&before, &after, in, params, w.table(), trace ? &draw : nullptr);
    return fromAbi(after);
}

void PluginMover::stepPlanned(const std::vector<PlannedRun>& runs, const ParamValues& p,
                              const CollisionWorld& world, int64_t limitMs) const {
    if (!host_) return;
    ts_fix params[TS_MOVER_MAX_PARAMS];
    for (int i = 0; i < TS_MOVER_MAX_PARAMS; ++i) params[i] = p[size_t(i)].raw;
    static_assert(sizeof(InputBits) == 1, "keys travel as bytes");
    std::vector<PluginHostClient::PlannedRun> abi;
    abi.reserve(runs.size());
    for (const PlannedRun& r : runs)
        abi.push_back(PluginHostClient::PlannedRun{
            toAbi(r.from), reinterpret_cast<const uint8_t*>(r.keys),
            uint32_t(std::clamp<int64_t>(r.frames, 0, wire::kMaxFrames))});
    host_->stepPlanned(world, params, abi,
                       limitMs > 0 ? limitMs : PluginHostClient::kDefaultCallLimitMs);
}

uint64_t PluginMover::hostStepRequests() const {
    return host_ ? host_->counts().steps : 0;
}

uint64_t PluginMover::hostBatches() const {
    return host_ ? host_->counts().batches : 0;
}

void PluginMover::describe(const MoverState& s, ModelFields& out) const {
    for (const Field& f : fields_) {
        // Within the trace's +-2^46 (record/trace_number.cpp), whatever the plugin stored.
        const int64_t raw = f.slot == TS_SLOT_TIMER ? s.timer
                            : f.slot == TS_SLOT_AUX ? s.aux
                                                    : s.vars[size_t(f.slot - TS_SLOT_VAR0)];
        bool clamped = false;
        const int64_t v = f.type == TS_FIELD_FIX
                              ? clampRaw(raw, &clamped)
                              : std::clamp(raw, -kMaxRaw / 65536, kMaxRaw / 65536);
        if (f.type == TS_FIELD_FIX)
            out.fixField(f.name, Fix::fromRaw(v));
        else if (f.type == TS_FIELD_BOOL)
            out.boolField(f.name, v != 0);
        else
            out.intField(f.name, v);
    }
}

}  // namespace ts
