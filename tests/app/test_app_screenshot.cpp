// The editor window under Xvfb: `tilestep MAP --screenshot OUT.png --verbose` and the
// pixels where the map's tiles land. Expected colours come from the map files' tilesets
// (the kind colours), never from the renderer; the map-to-window mapping printed by
// --verbose is only trusted because the colours then land where it says.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "io/map_io.h"
#include "map/tileset.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kMapBackground = 0x2a2f38;  // empty cells (kMapBg in canvas_draw.cpp)

uint32_t rgb(uint32_t argb) {
    return argb & 0xffffff;
}

class AppScreenshot : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!haveCommand("xvfb-run")) GTEST_SKIP() << "xvfb-run is not installed";
        dir_ = tempDir();
    }

    // Screenshots `mapPath`; fills png_ and view_.
    void shoot(const std::string& mapPath) {
        std::string out = dir_ + "/shot.png";
        CommandResult r = runTilestepInXvfb(
            shellQuote(mapPath) + " --screenshot " + shellQuote(out) + " --verbose", dir_ + "/cfg");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        png_ = readPng(out);
        ASSERT_TRUE(png_.ok()) << "no PNG at " << out;
        EXPECT_EQ(png_.width, 1280);
        EXPECT_EQ(png_.height, 800);
        view_ = parseViewLine(r.out);
        ASSERT_TRUE(view_.ok) << r.out;
    }

    // Window pixel of map pixel (px, py), sampled at the pixel's centre.
    uint32_t pixel(const Map& m, double px, double py) const {
        (void)m;
        return png_.at(int(view_.x0 + (px + 0.5) * view_.zoom),
                       int(view_.y0 + (py + 0.5) * view_.zoom));
    }

    // Is the cell free of anything drawn over tiles (brushes, actors, walls on its edges)?
    static bool uncovered(const Map& m, int x, int y) {
        RectI cell{int64_t(x) * m.tileSize, int64_t(y) * m.tileSize, m.tileSize, m.tileSize};
        RectI grown{cell.x - 8, cell.y - 8, cell.w + 16, cell.h + 16};
        for (const Brush& b : m.brushes)
            if (b.rect.overlaps(grown)) return false;
        for (const Actor& a : m.actors) {
            RectI box{a.x - a.w, a.y - a.h, 3 * int64_t(a.w), 3 * int64_t(a.h)};
            if (box.overlaps(grown)) return false;
        }
        return !m.walls.h(x, y) && !m.walls.h(x, y + 1) && !m.walls.v(x, y) && !m.walls.v(x + 1, y);
    }

    // Checks solid and empty cells (and slopes' solid corner pixel) against the kind colours.
    // Returns how many cells were checked.
    int checkTiles(const Map& m) {
        int checked = 0;
        const int t = m.tileSize;
        for (int y = 0; y < m.height; ++y)
            for (int x = 0; x < m.width; ++x) {
                if (!uncovered(m, x, y)) continue;
                const TileKind& k = m.tileset.kinds[m.tile(x, y)];
                if (k.imageCell >= 0 && !m.tileset.image.empty()) continue;
                double cx = x * t + t / 2, cy = y * t + t / 2;
                if (k.shape == Shape::Empty && m.tile(x, y) == 0) {
                    EXPECT_EQ(pixel(m, cx, cy), kMapBackground) << "empty cell " << x << "," << y;
                } else if (k.shape == Shape::Solid && k.color >> 24 == 0xff) {
                    EXPECT_EQ(pixel(m, cx, cy), rgb(k.color)) << k.name << " at " << x << "," << y;
                } else if (isSlope(k.shape) && k.color >> 24 == 0xff) {
                    // Every floor slope is solid in its bottom row at its high end. Column 1,
                    // not 0, for slopes rising left: the grid line covers column 0 at zoom 1.
                    int col =
                        shapeColumnHeight(k.shape, 0, t) > shapeColumnHeight(k.shape, t - 1, t)
                            ? 1
                            : t - 1;
                    EXPECT_EQ(pixel(m, x * t + col, y * t + t - 1), rgb(k.color))
                        << k.name << " at " << x << "," << y;
                } else {
                    continue;
                }
                ++checked;
            }
        return checked;
    }

    std::string dir_;
    Png png_;
    ViewLine view_;
};

TEST_F(AppScreenshot, EverySampleMapShowsItsKindColours) {
    int maps = 0;
    for (const auto& e : fs::directory_iterator(sourcePath("maps"))) {
        std::string ext = e.path().extension().string();
        if (ext != ".json" && ext != ".tsmap") continue;
        SCOPED_TRACE(e.path().string());
        Map m = loadMap(e.path().string());
        shoot(e.path().string());
        if (HasFatalFailure()) return;
        // Tiles must be at least 4 window pixels to tell them apart.
        if (m.tileSize * view_.zoom < 4) continue;
        EXPECT_GT(checkTiles(m), 0);
        ++maps;
    }
    if (maps == 0) GTEST_SKIP() << "no sample maps in maps/ yet";
}

// A Tiled map is drawn through its own layers (the art); a tileset without an image has no
// pixels to draw, so its cells fall back to the kinds' colours instead of staying blank.
TEST_F(AppScreenshot, ATiledMapWhoseTilesetHasNoImageShowsItsKindColours) {
    const std::string path = sourcePath("maps/tiled-platformer.tmx");
    // The sample's tileset "terrain" has no <image> (read off the file).
    ASSERT_EQ(readFile(path).find("<image"), std::string::npos);
    Map m = loadMap(path);
    shoot(path);
    if (HasFatalFailure()) return;
    ASSERT_GE(m.tileSize * view_.zoom, 4);
    EXPECT_GT(checkTiles(m), 20);
}

TEST_F(AppScreenshot, OwnMapShowsShapesAndPassDirections) {
    // Row by row: solid, both 45-degree slopes, the default platform (passes L R U), and a
    // custom one-way kind that passes only downward travel.
    Map m = mapFromRows({
        "..........",
        ".#./.\\.==.",
        "..........",
        ".XX....#..",
        "..........",
    });
    TileKind green{"green", 0xff20c040, Shape::Solid, 0, -1};
    TileKind down{"down_only", 0xffd04040, Shape::OneWay, DIR_DOWN, -1};
    m.tileset.kinds.push_back(green);
    m.tileset.kinds.push_back(down);
    uint16_t greenId = uint16_t(m.tileset.kinds.size() - 2);
    uint16_t downId = uint16_t(m.tileset.kinds.size() - 1);
    m.setTile(1, 3, greenId);
    m.setTile(2, 3, downId);
    std::string path = dir_ + "/own.json";
    saveMap(m, path);
    shoot(path);
    if (HasFatalFailure()) return;
    const int t = m.tileSize;
    ASSERT_GE(view_.zoom * t, 8) << "a 10 x 5 map must be drawn large";

    EXPECT_EQ(pixel(m, 1 * t + 8, 1 * t + 8), rgb(m.tileset.kinds[1].color));  // solid
    EXPECT_EQ(pixel(m, 1 * t + 8, 3 * t + 8), 0x20c040u);                      // custom solid
    // slope45_right rises to the right: bottom-right pixel solid, top-left pixel not.
    const uint32_t slopeColor = rgb(m.tileset.kinds[2].color);
    EXPECT_EQ(pixel(m, 3 * t + t - 1, 1 * t + t - 1), slopeColor);
    EXPECT_NE(pixel(m, 3 * t + 1, 1 * t + 1), slopeColor);
    // slope45_left: the mirror image.
    EXPECT_EQ(pixel(m, 5 * t + 0, 1 * t + t - 1), slopeColor);
    EXPECT_NE(pixel(m, 5 * t + t - 2, 1 * t + 1), slopeColor);
    // Platform (passes L R U): downward travel is blocked, so its top edge is a full-colour
    // bar; its left and right edges let travel through, so no bar there.
    const uint32_t platform = rgb(m.tileset.kinds[8].color);
    EXPECT_EQ(pixel(m, 7 * t + 8, 1 * t + 0), platform);
    EXPECT_NE(pixel(m, 7 * t + 0, 1 * t + 8), platform);
    EXPECT_NE(pixel(m, 7 * t + 8, 1 * t + t - 1), platform);
    // Down-only: only downward travel passes, so bars on the bottom (up blocked), left and
    // right edges, none on the top.
    EXPECT_EQ(pixel(m, 2 * t + 8, 3 * t + t - 1), 0xd04040u);
    EXPECT_EQ(pixel(m, 2 * t + 0, 3 * t + 8), 0xd04040u);
    EXPECT_EQ(pixel(m, 2 * t + t - 1, 3 * t + 8), 0xd04040u);
    EXPECT_NE(pixel(m, 2 * t + 8, 3 * t + 0), 0xd04040u);
    // Empty cells show the map background, outside the map the canvas is darker.
    EXPECT_EQ(pixel(m, 0 * t + 8, 0 * t + 8), kMapBackground);
    EXPECT_NE(pixel(m, -20, 8), kMapBackground);
    EXPECT_GT(checkTiles(m), 40);
}

// The shaders are built into the binary: an installed copy, started from another folder with
// no source tree in reach, draws the same pixels as the build tree's binary.
TEST_F(AppScreenshot, InstalledBinaryRunsFromAnyFolder) {
    std::string build = fs::path(TILESTEP_BINARY).parent_path().parent_path().string();
    std::string prefix = dir_ + "/prefix";
    CommandResult inst = runShell("cmake --install " + shellQuote(build) + " --prefix " +
                                  shellQuote(prefix) + " 2>&1");
    ASSERT_EQ(inst.exitCode, 0) << inst.out;
    std::string installed = prefix + "/bin/tilestep";
    ASSERT_TRUE(fs::exists(installed));
    std::string map = prefix + "/share/tilestep/maps/platformer-slopes.json";
    ASSERT_TRUE(fs::exists(map)) << "sample maps are installed";
    // Nothing in the binary points back at the source tree's shaders/.
    std::string shaderDir = std::string(TILESTEP_SOURCE_DIR) + "/shaders";
    EXPECT_EQ(readFile(installed).find(shaderDir), std::string::npos);

    shoot(map);
    if (HasFatalFailure()) return;
    Png fromBuild = png_;
    std::string out = dir_ + "/installed.png";
    std::string cmd = "cd / && " + std::string(kGuiEnv) +
                      "XDG_CONFIG_HOME=" + shellQuote(dir_ + "/cfg2") +
                      " xvfb-run -a -s '-screen 0 1280x800x24' " + shellQuote(installed) + " " +
                      shellQuote(map) + " --screenshot " + shellQuote(out) + " 2>&1";
    CommandResult r = runShell(cmd);
    ASSERT_EQ(r.exitCode, 0) << r.out;
    Png fromInstall = readPng(out);
    ASSERT_TRUE(fromInstall.ok());
    EXPECT_TRUE(fromInstall.rgb == fromBuild.rgb) << "installed binary draws other pixels";
}

// A Tiled map's import warnings are printed once, and they are the ones the window counts in
// its status note (as opening the map in the editor does): the screenshot used to print the
// headless import's list and show none in the window.
TEST_F(AppScreenshot, ImportWarningsArePrintedOnceAndCountedInTheWindow) {
    const std::string map = sourcePath("maps/tiled-platformer.tmx");
    CommandResult r = runTilestepInXvfb(
        shellQuote(map) + " --screenshot " + shellQuote(dir_ + "/x.png") + " --verbose",
        dir_ + "/cfg");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::istringstream err(r.err);
    std::set<std::string> seen;
    size_t lines = 0;
    for (std::string line; std::getline(err, line); ++lines) {
        EXPECT_EQ(line.find(map + ": warning: "), 0u) << line;
        EXPECT_TRUE(seen.insert(line).second) << "printed twice: " << line;
    }
    // The map has a point object tilestep skips (read off maps/tiled-platformer.tmx).
    EXPECT_NE(r.err.find("object 4 \"sign\" (point): skipped"), std::string::npos) << r.err;
    const std::string counted = std::to_string(lines) + (lines == 1 ? " warning" : " warnings");
    EXPECT_NE(r.out.find("message Imported " + map + " (collision layer \"collision\", " + counted +
                         ": View > Warnings)"),
              std::string::npos)
        << r.out;
}

TEST_F(AppScreenshot, BadMapExitsOneNamingTheFile) {
    std::string path = dir_ + "/broken.json";
    writeFile(path, "{ not a map");
    CommandResult r = runTilestepInXvfb(
        shellQuote(path) + " --screenshot " + shellQuote(dir_ + "/x.png"), dir_ + "/cfg");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("broken.json"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ + "/x.png"));
}

TEST_F(AppScreenshot, NoDisplayExitsOne) {
    std::string path = dir_ + "/m.json";
    saveMap(Map::blank(4, 4), path);
    std::string cmd = kGuiEnv + std::string("env -u DISPLAY -u WAYLAND_DISPLAY XDG_CONFIG_HOME=") +
                      dir_ + " " + shellQuote(TILESTEP_BINARY) + " " + path + " --screenshot " +
                      dir_ + "/x.png >/dev/null 2>" + dir_ + "/err";
    int status = std::system(cmd.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_NE(readFile(dir_ + "/err").find("cannot open a window"), std::string::npos)
        << readFile(dir_ + "/err");
}

TEST_F(AppScreenshot, BadFlagsAreUsageErrors) {
    CommandResult r = runTilestep("m.json --screenshot out.png --frames zero");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--frames"), std::string::npos) << r.err;
    r = runTilestep("--screenshot out.png");
    EXPECT_EQ(r.exitCode, 2);
}

}  // namespace
}  // namespace ts::test
