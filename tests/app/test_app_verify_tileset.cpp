// Tileset images: a PNG loaded with stb_image is drawn in the kinds' cells (pixel colours of a
// headless screenshot), a missing image falls back to the kind colours, and with real input
// the tileset panel loads an image, assigns a cell to a kind by a click, and Save As into
// another folder keeps the image path relative to the map.
#include <filesystem>

#define STB_IMAGE_WRITE_STATIC  // private copy: never clashes with libstb
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include "map/image_flip.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppTileset = AppDriver;

// A 32 x 16 image of two 16 px cells: cell 0 all kGreen; cell 1 in four 8 px quadrants
// kRed kLime / kBlue kYellow, so a flipped or shifted lookup shows.
constexpr uint32_t kGreen = 0x80c040, kRed = 0xe02020, kLime = 0x20e020, kBlue = 0x2020e0,
                   kYellow = 0xe0e020;

void writeTilesPng(const std::string& path) {
    std::vector<unsigned char> rgba(32 * 16 * 4);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 32; ++x) {
            uint32_t c =
                x < 16 ? kGreen : (y < 8 ? (x < 24 ? kRed : kLime) : (x < 24 ? kBlue : kYellow));
            unsigned char* p = &rgba[size_t(y * 32 + x) * 4];
            p[0] = (c >> 16) & 0xff;
            p[1] = (c >> 8) & 0xff;
            p[2] = c & 0xff;
            p[3] = 255;
        }
    ASSERT_TRUE(stbi_write_png(path.c_str(), 32, 16, 4, rgba.data(), 32 * 4));
}

// Screenshot of `mapPath`, or a failure.
Png screenshotOf(const std::string& mapPath, const std::string& config, ViewLine* view) {
    std::string out = tempDir() + "/shot.png";
    CommandResult r =
        runTilestepInXvfb(shellQuote(mapPath) + " --screenshot " + out + " --verbose", config);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    *view = parseViewLine(r.out);
    EXPECT_TRUE(view->ok) << r.out;
    return readPng(out);
}

// Window pixel at the centre of map pixel (x, y).
uint32_t pixelAt(const Png& png, const ViewLine& v, double x, double y) {
    return png.at(int(v.x0 + (x + 0.5) * v.zoom), int(v.y0 + (y + 0.5) * v.zoom));
}

// Cell (1, 1) must show image cell 1: its four quadrants.
void expectQuadrants(const Png& png, const ViewLine& v) {
    EXPECT_EQ(pixelAt(png, v, 20, 20), kRed);
    EXPECT_EQ(pixelAt(png, v, 28, 20), kLime);
    EXPECT_EQ(pixelAt(png, v, 20, 28), kBlue);
    EXPECT_EQ(pixelAt(png, v, 28, 28), kYellow);
}

TEST(AppTilesetImage, PngCellsAreDrawnAndAMissingImageFallsBackToColours) {
    if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
    const std::string dir = tempDir();
    writeTilesPng(dir + "/tiles.png");
    if (HasFatalFailure()) return;
    Map m = Map::blank(8, 4);
    m.tileset.image = "tiles.png";  // relative to the map file
    m.tileset.kinds[1].imageCell = 1;
    TileKind grass;
    grass.name = "grass";
    grass.shape = Shape::Solid;
    grass.color = 0xff102030;  // hidden by its image cell
    grass.imageCell = 0;
    TileKind plain = grass;
    plain.name = "plain";
    plain.color = 0xff6040a0;
    plain.imageCell = -1;  // colour only
    m.tileset.kinds.push_back(grass);
    m.tileset.kinds.push_back(plain);
    const uint16_t grassId = uint16_t(m.tileset.kinds.size() - 2), plainId = grassId + 1;
    m.setTile(1, 1, 1);
    m.setTile(3, 1, grassId);
    m.setTile(5, 1, plainId);
    const std::string path = dir + "/level.json";
    saveMap(m, path);

    ViewLine v;
    Png png = screenshotOf(path, dir + "/cfg", &v);
    ASSERT_TRUE(png.ok());
    expectQuadrants(png, v);
    EXPECT_EQ(pixelAt(png, v, 3 * 16 + 4, 16 + 11), kGreen);
    EXPECT_EQ(pixelAt(png, v, 5 * 16 + 8, 16 + 8), 0x6040a0u);

    // Without the file the kinds show their colours, and the editor still runs.
    fs::remove(dir + "/tiles.png");
    png = screenshotOf(path, dir + "/cfg", &v);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(pixelAt(png, v, 3 * 16 + 4, 16 + 11), 0x102030u);
    EXPECT_EQ(pixelAt(png, v, 20, 20), m.tileset.kinds[1].color & 0xffffffu);
}

// Positions at UI scale 1 with the default tileset, read off screenshots.
constexpr int kImageNodeX = 1050, kImageNodeY = 422;  // "Tileset image" tree node
constexpr int kLoadImageX = 1060, kLoadImageY = 461;  // its "Load image..." button
// The 32 x 16 image drawn at 4x from (1010, 525) once loaded (below the kind editor's
// Image cell and Image flip rows, which appear with the image): cell 1's centre.
constexpr int kImageCell1X = 1105, kImageCell1Y = 556;

TEST_F(AppTileset, PanelLoadsAnImageAssignsACellAndSaveAsKeepsThePathRelative) {
    Map original = Map::blank(8, 4);
    original.setTile(1, 1, 1);
    writeTilesPng(dir_ + "/tiles.png");
    fs::create_directories(dir_ + "/sub");
    start(original);
    if (HasFatalFailure()) return;

    click(kImageNodeX, kImageNodeY);
    click(kLoadImageX, kLoadImageY);
    ASSERT_TRUE(waitForNewLine("dialog Tileset image", 0)) << app_->out();
    key("ctrl+a");
    type(dir_ + "/tiles.png");
    key("Return");
    // Loading the image changes the map; the title says so once the editor has done it (a
    // fixed pause was too short on a loaded machine, and the clean title below matched the
    // freshly opened map before anything had happened).
    ASSERT_TRUE(waitForTitle("level.json *")) << app_->windowTitle();
    click(kImageCell1X, kImageCell1Y);  // the selected kind (solid, 1) shows cell 1
    pointAt(cellX(4), cellY(3));
    key("ctrl+s");
    ASSERT_TRUE(waitForTitle("level.json  (")) << app_->windowTitle();

    // Save As one folder down: the image path must follow.
    key("ctrl+shift+s");
    ASSERT_TRUE(waitForNewLine("dialog Save map as", 0)) << app_->out();
    key("ctrl+a");
    type(dir_ + "/sub/copy.json");
    key("Return");
    ASSERT_TRUE(waitForTitle("copy.json  (")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();

    Map saved = loadMap(path_);
    EXPECT_EQ(saved.tileset.image, "tiles.png");
    EXPECT_EQ(saved.tileset.imageCellSize, 0);
    EXPECT_EQ(saved.tileset.kinds[1].imageCell, 1);
    EXPECT_TRUE(saved.tiles == original.tiles);
    Map copy = loadMap(dir_ + "/sub/copy.json");
    EXPECT_EQ(copy.tileset.image, "../tiles.png");
    EXPECT_EQ(copy.tileset.kinds[1].imageCell, 1);

    // Both files draw the image.
    ViewLine v;
    Png png = screenshotOf(path_, config_, &v);
    ASSERT_TRUE(png.ok());
    expectQuadrants(png, v);
    png = screenshotOf(dir_ + "/sub/copy.json", config_, &v);
    ASSERT_TRUE(png.ok());
    expectQuadrants(png, v);
}

// The kind editor's Image flip row (kind 1 selected, a tileset image loaded), at UI scale 1.
constexpr int kFlipHX = 997, kFlipY = 425;  // its "H" check box
constexpr int kRotateRightX = 1139;         // its ">" button

TEST_F(AppTileset, TheKindEditorFlipsAndRotatesTheImageUndoably) {
    Map original = Map::blank(8, 4);
    writeTilesPng(dir_ + "/tiles.png");
    original.tileset.image = "tiles.png";
    original.tileset.kinds[1].imageCell = 1;
    original.setTile(1, 1, 1);
    start(original);
    if (HasFatalFailure()) return;

    click(kFlipHX, kFlipY);        // H: mirrored left to right
    click(kRotateRightX, kFlipY);  // then a quarter turn clockwise: the other diagonal (H+V+D)
    pointAt(cellX(4), cellY(3));   // keyboard focus on the canvas
    key("ctrl+s");
    auto savedFlip = [&] {
        try {
            return int(loadMap(path_).tileset.kinds[1].imageFlip);
        } catch (const MapError&) {
            return -1;
        }
    };
    EXPECT_TRUE(waitUntil([&] { return savedFlip() == 7; }, 5000)) << savedFlip();
    key("ctrl+z");  // back to H alone: each click is one undo step
    saveAndQuit();
    if (HasFatalFailure()) return;
    Map saved = loadMap(path_);
    EXPECT_EQ(saved.tileset.kinds[1].imageFlip, kImageFlipH);
    EXPECT_EQ(saved.tileset.kinds[1].imageCell, 1);
    EXPECT_TRUE(saved.tiles == original.tiles);

    // The canvas draws cell 1 mirrored: its quadrants red lime / blue yellow swap sides.
    ViewLine v;
    Png png = screenshotOf(path_, config_, &v);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(pixelAt(png, v, 20, 20), kLime);
    EXPECT_EQ(pixelAt(png, v, 28, 20), kRed);
    EXPECT_EQ(pixelAt(png, v, 20, 28), kYellow);
    EXPECT_EQ(pixelAt(png, v, 28, 28), kBlue);
}

}  // namespace
}  // namespace ts::test
