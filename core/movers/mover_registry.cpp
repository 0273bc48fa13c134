// The mover registry: the one list of movers. Adding a built-in model is one line in
// kBuiltinMovers.
#include "movers/mover_registry.h"

#include <array>
#include <atomic>
#include <cmath>
#include <memory>

#include "movers/grid_walls.h"
#include "movers/pixel_sweep.h"
#include "movers/scanline_slide.h"
#include "movers/topdown_aabb.h"

namespace ts {

namespace {

// In the order of MoverKind's named values (tests/movers/test_mover_registry.cpp checks).
const MoverInfo* const kBuiltinMovers[] = {
    &kPixelSweepMover,
    &kGridWallsMover,
    &kTopDownAabbMover,
    &kScanlineSlideMover,
};
constexpr int kBuiltinCount = int(sizeof(kBuiltinMovers) / sizeof(kBuiltinMovers[0]));
static_assert(kMaxMovers == 1 << (8 * sizeof(MoverKind)), "a kind for every entry");

struct Registry {
    // Entry k is the mover of kind k; entries below `count` are set.
    std::array<std::atomic<const MoverInfo*>, kMaxMovers> entries{};
    std::atomic<int> count{0};
    // Every entry ever published, never freed (see the header).
    std::vector<std::unique_ptr<const MoverInfo>> published;

    Registry() {
        for (int k = 0; k < kBuiltinCount; ++k) publish(MoverKind(k), *kBuiltinMovers[k]);
        count.store(kBuiltinCount, std::memory_order_release);
    }

    const MoverInfo* publish(MoverKind kind, const MoverInfo& info) {
        auto entry = std::make_unique<MoverInfo>(info);
        entry->kind = kind;
        published.push_back(std::move(entry));
        entries[size_t(kind)].store(published.back().get(), std::memory_order_release);
        return published.back().get();
    }
};

// Made on first use, so that lookups from other files' static initializers find the
// built-ins.
Registry& registry() {
    static Registry* r = new Registry();  // never destroyed: threads may outlive main
    return *r;
}

bool sameEntry(const MoverInfo& a, const MoverInfo& b) {
    return a.id == b.id && a.title == b.title && a.params == b.params &&
           a.paramCount == b.paramCount && a.round == b.round && a.stepFn == b.stepFn &&
           a.describeFn == b.describeFn && a.spawnFn == b.spawnFn && a.ctx == b.ctx &&
           a.rules == b.rules && a.fieldText == b.fieldText && a.probes == b.probes;
}

}  // namespace

int builtinMoverCount() {
    return kBuiltinCount;
}

int moverCount() {
    return registry().count.load(std::memory_order_acquire);
}

std::vector<MoverKind> moverKinds() {
    std::vector<MoverKind> kinds;
    for (int k = 0, n = moverCount(); k < n; ++k) kinds.push_back(MoverKind(k));
    return kinds;
}

bool isBuiltinMover(MoverKind k) {
    return int(k) < kBuiltinCount;
}

bool isKnownMover(MoverKind k) {
    return int(k) < moverCount();
}

const MoverInfo& moverInfo(MoverKind k) {
    Registry& r = registry();
    if (int(k) >= r.count.load(std::memory_order_acquire)) k = MoverKind(0);
    return *r.entries[size_t(k)].load(std::memory_order_acquire);
}

uint32_t moverColour(MoverKind k) {
    const MoverInfo& m = moverInfo(k);
    if (m.colour != 0) return m.colour | 0xff000000u;
    // FNV-1a of the id picks a hue; light and saturated enough to read on the dark canvas.
    uint32_t h = 2166136261u;
    for (const char* c = m.id; *c; ++c) h = (h ^ uint8_t(*c)) * 16777619u;
    const double hue = double(h % 360) / 60.0;
    const double x = 1 - std::fabs(std::fmod(hue, 2.0) - 1);
    double r = 0, g = 0, b = 0;
    switch (int(hue)) {
        case 0:
            r = 1, g = x;
            break;
        case 1:
            r = x, g = 1;
            break;
        case 2:
            g = 1, b = x;
            break;
        case 3:
            g = x, b = 1;
            break;
        case 4:
            r = x, b = 1;
            break;
        default:
            r = 1, b = x;
            break;
    }
    auto channel = [](double v) { return uint32_t(110 + 145 * v); };
    return 0xff000000u | channel(r) << 16 | channel(g) << 8 | channel(b);
}

const MoverInfo* findMover(const std::string& id) {
    for (int k = 0, n = moverCount(); k < n; ++k) {
        const MoverInfo& m = moverInfo(MoverKind(k));
        if (id == m.id) return &m;
    }
    return nullptr;
}

bool registerMover(const MoverInfo& info, MoverKind* kind, std::string* error) {
    Registry& r = registry();
    if (findMover(info.id)) {
        *error = std::string("a mover named ") + info.id + " is registered already";
        return false;
    }
    const int n = r.count.load(std::memory_order_relaxed);
    if (n >= kMaxMovers) {
        *error = "more than " + std::to_string(kMaxMovers) + " movers registered";
        return false;
    }
    *kind = MoverKind(n);
    r.publish(*kind, info);
    r.count.store(n + 1, std::memory_order_release);
    return true;
}

bool replaceMover(MoverKind kind, const MoverInfo& info) {
    Registry& r = registry();
    if (isBuiltinMover(kind) || !isKnownMover(kind)) return false;
    for (const auto& e : r.published)
        if (e->kind == kind && sameEntry(*e, info)) {
            r.entries[size_t(kind)].store(e.get(), std::memory_order_release);
            return true;
        }
    r.publish(kind, info);
    return true;
}

}  // namespace ts
