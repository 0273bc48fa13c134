#include "editor/tiled_art_state.h"

#include <cctype>

#include "io/interop_files.h"
#include "io/ldtk/ldtk_art.h"

namespace ts {

namespace {

bool sameNoCase(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// The import's choice (tiled_import.cpp): the named layer, else "collision" in any case,
// else the first tile layer.
size_t findCollisionLayer(const interop::TiledArt& art, const std::string& name) {
    using Kind = interop::ArtLayer::Kind;
    for (size_t i = 0; i < art.layers.size(); ++i)
        if (art.layers[i].kind == Kind::Tiles && !name.empty() && art.layers[i].name == name)
            return i;
    for (size_t i = 0; i < art.layers.size(); ++i)
        if (art.layers[i].kind == Kind::Tiles && sameNoCase(art.layers[i].name, "collision"))
            return i;
    for (size_t i = 0; i < art.layers.size(); ++i)
        if (art.layers[i].kind == Kind::Tiles) return i;
    return SIZE_MAX;
}

}  // namespace

void clearTiledArt(TiledArtState& st) {
    const uint64_t generation = st.generation + (st.art ? 1 : 0);
    st = TiledArtState{};
    st.generation = generation;
}

std::vector<std::string> loadTiledArt(TiledArtState& st, const std::string& path,
                                      const std::string& collisionLayer, const Map& map,
                                      const interop::ForeignSource* src) {
    clearTiledArt(st);
    if (!interop::endsWithNoCase(path, ".tmx") && !interop::endsWithNoCase(path, ".tmj")) return {};
    auto art = std::make_shared<interop::TiledArt>();
    try {
        *art = interop::readTiledArt(path);
    } catch (const std::exception&) {
        return {};
    }
    if (src && src->layerChunked)
        interop::moveArtOrigin(*art, src->originX, src->originY, map.width, map.height);
    st.collisionLayer = findCollisionLayer(*art, collisionLayer);
    // The kinds stand for the layer's cells only when the map is the layer, cell for cell.
    if (st.collisionLayer != SIZE_MAX) {
        const interop::ArtLayer& l = art->layers[st.collisionLayer];
        if (l.width == map.width && l.height == map.height && l.x0 == 0 && l.y0 == 0 &&
            art->tileWidth == map.tileSize && art->tileHeight == map.tileSize) {
            st.kindGid.assign(map.tileset.kinds.size(), 0);
            for (int64_t y = 0; y < l.height; ++y)
                for (int64_t x = 0; x < l.width; ++x) {
                    const uint16_t kind = map.tile(x, y);
                    if (kind < st.kindGid.size() && st.kindGid[kind] == 0)
                        st.kindGid[kind] = l.gids[size_t(y * l.width + x)];
                }
            interop::TileArt tileArt;
            for (uint32_t gid : st.kindGid)
                if (gid != 0 && !art->tileArt(gid, &tileArt)) st.kindsUndrawable = true;
        } else {
            st.collisionLayer = SIZE_MAX;
        }
    }
    for (const interop::ArtLayer& l : art->layers) st.shown.push_back(l.visible ? 1 : 0);
    std::vector<std::string> warnings = art->warnings;
    st.art = std::move(art);
    ++st.generation;
    return warnings;
}

std::vector<std::string> loadLdtkArt(TiledArtState& st, const std::string& path, size_t level,
                                     size_t collision, const Map& map) {
    clearTiledArt(st);
    auto art = std::make_shared<interop::TiledArt>();
    size_t layer = SIZE_MAX;
    try {
        interop::LdtkArt a = interop::readLdtkArt(path, level, collision);
        *art = std::move(a.art);
        layer = a.collisionLayer;
    } catch (const std::exception&) {
        return {};
    }
    // No kind is a tile of the art (kindGid stays empty): the kinds are drawn, in the
    // collision layer's place when the map is that layer cell for cell.
    if (layer < art->layers.size() && art->layers[layer].width == map.width &&
        art->layers[layer].height == map.height && art->tileWidth == map.tileSize)
        st.collisionLayer = layer;
    for (const interop::ArtLayer& l : art->layers) st.shown.push_back(l.visible ? 1 : 0);
    std::vector<std::string> warnings = art->warnings;
    st.art = std::move(art);
    st.family = "LDtk";
    ++st.generation;
    return warnings;
}

}  // namespace ts
