// Tiled object templates (.tx / .tj files): an object in a map that names a template takes
// the template's object and overrides it with what the instance itself sets, as Tiled 1.8
// reads it (mapreader.cpp, varianttomapconverter.cpp):
//   - name and class/type: when the instance's is not empty;
//   - size: when the instance's width and height are both positive;
//   - rotation: when the instance has the attribute at all;
//   - tile (gid): when the instance's is not 0;
//   - shape: when the instance has a shape of its own (<ellipse/>, "point": true, ...);
//   - custom properties: merged by name, the instance's value winning;
//   - id and position: always the instance's.
// A template's tile object names its tile in the template's own tileset (resolved relative
// to the template file); the instance gets the GID of that tile in the map's tilesets.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "io/tiled/tiled_model.h"

namespace ts::interop {

struct TiledTemplate {
    TiledObject object;  // gid in the template's own GIDs
    bool hasTileset = false;
    TiledTileset tileset;  // firstGid as the template numbers it; source relative to the template
};

// Throw MapError("PATH: problem") on anything unreadable (the template's tileset included).
TiledTemplate readTx(const std::string& path);
TiledTemplate readTj(const std::string& path);

// Resolves the template instances of one map, reading each template file once.
class TemplateInstancer {
  public:
    // `map` must already hold its tilesets; template tilesets the map does not list are added
    // to map.templateTilesets.
    TemplateInstancer(const std::string& mapPath, TiledMap& map) : mapPath_(mapPath), map_(map) {}

    // The object `instance` (as read from the map; `hasRotation`, `hasShape`: whether its
    // file states them) placed from the template `ref` (as written in the map, relative to
    // it). Throws MapError("MAP: object N: template FILE: problem") when the template cannot
    // be used; a template file that does not exist is a warning in map.warnings instead, and
    // the instance is returned as it is (Tiled opens such a map too).
    TiledObject instantiate(const std::string& ref, const TiledObject& instance, bool hasRotation,
                            bool hasShape);

  private:
    struct Loaded {
        TiledTemplate tmpl;
        uint32_t gidInMap = 0;  // the template object's tile in the map's GIDs, flips kept
    };
    const Loaded& load(const std::string& file, int64_t objectId);
    uint32_t gidInMap(const TiledTemplate& t, const std::string& file) const;

    std::string mapPath_;
    TiledMap& map_;
    std::map<std::string, Loaded> loaded_;  // by the template file's path
    std::set<std::string> missing_;         // template files that are not there
};

}  // namespace ts::interop
