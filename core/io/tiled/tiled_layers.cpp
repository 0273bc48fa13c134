#include "io/tiled/tiled_layers.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <pugixml.hpp>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/detail/tiled_art_build.h"

// libstb provides the implementation (linked through -lstb).
#include <stb_image.h>

namespace ts::interop {

bool decodeImageFile(const std::string& path, RgbaImage* out, std::string* problem) {
    problem->clear();
    std::string bytes = readRegularFile(path, problem);
    if (!problem->empty()) return false;
    int w = 0, h = 0, channels = 0;
    unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()),
                                              int(bytes.size()), &w, &h, &channels, 4);
    if (!px) {
        const char* why = stbi_failure_reason();
        *problem = why ? why : "not an image";
        return false;
    }
    out->width = w;
    out->height = h;
    out->rgba.assign(px, px + size_t(w) * size_t(h) * 4);
    stbi_image_free(px);
    return true;
}

bool TiledArt::tileArt(uint32_t gid, TileArt* out) const {
    gid &= kGidMask;
    if (gid == 0) return false;
    auto it = std::upper_bound(tilesets.begin(), tilesets.end(), gid,
                               [](uint32_t g, const ArtTileset& t) { return g < t.firstGid; });
    if (it == tilesets.begin()) return false;
    const ArtTileset& ts = *(it - 1);
    uint32_t id = gid - ts.firstGid;
    auto tile = std::lower_bound(ts.tiles.begin(), ts.tiles.end(), id,
                                 [](const ArtTileset::Tile& t, uint32_t i) { return t.id < i; });
    if (tile != ts.tiles.end() && tile->id == id && tile->animated) {
        id = tile->firstFrame;
        tile = std::lower_bound(ts.tiles.begin(), ts.tiles.end(), id,
                                [](const ArtTileset::Tile& t, uint32_t i) { return t.id < i; });
    }
    out->offsetX = ts.offsetX;
    out->offsetY = ts.offsetY;
    if (ts.image < 0) {
        if (tile == ts.tiles.end() || tile->id != id || tile->image < 0) return false;
        const RgbaImage& img = images[size_t(tile->image)];
        *out = TileArt{tile->image, 0, 0, img.width, img.height, ts.offsetX, ts.offsetY};
        return img.width > 0;
    }
    if (id >= ts.tileCount || ts.columns <= 0) return false;
    out->image = ts.image;
    out->srcX = ts.margin + int32_t(id % uint32_t(ts.columns)) * (ts.tileWidth + ts.spacing);
    out->srcY = ts.margin + int32_t(id / uint32_t(ts.columns)) * (ts.tileHeight + ts.spacing);
    out->width = ts.tileWidth;
    out->height = ts.tileHeight;
    return true;
}

namespace art {

uint32_t parseColor(const char* s, uint32_t def) {
    if (*s == '#') ++s;
    const size_t n = std::strlen(s);
    if (n != 6 && n != 8) return def;
    char* end = nullptr;
    unsigned long v = std::strtoul(s, &end, 16);
    if (*end != '\0') return def;
    return n == 6 ? uint32_t(v) | 0xff000000u : uint32_t(v);
}

uint32_t mulColor(uint32_t a, uint32_t b) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8)
        out |= ((((a >> shift) & 0xff) * ((b >> shift) & 0xff) + 127) / 255) << shift;
    return out;
}

int32_t addImage(TiledArt& art, const std::string& file, const char* trans) {
    RgbaImage out;
    std::string problem;
    if (!decodeImageFile(file, &out, &problem))
        art.warnings.push_back(file + ": " + problem + " (not drawn)");
    // trans="ff00ff": pixels of that colour are transparent (as Tiled's colour mask).
    if (trans && *trans) {
        const uint32_t key = parseColor(trans, 0) & 0xffffff;
        for (size_t i = 0; i + 3 < out.rgba.size(); i += 4) {
            const uint32_t c =
                uint32_t(out.rgba[i]) << 16 | uint32_t(out.rgba[i + 1]) << 8 | out.rgba[i + 2];
            if (c == key) std::memset(&out.rgba[i], 0, 4);
        }
    }
    art.images.push_back(std::move(out));
    return int32_t(art.images.size() - 1);
}

void cutAtlas(const TiledArt& art, ArtTileset& ts) {
    if (ts.image < 0) return;
    const RgbaImage& im = art.images[size_t(ts.image)];
    const int32_t stepX = ts.tileWidth + ts.spacing, stepY = ts.tileHeight + ts.spacing;
    if (stepX <= 0 || stepY <= 0 || ts.tileWidth <= 0 || ts.tileHeight <= 0) return;
    // As Tiled counts (Tileset::columnCountForWidth): the margin at the top-left only, so
    // an image cut tightly after its last tile has all its columns and rows.
    ts.columns = std::max(0, (im.width - ts.margin + ts.spacing) / stepX);
    const int32_t rows = std::max(0, (im.height - ts.margin + ts.spacing) / stepY);
    ts.tileCount = uint32_t(ts.columns) * uint32_t(rows);
}

void sortTiles(ArtTileset& ts) {
    std::stable_sort(
        ts.tiles.begin(), ts.tiles.end(),
        [](const ArtTileset::Tile& a, const ArtTileset::Tile& b) { return a.id < b.id; });
}

Context Context::inner(bool ownVisible, double ownOpacity, double ownX, double ownY,
                       const char* ownTint) const {
    Context c;
    c.visible = visible && ownVisible;
    c.opacity = opacity * (std::isfinite(ownOpacity) ? std::clamp(ownOpacity, 0.0, 1.0) : 1.0);
    c.offsetX = offsetX + (std::isfinite(ownX) ? std::clamp(ownX, -1e9, 1e9) : 0.0);
    c.offsetY = offsetY + (std::isfinite(ownY) ? std::clamp(ownY, -1e9, 1e9) : 0.0);
    c.tint = mulColor(tint, parseColor(ownTint ? ownTint : "", 0xffffffff));
    return c;
}

void Context::apply(ArtLayer& l) const {
    l.visible = visible;
    l.opacity = opacity;
    l.tint = tint;
    l.offsetX = offsetX;
    l.offsetY = offsetY;
}

}  // namespace art

namespace {

using art::Context;

class ArtReader {
  public:
    ArtReader(const std::string& path, TiledArt& art) : path_(path), art_(art) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    void read() {
        std::string problem;
        std::string text = readRegularFile(path_, &problem);
        if (!problem.empty()) fail(problem);
        pugi::xml_document doc;
        if (!doc.load_buffer(text.data(), text.size())) fail("invalid XML");
        pugi::xml_node root = doc.child("map");
        if (!root) fail("no <map> element (not a Tiled file?)");
        art_.tileWidth = clampInt(root.attribute("tilewidth").as_int(), 0, 1 << 16);
        art_.tileHeight = clampInt(root.attribute("tileheight").as_int(), 0, 1 << 16);
        infinite_ = root.attribute("infinite").as_int() == 1;
        art_.width = clampInt(root.attribute("width").as_int(), 0, 1 << 20);
        art_.height = clampInt(root.attribute("height").as_int(), 0, 1 << 20);
        if (int64_t(art_.width) * art_.height > kMaxImportCells) fail("map too large to draw");
        if (const char* ro = root.attribute("renderorder").value(); *ro) art_.renderOrder = ro;
        const std::string folder = folderOf(path_);
        for (pugi::xml_node t : root.children("tileset")) tileset(t, folder);
        std::sort(art_.tilesets.begin(), art_.tilesets.end(),
                  [](const ArtTileset& a, const ArtTileset& b) { return a.firstGid < b.firstGid; });
        layers(root, Context{}, 0, folder);
    }

    bool tsxFile(ArtTileset& ts, const std::string& file) {
        std::string problem;
        std::string text = readRegularFile(file, &problem);
        pugi::xml_document doc;
        pugi::xml_node root;
        if (problem.empty() && doc.load_buffer(text.data(), text.size()))
            root = doc.child("tileset");
        if (!root) {
            art_.warnings.push_back(file + ": " + (problem.empty() ? "not a .tsx" : problem) +
                                    " (its tiles are not drawn)");
            return false;
        }
        tilesetBody(root, ts, folderOf(file));
        return true;
    }

  private:
    static int32_t clampInt(int v, int lo, int hi) { return std::clamp(v, lo, hi); }

    int32_t image(pugi::xml_node img, const std::string& folder) {
        return art::addImage(art_, joinPath(folder, img.attribute("source").value()),
                             img.attribute("trans").value());
    }

    void tilesetBody(pugi::xml_node n, ArtTileset& ts, const std::string& folder) {
        ts.tileWidth = clampInt(n.attribute("tilewidth").as_int(), 0, 1 << 16);
        ts.tileHeight = clampInt(n.attribute("tileheight").as_int(), 0, 1 << 16);
        ts.margin = clampInt(n.attribute("margin").as_int(), 0, 1 << 16);
        ts.spacing = clampInt(n.attribute("spacing").as_int(), 0, 1 << 16);
        if (pugi::xml_node off = n.child("tileoffset")) {
            ts.offsetX = clampInt(off.attribute("x").as_int(), -(1 << 16), 1 << 16);
            ts.offsetY = clampInt(off.attribute("y").as_int(), -(1 << 16), 1 << 16);
        }
        if (pugi::xml_node img = n.child("image")) {
            ts.image = image(img, folder);
            art::cutAtlas(art_, ts);
        }
        for (pugi::xml_node t : n.children("tile")) {
            ArtTileset::Tile tile;
            tile.id = uint32_t(std::clamp<long long>(t.attribute("id").as_llong(), 0, kGidMask));
            tile.firstFrame = tile.id;
            if (pugi::xml_node img = t.child("image")) tile.image = image(img, folder);
            if (pugi::xml_node frame = t.child("animation").child("frame")) {
                tile.animated = true;
                tile.firstFrame = uint32_t(
                    std::clamp<long long>(frame.attribute("tileid").as_llong(), 0, kGidMask));
            }
            ts.tiles.push_back(tile);
        }
        art::sortTiles(ts);
    }

    void tileset(pugi::xml_node n, const std::string& mapFolder) {
        ArtTileset ts;
        ts.firstGid =
            uint32_t(std::clamp<long long>(n.attribute("firstgid").as_llong(1), 1, kGidMask));
        const std::string source = n.attribute("source").value();
        if (source.empty()) {
            tilesetBody(n, ts, mapFolder);
        } else {
            const std::string file = joinPath(mapFolder, source);
            if (endsWithNoCase(source, ".tsj") || endsWithNoCase(source, ".json"))
                art_.warnings.push_back(file + ": .tsj tilesets of .tmx maps are not drawn");
            else
                tsxFile(ts, file);
        }
        art_.tilesets.push_back(std::move(ts));
    }

    Context inner(pugi::xml_node n, const Context& outer) const {
        return outer.inner(n.attribute("visible").as_int(1) != 0,
                           n.attribute("opacity").as_double(1), n.attribute("offsetx").as_double(0),
                           n.attribute("offsety").as_double(0), n.attribute("tintcolor").value());
    }

    ArtLayer start(pugi::xml_node n, ArtLayer::Kind kind, const Context& c) const {
        ArtLayer l;
        l.kind = kind;
        l.name = n.attribute("name").value();
        c.apply(l);
        return l;
    }

    // The gids in D (a <data> or one of its <chunk>s), encoded as FORMAT (the <data>) says.
    std::vector<uint32_t> data(pugi::xml_node d, int64_t count, const std::string& at,
                               pugi::xml_node format = {}) const {
        if (!format) format = d;
        const std::string encoding = format.attribute("encoding").value();
        const std::string compression = format.attribute("compression").value();
        std::vector<uint32_t> gids;
        std::string problem;
        if (encoding == "csv") {
            problem = parseCsvGids(d.text().get(), size_t(count), &gids);
        } else if (encoding == "base64") {
            problem = decodeBase64Gids(d.text().get(), compression, size_t(count), &gids);
        } else {
            for (pugi::xml_node t : d.children("tile")) {
                if (int64_t(gids.size()) == count) break;
                gids.push_back(uint32_t(t.attribute("gid").as_ullong()));
            }
            gids.resize(size_t(count), 0);
        }
        if (!problem.empty()) fail(at + problem);
        return gids;
    }

    void tileLayer(pugi::xml_node n, const Context& c) {
        ArtLayer l = start(n, ArtLayer::Kind::Tiles, c);
        const std::string at = "layer \"" + l.name + "\": ";
        pugi::xml_node d = n.child("data");
        if (infinite_) {
            std::vector<Chunk> chunks;
            for (pugi::xml_node ch : d.children("chunk")) {
                Chunk chunk;
                chunk.x = std::clamp<long long>(ch.attribute("x").as_llong(), INT32_MIN, INT32_MAX);
                chunk.y = std::clamp<long long>(ch.attribute("y").as_llong(), INT32_MIN, INT32_MAX);
                chunk.width = std::clamp<long long>(ch.attribute("width").as_llong(), 1, 1 << 16);
                chunk.height = std::clamp<long long>(ch.attribute("height").as_llong(), 1, 1 << 16);
                chunk.gids = data(ch, chunk.width * chunk.height, at, d);
                chunks.push_back(std::move(chunk));
            }
            TiledTileLayer merged;
            std::string problem = mergeChunks(chunks, &merged);
            if (!problem.empty()) fail(at + problem);
            l.x0 = merged.x0;
            l.y0 = merged.y0;
            l.width = merged.width;
            l.height = merged.height;
            l.gids = std::move(merged.gids);
        } else {
            l.width = art_.width;
            l.height = art_.height;
            l.gids = data(d, l.width * l.height, at);
        }
        art_.layers.push_back(std::move(l));
    }

    void layers(pugi::xml_node parent, const Context& outer, int depth, const std::string& folder) {
        if (depth > 64) fail("layer groups nested more than 64 deep");
        for (pugi::xml_node n : parent.children()) {
            const std::string kind = n.name();
            if (kind == "layer") {
                tileLayer(n, inner(n, outer));
            } else if (kind == "imagelayer") {
                ArtLayer l = start(n, ArtLayer::Kind::Image, inner(n, outer));
                if (pugi::xml_node img = n.child("image")) l.image = image(img, folder);
                art_.layers.push_back(std::move(l));
            } else if (kind == "objectgroup") {
                ArtLayer l = start(n, ArtLayer::Kind::Objects, inner(n, outer));
                for (pugi::xml_node o : n.children("object")) {
                    const uint32_t gid = uint32_t(o.attribute("gid").as_ullong());
                    if (gid == 0 || o.attribute("visible").as_int(1) == 0) continue;
                    ArtObject obj{gid,
                                  o.attribute("x").as_double(),
                                  o.attribute("y").as_double(),
                                  o.attribute("width").as_double(-1),
                                  o.attribute("height").as_double(-1),
                                  o.attribute("rotation").as_double()};
                    TileArt a;
                    if (obj.width < 0 || obj.height < 0) {
                        if (!art_.tileArt(gid, &a)) continue;
                        obj.width = a.width;
                        obj.height = a.height;
                    }
                    l.objects.push_back(obj);
                }
                art_.layers.push_back(std::move(l));
            } else if (kind == "group") {
                layers(n, inner(n, outer), depth + 1, folder);
            }
        }
    }

    std::string path_;
    bool infinite_ = false;
    TiledArt& art_;
};

}  // namespace

bool art::readTsxArt(TiledArt& art, ArtTileset& ts, const std::string& file) {
    return ArtReader(file, art).tsxFile(ts, file);
}

namespace {

// False for a GID no tileset could have painted: before the first tileset, past an atlas's
// tiles (as its image holds them), or a tile an image collection does not list. A tileset
// whose image did not load was warned about already: its GIDs count as in range.
bool gidInTileset(const TiledArt& art, uint32_t gid) {
    auto it = std::upper_bound(art.tilesets.begin(), art.tilesets.end(), gid,
                               [](uint32_t g, const ArtTileset& t) { return g < t.firstGid; });
    if (it == art.tilesets.begin()) return false;
    const ArtTileset& ts = *(it - 1);
    const uint32_t id = gid - ts.firstGid;
    if (ts.image >= 0) return ts.tileCount == 0 || id < ts.tileCount;
    return std::binary_search(
        ts.tiles.begin(), ts.tiles.end(), ArtTileset::Tile{id},
        [](const ArtTileset::Tile& a, const ArtTileset::Tile& b) { return a.id < b.id; });
}

// One warning per art layer that paints such GIDs (they are not drawn): where the first is.
void warnTilesInNoTileset(TiledArt& art) {
    for (const ArtLayer& l : art.layers) {
        if (l.kind != ArtLayer::Kind::Tiles || l.width <= 0) continue;
        size_t bad = 0, first = 0;
        for (size_t i = 0; i < l.gids.size(); ++i) {
            const uint32_t gid = l.gids[i] & kGidMask;
            if (gid != 0 && !gidInTileset(art, gid) && bad++ == 0) first = i;
        }
        if (bad == 0) continue;
        const int64_t x = l.x0 + int64_t(first) % l.width, y = l.y0 + int64_t(first) / l.width;
        art.warnings.push_back(
            "layer \"" + l.name + "\": tile (" + std::to_string(x) + ", " + std::to_string(y) +
            "): GID " + std::to_string(l.gids[first] & kGidMask) + " is in no tileset" +
            (bad > 1 ? " (and " + std::to_string(bad - 1) + " more cells)" : "") + ": not drawn");
    }
}

}  // namespace

TiledArt readTiledArt(const std::string& path) {
    TiledArt art;
    if (endsWithNoCase(path, ".tmj") || endsWithNoCase(path, ".json")) {
        art = art::readTiledArtTmj(path);
    } else {
        ArtReader(path, art).read();
    }
    warnTilesInNoTileset(art);
    return art;
}

void moveArtOrigin(TiledArt& art, int64_t originX, int64_t originY, int32_t width, int32_t height) {
    for (ArtLayer& l : art.layers) {
        if (l.kind == ArtLayer::Kind::Tiles) {
            l.x0 -= originX;
            l.y0 -= originY;
        } else {
            l.offsetX -= double(originX) * art.tileWidth;
            l.offsetY -= double(originY) * art.tileHeight;
        }
    }
    art.width = width;
    art.height = height;
}

}  // namespace ts::interop
