#include "io/map_validate.h"

#include <unordered_set>

#include "io/detail/map_io_detail.h"
#include "map/image_flip.h"
#include "movers/mover.h"
#include "world/collision.h"

namespace ts {

std::string validateMap(const Map& m) {
    auto num = [](int64_t v) { return std::to_string(v); };
    if (m.tileSize < kMinTileSize || m.tileSize > kMaxTileSize)
        return "tile_size: " + num(m.tileSize) + " is outside " + num(kMinTileSize) + ".." +
               num(kMaxTileSize);
    if (m.width < 1 || m.height < 1 || m.width > kMaxMapTiles || m.height > kMaxMapTiles)
        return "width/height: " + num(m.width) + " x " + num(m.height) + " is outside 1.." +
               num(kMaxMapTiles) + " tiles per side";
    if (m.simRate < 1 || m.simRate > 1000)
        return "sim_rate: " + num(m.simRate) + " is outside 1..1000";
    if (m.tiles.size() != size_t(m.width) * size_t(m.height))
        return "tiles: " + num(int64_t(m.tiles.size())) + " tiles for a " + num(m.width) + " x " +
               num(m.height) + " map";
    if (m.tileset.kinds.empty() || m.tileset.kinds[0].shape != Shape::Empty)
        return "tileset.kinds[0]: kind 0 must exist and be empty";
    if (m.tileset.kinds.size() > 65535) return "tileset.kinds: more than 65535 kinds";
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        const TileKind& k = m.tileset.kinds[i];
        if (size_t(k.shape) >= size_t(Shape::Count))
            return "tileset.kinds[" + num(int64_t(i)) + "].shape: unknown shape";
        if (k.passMask > 15) return "tileset.kinds[" + num(int64_t(i)) + "].pass_mask: above 15";
        if (k.imageFlip > kImageFlipMax)
            return "tileset.kinds[" + num(int64_t(i)) + "].image_flip: " + num(k.imageFlip) +
                   " is outside 0.." + num(kImageFlipMax);
    }
    for (size_t i = 0; i < m.tiles.size(); ++i)
        if (m.tiles[i] >= m.tileset.kinds.size())
            return "tiles: unknown tile id " + num(m.tiles[i]) + " at (" +
                   num(int64_t(i % size_t(m.width))) + ", " + num(int64_t(i / size_t(m.width))) +
                   ")";
    if (m.walls.width != m.width || m.walls.height != m.height ||
        m.walls.horiz.size() != size_t(m.width) * size_t(m.height + 1) ||
        m.walls.vert.size() != size_t(m.width + 1) * size_t(m.height))
        return "walls: sized for a different map";
    const int64_t wpx = m.widthPx(), hpx = m.heightPx();
    for (size_t i = 0; i < m.brushes.size(); ++i) {
        const RectI& r = m.brushes[i].rect;
        if (r.w < 1 || r.h < 1 || r.x < 0 || r.y < 0 || r.right() > wpx || r.bottom() > hpx)
            return "brushes[" + num(int64_t(i)) + "]: rectangle outside the map or empty";
    }
    std::string problem = CollisionWorld::brushBucketProblem(CollisionWorld::brushBucketEntries(m));
    if (!problem.empty()) return "brushes: " + problem;
    // Every text must load back from a file: the JSON writer copies names byte for byte.
    problem = mapio::checkText(m.tileset.image, mapio::kMaxPathBytes);
    if (!problem.empty()) return "tileset.image: " + problem;
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        problem = mapio::checkText(m.tileset.kinds[i].name, mapio::kMaxNameBytes);
        if (!problem.empty()) return "tileset.kinds[" + num(int64_t(i)) + "].name: " + problem;
    }
    std::unordered_set<std::string> names;  // hashed: linear in actors
    for (size_t i = 0; i < m.actors.size(); ++i) {
        const Actor& a = m.actors[i];
        std::string at = "actors[" + num(int64_t(i)) + "]";
        if (a.name.empty()) return at + ".name: empty";
        problem = mapio::checkText(a.name, mapio::kMaxNameBytes);
        if (!problem.empty()) return at + ".name: " + problem;
        if (!names.insert(a.name).second)
            return at + ".name: duplicate actor name \"" + a.name + "\"";
        if (!isKnownMover(a.mover)) return at + ".mover: unknown mover";
        if (a.w < 1 || a.h < 1 || a.w > 4096 || a.h > 4096)
            return at + ".size: " + num(a.w) + " x " + num(a.h) + " is outside 1..4096";
        if (a.x < 0 || a.y < 0 || a.x > wpx || a.y > hpx)
            return at + ": spawn (" + num(a.x) + ", " + num(a.y) + ") is outside the map";
        const MoverInfo& mi = moverInfo(a.mover);
        for (int p = 0; p < mi.paramCount; ++p) {
            const ParamSpec& ps = mi.params[p];
            std::string problem = ps.check(a.params[size_t(p)]);
            if (!problem.empty()) return at + ".params." + ps.name + ": " + problem;
        }
    }
    return "";
}

}  // namespace ts
