#include "plugin/detail/world_table.h"

#include <algorithm>
#include <vector>

#include "world/collision.h"

namespace ts {

namespace {

const WorldTable& tableOf(const void* ctx) {
    return *static_cast<const WorldTable*>(ctx);
}
const CollisionWorld& worldOf(const void* ctx) {
    return tableOf(ctx).world();
}
RectI rectOf(ts_rect r) {
    return RectI{r.x, r.y, r.w, r.h};
}
int solidPixel(const void* ctx, int64_t x, int64_t y) {
    return worldOf(ctx).solidPixel(x, y);
}
int rectBlocked(const void* ctx, ts_rect r, uint8_t travel) {
    return worldOf(ctx).rectBlocked(rectOf(r), travel);
}
int cellBlocked(const void* ctx, int64_t cx, int64_t cy, uint8_t travel) {
    return worldOf(ctx).cellBlocked(cx, cy, travel);
}
uint8_t shapeAt(const void* ctx, int64_t cx, int64_t cy) {
    return uint8_t(worldOf(ctx).shapeAt(cx, cy));
}
uint8_t passMaskAt(const void* ctx, int64_t cx, int64_t cy) {
    return worldOf(ctx).passMaskAt(cx, cy);
}
int wallH(const void* ctx, int64_t cx, int64_t cy) {
    return worldOf(ctx).wallH(cx, cy);
}
int wallV(const void* ctx, int64_t cx, int64_t cy) {
    return worldOf(ctx).wallV(cx, cy);
}
int64_t copyOut(const std::vector<RectI>& rects, ts_rect* out, int64_t cap) {
    for (size_t i = 0; i < rects.size() && int64_t(i) < cap; ++i)
        out[i] = ts_rect{rects[i].x, rects[i].y, rects[i].w, rects[i].h};
    return int64_t(rects.size());
}
int64_t brushes(const void* ctx, ts_rect r, ts_rect* out, int64_t cap) {
    std::vector<RectI>& found = tableOf(ctx).scratch();
    found.clear();
    RectI clipped;
    if (!clipToWorld(worldOf(ctx), r, &clipped)) return 0;
    worldOf(ctx).forEachBrushOverlapping(clipped, [&found](const RectI& b) {
        // A brush spanning several buckets is reported once per bucket: keep one copy.
        if (std::find(found.begin(), found.end(), b) == found.end()) found.push_back(b);
    });
    return copyOut(found, out, cap);
}
int64_t solids(const void* ctx, ts_rect r, ts_rect* out, int64_t cap) {
    std::vector<RectI>& found = tableOf(ctx).scratch();
    found.clear();
    RectI clipped;
    if (!clipToWorld(worldOf(ctx), r, &clipped)) return 0;
    worldOf(ctx).collectSolids(clipped, found);
    return copyOut(found, out, cap);
}

}  // namespace

bool clipToWorld(const CollisionWorld& w, const ts_rect& r, RectI* out) {
    if (r.w <= 0 || r.h <= 0) return false;
    const __int128 t = w.tileSize();
    const __int128 x0 = std::max<__int128>(r.x, -t);
    const __int128 y0 = std::max<__int128>(r.y, -t);
    const __int128 x1 = std::min<__int128>(__int128(r.x) + r.w, w.widthPx() + t);
    const __int128 y1 = std::min<__int128>(__int128(r.y) + r.h, w.heightPx() + t);
    if (x1 <= x0 || y1 <= y0) return false;
    *out = RectI{int64_t(x0), int64_t(y0), int64_t(x1 - x0), int64_t(y1 - y0)};
    return true;
}

WorldTable::WorldTable(const CollisionWorld& w) : world_(&w) {
    ts_world& t = table_;
    t.ctx = this;
    t.tile_size = w.tileSize();
    t.width_tiles = w.map().width;
    t.height_tiles = w.map().height;
    t.width_px = w.widthPx();
    t.height_px = w.heightPx();
    t.solid_pixel = solidPixel;
    t.rect_blocked = rectBlocked;
    t.cell_blocked = cellBlocked;
    t.shape_at = shapeAt;
    t.pass_mask_at = passMaskAt;
    t.wall_h = wallH;
    t.wall_v = wallV;
    t.brushes = brushes;
    t.solids = solids;
}

}  // namespace ts
