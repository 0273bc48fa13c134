// The mover registry: adding a model is one line in kMovers.
#include "mover.h"

#include "movers/grid_walls.h"
#include "movers/pixel_sweep.h"
#include "movers/scanline_slide.h"
#include "movers/topdown_aabb.h"
#include "plugin_registry.h"

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

ParamValues defaultParams(MoverKind k) {
    ParamValues v{};
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i) v[size_t(i)] = Fix::fromDouble(m.params[i].def);
    return v;
}

int findParam(MoverKind k, const std::string& name) {
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i)
        if (name == m.params[i].name) return i;
    return -1;
}

}  // namespace ts
