#include "plugin/plugin_registry.h"

#include <array>
#include <atomic>
#include <utility>

namespace ts {

namespace {

struct Slot {
    // Null: free. Atomic because a reload check's worker thread that was given up on (its
    // step ran too long) may still step this slot while the main thread reinstates a build.
    std::atomic<PluginMover*> mover{nullptr};
    MoverInfo info{};  // the mover's info with this slot's functions
};
std::array<Slot, kMaxPluginKinds> g_slots;
// A reload check was given up on: every build stays loaded (see the header).
bool g_keepLoaded = false;
// Every PluginMover ever registered, kept alive (see the header), with its holds.
struct Owned {
    std::unique_ptr<PluginMover> mover;
    size_t slot = 0;  // the slot it was installed in
    int holds = 0;
};
std::vector<Owned>* g_owned = new std::vector<Owned>();

Owned* ownedOf(const PluginMover* build) {
    for (Owned& o : *g_owned)
        if (o.mover.get() == build) return &o;
    return nullptr;
}

bool inAnySlot(const PluginMover* build) {
    for (const Slot& s : g_slots)
        if (s.mover.load(std::memory_order_acquire) == build) return true;
    return false;
}

// Closes the library of a build nothing refers to any more.
void unloadIfUnused(const PluginMover* build) {
    Owned* o = ownedOf(build);
    if (!o || o->holds > 0 || g_keepLoaded || inAnySlot(build)) return;
    o->mover->unload();
}

// MoverInfo holds plain function pointers: one set per slot, each forwarding to the
// PluginMover in its slot.
template <size_t K>
MoverState stepSlot(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& w, Trace* t) {
    return g_slots[K].mover.load(std::memory_order_acquire)->step(s, in, p, w, t);
}
template <size_t K>
void describeSlot(const MoverState& s, TextBuffer& out) {
    g_slots[K].mover.load(std::memory_order_acquire)->describe(s, out);
}
template <size_t K>
MoverState spawnSlot(const MoverState& s, const ParamValues& p) {
    return g_slots[K].mover.load(std::memory_order_acquire)->spawn(s, p);
}
struct SlotFns {
    StepFn step;
    DescribeFn describe;
    SpawnFn spawn;
};
template <size_t... K>
constexpr std::array<SlotFns, sizeof...(K)> slotFns(std::index_sequence<K...>) {
    return {SlotFns{stepSlot<K>, describeSlot<K>, spawnSlot<K>}...};
}
constexpr auto kSlotFns = slotFns(std::make_index_sequence<kMaxPluginKinds>());

size_t slotOf(MoverKind kind) {
    return size_t(int(kind) - kFirstPluginKind);
}

void install(size_t i, PluginMover* mover) {
    Slot& s = g_slots[i];
    const PluginMover* replaced = s.mover.load(std::memory_order_acquire);
    MoverInfo info = mover->info();
    info.kind = MoverKind(kFirstPluginKind + int(i));
    info.step = kSlotFns[i].step;
    info.describe = kSlotFns[i].describe;
    info.spawn = kSlotFns[i].spawn;
    s.info = info;
    s.mover.store(mover, std::memory_order_release);
    if (replaced && replaced != mover) unloadIfUnused(replaced);
}

void install(size_t i, std::unique_ptr<PluginMover> mover) {
    PluginMover* m = mover.get();
    g_owned->push_back(Owned{std::move(mover), i, 0});
    install(i, m);
}

}  // namespace

static_assert(kFirstPluginKind + kMaxPluginKinds <= 256, "plugin kinds fit MoverKind");
static_assert(kFirstPluginKind >= int(MoverKind::Count), "plugin kinds after the built-ins");

bool registerPluginMover(std::unique_ptr<PluginMover> mover, MoverKind* kind, std::string* error) {
    if (findMover(mover->id())) {
        *error = mover->path() + ": a mover named " + mover->id() + " is loaded already";
        return false;
    }
    for (size_t i = 0; i < g_slots.size(); ++i)
        if (!g_slots[i].mover.load(std::memory_order_acquire)) {
            install(i, std::move(mover));
            *kind = g_slots[i].info.kind;
            return true;
        }
    *error =
        mover->path() + ": more than " + std::to_string(kMaxPluginKinds) + " plugin movers loaded";
    return false;
}

bool replacePluginMover(MoverKind kind, std::unique_ptr<PluginMover> mover, std::string* error) {
    const PluginMover* old = pluginMover(kind);
    if (!old) {
        *error = mover->path() + ": no plugin mover to replace";
        return false;
    }
    if (old->id() != mover->id()) {
        *error = mover->path() + ": is " + mover->id() + ", expected " + old->id();
        return false;
    }
    install(slotOf(kind), std::move(mover));
    return true;
}

bool loadPluginMover(const std::string& path, bool copyFirst, MoverKind* kind, std::string* error) {
    std::vector<MoverKind> kinds;
    if (!loadPluginMovers({path}, copyFirst, &kinds, error)) return false;
    *kind = kinds[0];
    return true;
}

bool loadPluginMovers(const std::vector<std::string>& paths, bool copyFirst,
                      std::vector<MoverKind>* kinds, std::string* error) {
    kinds->clear();
    std::vector<std::string> ids;  // of paths[0 .. i-1]
    for (const std::string& path : paths) {
        std::unique_ptr<PluginMover> mover = PluginMover::load(path, copyFirst, error);
        if (!mover) return false;
        for (size_t j = 0; j < ids.size(); ++j)
            if (ids[j] == mover->id()) {
                *error = paths[j] == path ? path + ": given twice"
                                          : path + ": " + mover->id() + " is also the id of " +
                                                paths[j] + "; two plugins may not share an id";
                return false;
            }
        ids.push_back(mover->id());
        MoverKind kind{};
        if (const MoverInfo* known = findPluginMover(mover->id())) {
            kind = known->kind;
            if (!replacePluginMover(kind, std::move(mover), error)) return false;
        } else if (!registerPluginMover(std::move(mover), &kind, error)) {
            return false;
        }
        kinds->push_back(kind);
    }
    return true;
}

bool reinstatePluginMover(MoverKind kind, const PluginMover* previous) {
    if (!pluginMover(kind) || !previous) return false;
    Owned* o = ownedOf(previous);
    if (!o || !o->mover->loaded() || o->slot != slotOf(kind)) return false;
    install(slotOf(kind), o->mover.get());
    return true;
}

PluginBuildHold::PluginBuildHold(const PluginMover* build) : build_(build) {
    if (Owned* o = ownedOf(build_)) ++o->holds;
}

PluginBuildHold& PluginBuildHold::operator=(const PluginBuildHold& o) {
    if (this != &o) {
        PluginBuildHold copy(o);
        std::swap(build_, copy.build_);  // the copy releases the old build
    }
    return *this;
}

PluginBuildHold::~PluginBuildHold() {
    Owned* o = ownedOf(build_);
    if (!o) return;
    --o->holds;
    unloadIfUnused(build_);
}

void keepPluginBuildsLoaded() {
    g_keepLoaded = true;
}

const PluginMover* pluginMover(MoverKind kind) {
    if (!isPluginKind(kind) || slotOf(kind) >= g_slots.size()) return nullptr;
    return g_slots[slotOf(kind)].mover.load(std::memory_order_acquire);
}

const MoverInfo* pluginMoverInfo(MoverKind kind) {
    return pluginMover(kind) ? &g_slots[slotOf(kind)].info : nullptr;
}

const MoverInfo* findPluginMover(const std::string& id) {
    for (const Slot& s : g_slots)
        if (const PluginMover* m = s.mover.load(std::memory_order_acquire))
            if (m->id() == id) return &s.info;
    return nullptr;
}

std::vector<MoverKind> pluginMoverKinds() {
    std::vector<MoverKind> kinds;
    for (const Slot& s : g_slots)
        if (s.mover.load(std::memory_order_acquire)) kinds.push_back(s.info.kind);
    return kinds;
}

}  // namespace ts
