#include "plugin/plugin_registry.h"

#include <utility>

#include "movers/mover_registry.h"

namespace ts {

namespace {

// Process-wide, as the MoverKind numbers the registry hands out are (movers/mover_registry.h):
// the plugin builds the process holds, not any step's state; changed on one thread while no
// simulation steps the kind (the header's rule).
// A reload check was given up on: every build stays loaded (see the header).
bool g_keepLoaded = false;
// Every PluginMover ever registered, kept alive (see the header), with its holds.
struct Owned {
    std::unique_ptr<PluginMover> mover;
    MoverKind kind{};  // the kind it was registered under
    int holds = 0;
};
std::vector<Owned>* g_owned = new std::vector<Owned>();

Owned* ownedOf(const void* build) {
    for (Owned& o : *g_owned)
        if (o.mover.get() == build) return &o;
    return nullptr;
}

// Closes the library of a build nothing refers to any more.
void unloadIfUnused(const PluginMover* build) {
    Owned* o = ownedOf(build);
    if (!o || o->holds > 0 || g_keepLoaded || pluginMover(o->kind) == build) return;
    o->mover->unload();
}

// The registry's entry for `kind` becomes `build`'s (its MoverInfo calls the build: ctx).
void install(MoverKind kind, const PluginMover* build) {
    const PluginMover* replaced = pluginMover(kind);
    replaceMover(kind, build->info());
    if (replaced && replaced != build) unloadIfUnused(replaced);
}

}  // namespace

bool registerPluginMover(std::unique_ptr<PluginMover> mover, MoverKind* kind, std::string* error) {
    if (findMover(mover->id())) {
        *error = mover->path() + ": a mover named " + mover->id() + " is loaded already";
        return false;
    }
    if (!registerMover(mover->info(), kind, error)) {
        *error = mover->path() + ": " + *error;
        return false;
    }
    g_owned->push_back(Owned{std::move(mover), *kind, 0});
    return true;
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
    const PluginMover* build = mover.get();
    g_owned->push_back(Owned{std::move(mover), kind, 0});
    install(kind, build);
    return true;
}

bool loadPluginMover(const std::string& path, bool copyFirst, MoverKind* kind, std::string* error) {
    std::vector<MoverKind> kinds;
    if (!loadPluginMovers({path}, copyFirst, &kinds, error)) return false;
    *kind = kinds[0];
    return true;
}

bool loadPluginMovers(const std::vector<std::string>& paths, bool copyFirst,
                      std::vector<MoverKind>* kinds, std::string* error, int64_t limitMs) {
    kinds->clear();
    std::vector<std::string> ids;  // of paths[0 .. i-1]
    for (const std::string& path : paths) {
        std::unique_ptr<PluginMover> mover = PluginMover::load(path, copyFirst, error, limitMs);
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
    if (!o || !o->mover->loaded() || o->kind != kind) return false;
    install(kind, previous);
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
    if (!isKnownMover(kind)) return nullptr;
    const Owned* o = ownedOf(moverInfo(kind).ctx);
    return o ? o->mover.get() : nullptr;
}

bool isPluginKind(MoverKind kind) {
    return pluginMover(kind) != nullptr;
}

const MoverInfo* pluginMoverInfo(MoverKind kind) {
    return pluginMover(kind) ? &moverInfo(kind) : nullptr;
}

const MoverInfo* findPluginMover(const std::string& id) {
    const MoverInfo* m = findMover(id);
    return m && pluginMover(m->kind) ? m : nullptr;
}

std::vector<MoverKind> pluginMoverKinds() {
    std::vector<MoverKind> kinds;
    for (MoverKind k : moverKinds())
        if (pluginMover(k)) kinds.push_back(k);
    return kinds;
}

}  // namespace ts
