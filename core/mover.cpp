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

std::vector<std::pair<std::string, std::string>> moverFields(MoverKind k, const MoverState& s) {
    std::vector<std::pair<std::string, std::string>> fields;
    const MoverInfo& m = moverInfo(k);
    if (!m.describe) return fields;
    std::string text;
    m.describe(s, text);
    // `,"key":value,"key":"text"`: keys are identifiers and values hold no `,"`.
    size_t at = 0;
    while ((at = text.find(",\"", at)) != std::string::npos) {
        const size_t keyEnd = text.find("\":", at + 2);
        if (keyEnd == std::string::npos) break;
        size_t next = text.find(",\"", keyEnd);
        std::string value = text.substr(
            keyEnd + 2, next == std::string::npos ? std::string::npos : next - keyEnd - 2);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
        fields.emplace_back(text.substr(at + 2, keyEnd - at - 2), value);
        at = next == std::string::npos ? text.size() : next;
    }
    return fields;
}

}  // namespace ts
