// The editor's collision layer picker lists a Tiled map's tile layers (inside groups too) and
// an LDtk project's IntGrid layers, in file order; a name two layers share is picked by "#N".
#include <gtest/gtest.h>

#include "io/import_result.h"
#include "io/layer_choices.h"
#include "io/map_io.h"
#include "ldtk_samples.h"
#include "test_support.h"
#include "tiled_fixture.h"

namespace ts::test {
namespace {

using Names = std::vector<std::string>;

TEST(LayerChoices, ATiledMapsTileLayersInFileOrder) {
    const std::string dir = tempDir();
    writeTileset(dir);
    // "deco" first, then "collision" inside group "g"; the object layer is no choice.
    writeFile(dir + "/m.tmx",
              threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>"));
    EXPECT_EQ(interop::collisionLayerChoices(dir + "/m.tmx"), (Names{"deco", "collision"}));
}

TEST(LayerChoices, ANameTwoLayersShareIsPickedByNumberAndThatImports) {
    const std::string dir = tempDir();
    writeTileset(dir);
    std::string text = threeLayerMap("<data encoding=\"csv\">1,0,0,1,0,5,6,0,1,1,1,1</data>");
    text.replace(text.find("name=\"deco\""), 11, "name=\"collision\"");
    writeFile(dir + "/m.tmx", text);
    const Names names = interop::collisionLayerChoices(dir + "/m.tmx");
    ASSERT_EQ(names, (Names{"collision", "collision"}));
    EXPECT_EQ(interop::collisionLayerOption(names, 0), "#1");
    EXPECT_EQ(interop::collisionLayerOption(names, 1), "#2");
    // The second one's cells: row 0 of the collision data is 1,0,0,1 (GID 1 solid).
    interop::ImportOptions o;
    o.collisionLayer = interop::collisionLayerOption(names, 1);
    const Map m = loadMap(dir + "/m.tmx", o);
    EXPECT_NE(m.tile(0, 0), 0);
    EXPECT_EQ(m.tile(1, 0), 0);
}

TEST(LayerChoices, AnLdtkProjectsIntGridLayers) {
    const std::string dir = tempDir();
    writeFile(dir + "/w.ldtk", ldtkWorldProject());
    const Names names = interop::collisionLayerChoices(dir + "/w.ldtk");
    EXPECT_EQ(names, Names{"Collision"});
    EXPECT_EQ(interop::collisionLayerOption(names, 0), "Collision");
}

TEST(LayerChoices, NotAForeignMapIsAnErrorNamingTheFile) {
    const std::string dir = tempDir();
    saveMap(Map::blank(4, 4), dir + "/m.json");
    try {
        interop::collisionLayerChoices(dir + "/m.json");
        FAIL() << "no error";
    } catch (const MapError& e) {
        EXPECT_NE(std::string(e.what()).find(dir + "/m.json"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace ts::test
