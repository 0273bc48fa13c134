// TiledArt from Tiled's JSON forms (.tmj maps, .tsj tilesets; .tsx tilesets through the XML
// reader), the same picture as the .tmx reader gives for the same map.
#include <cereal/archives/json.hpp>

#include <algorithm>
#include <cmath>

#include "io/interop_files.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "io/tiled/detail/tiled_art_build.h"

namespace ts::interop::art {

namespace {

using rapidjson::Value;

constexpr unsigned kParseFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

const Value* find(const Value& obj, const char* key) {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}
std::string text(const Value& obj, const char* key) {
    const Value* v = find(obj, key);
    return v && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : "";
}
double number(const Value& obj, const char* key, double def) {
    const Value* v = find(obj, key);
    return v && v->IsNumber() && std::isfinite(v->GetDouble()) ? v->GetDouble() : def;
}
int64_t integer(const Value& obj, const char* key, int64_t def, int64_t lo, int64_t hi) {
    const double d = number(obj, key, double(def));
    return int64_t(std::clamp(std::floor(d), double(lo), double(hi)));
}
bool flag(const Value& obj, const char* key, bool def) {
    const Value* v = find(obj, key);
    return v && v->IsBool() ? v->GetBool() : def;
}
const Value& array(const Value& obj, const char* key) {
    static const Value empty(rapidjson::kArrayType);
    const Value* v = find(obj, key);
    return v && v->IsArray() ? *v : empty;
}

class TmjArtReader {
  public:
    TmjArtReader(const std::string& path, TiledArt& art) : path_(path), art_(art) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw MapError(path_ + ": " + problem);
    }

    bool parse(rapidjson::Document& doc, const std::string& file) const {
        std::string problem;
        const std::string bytes = readRegularFile(file, &problem);
        if (!problem.empty()) {
            if (file == path_) fail(problem);
            art_.warnings.push_back(file + ": " + problem + " (its tiles are not drawn)");
            return false;
        }
        doc.Parse<kParseFlags>(bytes.data(), bytes.size());
        if (doc.HasParseError() || !doc.IsObject()) {
            if (file == path_) fail("invalid JSON");
            art_.warnings.push_back(file + ": invalid JSON (its tiles are not drawn)");
            return false;
        }
        return true;
    }

    void read() {
        rapidjson::Document doc;
        parse(doc, path_);
        art_.tileWidth = int32_t(integer(doc, "tilewidth", 0, 0, 1 << 16));
        art_.tileHeight = int32_t(integer(doc, "tileheight", 0, 0, 1 << 16));
        infinite_ = flag(doc, "infinite", false);
        art_.width = int32_t(integer(doc, "width", 0, 0, 1 << 20));
        art_.height = int32_t(integer(doc, "height", 0, 0, 1 << 20));
        if (int64_t(art_.width) * art_.height > kMaxImportCells) fail("map too large to draw");
        if (std::string ro = text(doc, "renderorder"); !ro.empty()) art_.renderOrder = ro;
        const std::string folder = folderOf(path_);
        for (const Value& t : array(doc, "tilesets").GetArray()) tileset(t, folder);
        std::sort(art_.tilesets.begin(), art_.tilesets.end(),
                  [](const ArtTileset& a, const ArtTileset& b) { return a.firstGid < b.firstGid; });
        layers(doc, Context{}, 0, folder);
    }

  private:
    void tilesetBody(const Value& n, ArtTileset& ts, const std::string& folder) {
        ts.tileWidth = int32_t(integer(n, "tilewidth", 0, 0, 1 << 16));
        ts.tileHeight = int32_t(integer(n, "tileheight", 0, 0, 1 << 16));
        ts.margin = int32_t(integer(n, "margin", 0, 0, 1 << 16));
        ts.spacing = int32_t(integer(n, "spacing", 0, 0, 1 << 16));
        if (const Value* off = find(n, "tileoffset")) {
            ts.offsetX = int32_t(integer(*off, "x", 0, -(1 << 16), 1 << 16));
            ts.offsetY = int32_t(integer(*off, "y", 0, -(1 << 16), 1 << 16));
        }
        const std::string trans = text(n, "transparentcolor");
        if (std::string image = text(n, "image"); !image.empty()) {
            ts.image = addImage(art_, joinPath(folder, image), trans.c_str());
            cutAtlas(art_, ts);
        }
        for (const Value& t : array(n, "tiles").GetArray()) {
            ArtTileset::Tile tile;
            tile.id = uint32_t(integer(t, "id", 0, 0, kGidMask));
            tile.firstFrame = tile.id;
            if (std::string image = text(t, "image"); !image.empty())
                tile.image = addImage(art_, joinPath(folder, image), trans.c_str());
            const Value& frames = array(t, "animation");
            if (!frames.Empty()) {
                tile.animated = true;
                tile.firstFrame = uint32_t(integer(frames[0], "tileid", 0, 0, kGidMask));
            }
            ts.tiles.push_back(tile);
        }
        sortTiles(ts);
    }

    void tileset(const Value& n, const std::string& mapFolder) {
        ArtTileset ts;
        ts.firstGid = uint32_t(integer(n, "firstgid", 1, 1, kGidMask));
        const std::string source = text(n, "source");
        if (source.empty()) {
            tilesetBody(n, ts, mapFolder);
        } else {
            const std::string file = joinPath(mapFolder, source);
            if (endsWithNoCase(source, ".tsx")) {
                readTsxArt(art_, ts, file);
            } else {
                rapidjson::Document doc;
                if (parse(doc, file)) tilesetBody(doc, ts, folderOf(file));
            }
        }
        art_.tilesets.push_back(std::move(ts));
    }

    std::vector<uint32_t> data(const Value& owner, int64_t count, const std::string& encoding,
                               const std::string& compression, const std::string& at) const {
        std::vector<uint32_t> gids;
        const Value* d = find(owner, "data");
        std::string problem;
        if (d && d->IsString()) {
            problem = decodeBase64Gids(std::string(d->GetString(), d->GetStringLength()),
                                       compression, size_t(count), &gids);
        } else if (d && d->IsArray()) {
            for (const Value& g : d->GetArray()) {
                if (int64_t(gids.size()) == count) break;
                gids.push_back(g.IsUint() ? g.GetUint() : 0);
            }
            gids.resize(size_t(count), 0);
        } else {
            problem = "no data";
        }
        (void)encoding;
        if (!problem.empty()) fail(at + problem);
        return gids;
    }

    void tileLayer(const Value& n, ArtLayer l) {
        const std::string at = "layer \"" + l.name + "\": ";
        const std::string encoding = text(n, "encoding"), compression = text(n, "compression");
        if (infinite_) {
            std::vector<Chunk> chunks;
            for (const Value& ch : array(n, "chunks").GetArray()) {
                Chunk chunk;
                chunk.x = integer(ch, "x", 0, INT32_MIN, INT32_MAX);
                chunk.y = integer(ch, "y", 0, INT32_MIN, INT32_MAX);
                chunk.width = integer(ch, "width", 1, 1, 1 << 16);
                chunk.height = integer(ch, "height", 1, 1, 1 << 16);
                chunk.gids = data(ch, chunk.width * chunk.height, encoding, compression, at);
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
            l.gids = data(n, l.width * l.height, encoding, compression, at);
        }
        art_.layers.push_back(std::move(l));
    }

    void layers(const Value& parent, const Context& outer, int depth, const std::string& folder) {
        if (depth > 64) fail("layer groups nested more than 64 deep");
        for (const Value& n : array(parent, "layers").GetArray()) {
            const std::string type = text(n, "type");
            const std::string tint = text(n, "tintcolor");
            const Context c =
                outer.inner(flag(n, "visible", true), number(n, "opacity", 1),
                            number(n, "offsetx", 0), number(n, "offsety", 0), tint.c_str());
            ArtLayer l;
            l.name = text(n, "name");
            c.apply(l);
            if (type == "tilelayer") {
                l.kind = ArtLayer::Kind::Tiles;
                tileLayer(n, std::move(l));
            } else if (type == "imagelayer") {
                l.kind = ArtLayer::Kind::Image;
                if (std::string image = text(n, "image"); !image.empty())
                    l.image = addImage(art_, joinPath(folder, image),
                                       text(n, "transparentcolor").c_str());
                art_.layers.push_back(std::move(l));
            } else if (type == "objectgroup") {
                l.kind = ArtLayer::Kind::Objects;
                for (const Value& o : array(n, "objects").GetArray()) {
                    const uint32_t gid = uint32_t(integer(o, "gid", 0, 0, UINT32_MAX));
                    if (gid == 0 || !flag(o, "visible", true)) continue;
                    ArtObject obj{gid,
                                  number(o, "x", 0),
                                  number(o, "y", 0),
                                  number(o, "width", 0),
                                  number(o, "height", 0),
                                  number(o, "rotation", 0)};
                    TileArt a;
                    if ((obj.width <= 0 || obj.height <= 0) && art_.tileArt(gid, &a)) {
                        obj.width = a.width;
                        obj.height = a.height;
                    }
                    l.objects.push_back(obj);
                }
                art_.layers.push_back(std::move(l));
            } else if (type == "group") {
                layers(n, c, depth + 1, folder);
            }
        }
    }

    std::string path_;
    bool infinite_ = false;
    TiledArt& art_;
};

}  // namespace

TiledArt readTiledArtTmj(const std::string& path) {
    TiledArt art;
    TmjArtReader(path, art).read();
    return art;
}

}  // namespace ts::interop::art
