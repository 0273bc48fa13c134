// The mover registry: adding a model is one line in kMovers.
#include "movers/mover.h"

#include "movers/grid_walls.h"
#include "movers/pixel_sweep.h"
#include "movers/scanline_slide.h"
#include "movers/topdown_aabb.h"
#include "plugin/plugin_registry.h"

namespace ts {

namespace {
const MoverInfo* const kMovers[] = {
    &kPixelSweepMover,
    &kGridWallsMover,
    &kTopDownAabbMover,
    &kScanlineSlideMover,
};
static_assert(sizeof(kMovers) / sizeof(kMovers[0]) == size_t(MoverKind::Count), "one per kind");
}  // namespace

bool isKnownMover(MoverKind k) {
    return size_t(k) < size_t(MoverKind::Count) || pluginMoverInfo(k) != nullptr;
}

const MoverInfo& moverInfo(MoverKind k) {
    if (size_t(k) < size_t(MoverKind::Count)) return *kMovers[size_t(k)];
    const MoverInfo* plugin = pluginMoverInfo(k);
    return plugin ? *plugin : *kMovers[0];
}

const MoverInfo* findMover(const std::string& id) {
    for (const MoverInfo* m : kMovers)
        if (id == m->id) return m;
    return findPluginMover(id);
}

Fix ParamSpec::minFix() const {
    Fix f = Fix::fromDouble(min);
    if (f.toDouble() < min) f += Fix::fromRaw(1);
    return integer ? Fix::fromInt(f.ceil()) : f;
}

Fix ParamSpec::maxFix() const {
    Fix f = Fix::fromDouble(max);
    if (f.toDouble() > max) f -= Fix::fromRaw(1);
    return integer ? Fix::fromInt(f.floor()) : f;
}

Fix ParamSpec::defFix() const {
    return normalize(Fix::fromDouble(def));
}

Fix ParamSpec::normalize(Fix v) const {
    if (integer) v = Fix::fromInt(v.round());
    return fixClamp(v, minFix(), maxFix());
}

std::string ParamSpec::check(Fix v) const {
    if (v < minFix() || v > maxFix())
        return v.str() + " is outside " + minFix().str() + ".." + maxFix().str();
    if (integer && v.frac().raw != 0) return v.str() + " is not a whole number";
    return "";
}

ParamValues defaultParams(MoverKind k) {
    ParamValues v{};
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i) v[size_t(i)] = m.params[i].defFix();
    return v;
}

int findParam(MoverKind k, const std::string& name) {
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i)
        if (name == m.params[i].name) return i;
    return -1;
}

}  // namespace ts
