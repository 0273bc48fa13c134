#include "tiled_fixture.h"

#include "test_support.h"

namespace ts::test {

// Three tile layers: "deco" (CSV), "collision" in ENCODING, an object layer with an actor,
// a brush, a wall and a point the import skips.
std::string threeLayerMap(const std::string& data, bool editorSettings) {
    return R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="4" height="3" tilewidth="8" tileheight="8" infinite="0" nextlayerid="5" nextobjectid="9">
)" +
           std::string(
               editorSettings
                   ? R"( <editorsettings><chunksize width="32" height="16"/></editorsettings>
)"
                   : "") +
           R"( <properties>
  <property name="author" value="someone"/>
 </properties>
 <tileset firstgid="1" source="art/set.tsx"/>
 <tileset firstgid="5" name="emb" tilewidth="8" tileheight="8" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="solid"/>
  <tile id="1"><properties><property name="collision" value="slope45_right"/><property name="note" value="keep me"/></properties></tile>
 </tileset>
 <layer id="1" name="deco" width="4" height="3">
  <data encoding="csv">
2,2,2,2,
2,2,2,2,
2,2,2,2
</data>
 </layer>
 <group id="2" name="g" offsetx="8">
  <layer id="3" name="collision" width="4" height="3" offsetx="-8">
)" + data + R"(
  </layer>
 </group>
 <objectgroup id="4" name="things" offsety="2">
  <object id="1" name="hero" type="pixel_sweep" x="8" y="0" width="6" height="8">
   <properties><property name="colour" value="red"/></properties>
  </object>
  <object id="2" type="brush" x="0" y="14" width="8" height="4"/>
  <object id="3" name="sign" x="20" y="10"><point/></object>
  <object id="4" type="wall" x="0" y="6"><polyline points="0,0 16,0"/></object>
 </objectgroup>
</map>
)";
}

void writeTileset(const std::string& dir) {
    runShell("mkdir -p " + dir + "/art");
    writeFile(dir + "/art/set.tsx", R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="set" tilewidth="8" tileheight="8" tilecount="4" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="solid"/>
 <tile id="3"><animation><frame tileid="0" duration="100"/></animation></tile>
</tileset>
)");
}

std::string gidBytes(const std::vector<uint32_t>& gids) {
    std::string b;
    for (uint32_t g : gids)
        for (int i = 0; i < 4; ++i) b += char((g >> (8 * i)) & 255);
    return b;
}

}  // namespace ts::test
