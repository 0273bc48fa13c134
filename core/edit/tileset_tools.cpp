#include "edit/tileset_tools.h"

#include <algorithm>

#include "edit/map_edits.h"
#include "map/image_flip.h"

namespace ts {

namespace {

constexpr size_t kMaxKinds = 65535;  // validateMap's limit (ids are uint16)

CommandPtr refuse(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return nullptr;
}

// Shape and pass mask as validateMap accepts them; false for an unknown shape.
bool normalise(TileKind& k) {
    k.passMask &= 15;
    return size_t(k.shape) < size_t(Shape::Count);
}

// An image orientation validateMap refuses, as a message; "" when it is one of the eight.
std::string imageFlipProblem(const TileKind& k) {
    if (k.imageFlip <= kImageFlipMax) return "";
    return "image flip " + std::to_string(k.imageFlip) + " is outside 0.." +
           std::to_string(kImageFlipMax);
}

}  // namespace

CommandPtr addTileKind(const Map& map, TileKind kind, std::string* error) {
    if (map.tileset.kinds.size() >= kMaxKinds)
        return refuse(error, "the tileset already has " + std::to_string(kMaxKinds) + " kinds");
    if (!normalise(kind)) return refuse(error, "unknown tile shape");
    if (std::string problem = imageFlipProblem(kind); !problem.empty())
        return refuse(error, problem);
    Tileset after = map.tileset;
    after.kinds.push_back(std::move(kind));
    return std::make_unique<TilesetEdit>("Add tile kind", map.tileset, std::move(after));
}

CommandPtr setTileKind(const Map& map, uint16_t id, TileKind kind, std::string* error) {
    if (id == 0) return refuse(error, "kind 0 is the empty tile and cannot be edited");
    if (id >= map.tileset.kinds.size()) return refuse(error, "no tile kind " + std::to_string(id));
    if (!normalise(kind)) return refuse(error, "unknown tile shape");
    if (std::string problem = imageFlipProblem(kind); !problem.empty())
        return refuse(error, problem);
    Tileset after = map.tileset;
    after.kinds[id] = std::move(kind);
    return std::make_unique<TilesetEdit>("Edit tile kind", map.tileset, std::move(after));
}

CommandPtr deleteTileKind(const Map& map, uint16_t id, std::string* error) {
    if (id == 0) return refuse(error, "kind 0 is the empty tile and cannot be deleted");
    if (id >= map.tileset.kinds.size()) return refuse(error, "no tile kind " + std::to_string(id));
    return std::make_unique<DeleteKindEdit>("Delete tile kind", map, id);
}

bool tileKindUsed(const Map& map, uint16_t id) {
    return std::find(map.tiles.begin(), map.tiles.end(), id) != map.tiles.end();
}

CommandPtr setTilesetImage(const Map& map, std::string path, int32_t cellSize, std::string* error) {
    if (cellSize < 0) return refuse(error, "the image cell size cannot be negative");
    Tileset after = map.tileset;
    after.image = std::move(path);
    after.imageCellSize = cellSize;
    return std::make_unique<TilesetEdit>("Tileset image", map.tileset, std::move(after));
}

}  // namespace ts
