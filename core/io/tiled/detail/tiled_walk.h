// The one walk over a Tiled document, for both its forms: which fields make a TiledMap and a
// TiledTileset, with which defaults and ranges, in which order, and how layers, groups,
// chunks, tilesets and templates nest, is said here once; tiled_tmx.cpp (a pugixml element)
// and tiled_tmj.cpp (a rapidjson value) each give a TiledNode that answers in its own form,
// with its own checks and error texts. A Tiled feature both forms carry is added here, once.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "io/tiled/tiled_model.h"
#include "io/tiled/detail/tiled_template.h"

namespace ts::interop {

// One element (TMX) or object (TMJ) of a Tiled document. Every call throws MapError naming the
// file and the field when the value is unusable. `at` says where the walk is ("layer
// \"ground\": "): the TMJ form puts it before the key in an error, the TMX form names the
// element instead ("<layer> offsetx: ").
class TiledNode {
  public:
    using Visit = std::function<void(const TiledNode&)>;
    // A layer of a map or group: its kind as TMX names it ("layer", "objectgroup", "group",
    // "imagelayer"; anything else is skipped) and its name.
    using VisitLayer =
        std::function<void(const std::string& kind, const std::string& name, const TiledNode&)>;
    virtual ~TiledNode() = default;

    // Scalars by the TMX attribute name (the TMJ member has the same name): absent is "" or
    // `def`.
    virtual std::string text(const char* key, const std::string& at) const = 0;
    virtual double number(const char* key, double def, const std::string& at) const = 0;
    virtual int64_t integer(const char* key, int64_t def, int64_t lo, int64_t hi,
                            const std::string& at) const = 0;
    virtual std::string className() const = 0;  // `class` (Tiled 1.9+), else `type`
    virtual TiledProperties properties(const std::string& at) const = 0;

    // A map's.
    virtual bool infinite() const = 0;
    virtual void tilesets(const Visit& visit) const = 0;
    virtual void layers(const VisitLayer& visit) const = 0;  // a group's too
    // An external tileset's form when its extension does not say (the map's own form).
    virtual bool xmlTilesets() const = 0;

    // A tileset's image (joined to `relFolder`) and size.
    virtual void image(const std::string& relFolder, TiledTileset& ts,
                       const std::string& at) const = 0;
    virtual void tiles(const std::string& at, const Visit& visit) const = 0;
    // A tile's.
    virtual bool hasImage() const = 0;
    virtual void tileCollision(const std::string& at, const Visit& visit) const = 0;

    // An object layer's objects; an object read (templates: tiled_object_read.h).
    virtual void objects(const Visit& visit) const = 0;
    virtual TiledObject object(TemplateInstancer* templates) const = 0;

    // A tile layer's data: its encoding and compression, its chunks (an infinite map's), and
    // the `count` GIDs of the layer or of a chunk.
    virtual void dataFormat(const std::string& at, std::string* encoding,
                            std::string* compression) const = 0;
    virtual void chunks(const std::string& at, const Visit& visit) const = 0;
    virtual std::vector<uint32_t> gids(const std::string& encoding, const std::string& compression,
                                       int64_t count, const std::string& at) const = 0;
};

// The map whose root is `root`, read from `path`.
TiledMap walkTiledMap(const TiledNode& root, const std::string& path);
// A tileset's content (embedded, or the root of an external file); its image paths are
// joined to `relFolder`.
void walkTilesetBody(const TiledNode& n, TiledTileset& ts, const std::string& relFolder);
// A map's (or template's) tileset entry: embedded, or read from its file beside `mapFolder`.
TiledTileset walkTileset(const TiledNode& n, const std::string& mapFolder);

}  // namespace ts::interop
