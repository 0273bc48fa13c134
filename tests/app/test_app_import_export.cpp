// File > Import... and File > Export... with real input under a private Xvfb (issue 10):
// Export writes a Tiled copy and leaves the document's own file, path and unsaved changes
// alone; Import opens a Tiled map as the document's file, which Ctrl+S writes back in place.
#include <filesystem>

#include "io/foreign_maps.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

// Positions at UI scale 1 in the 1280 x 800 window, read off screenshots: the File menu,
// then its items below Save as... (New, Open, Open recent, Save and Save as sit above).
constexpr int kFileMenuX = 24, kMenuY = 9;
constexpr int kItemX = 60, kImportY = 135, kExportY = 154;

using AppImportExport = AppDriver;

TEST_F(AppImportExport, ExportKeepsTheDocumentAndImportOpensTheTiledFileItself) {
    Map m = Map::blank(20, 12);
    start(m);
    if (HasFatalFailure()) return;
    const std::string saved = readFile(path_);

    // An unsaved edit, then File > Export... to .tmx.
    key("b");
    click(cellX(3), cellY(3));
    ASSERT_TRUE(waitForTitle("level.json *")) << app_->windowTitle();
    const std::string tmx = dir_ + "/copy.tmx";
    click(kFileMenuX, kMenuY);
    click(kItemX, kExportY);
    ASSERT_TRUE(waitForNewLine("dialog Export map", 0)) << app_->out();
    key("ctrl+a");
    type(tmx);
    key("Return");
    ASSERT_TRUE(waitUntil([&] { return fs::exists(tmx); }, 5000));
    // The document is still level.json with its unsaved change, its file not written.
    EXPECT_TRUE(waitForTitle("level.json *")) << app_->windowTitle();
    EXPECT_EQ(readFile(path_), saved);

    // Saved now: the Tiled copy holds the same map as the document.
    key("ctrl+s");
    ASSERT_TRUE(waitUntil([&] { return readFile(path_) != saved; }, 5000));
    const Map edited = loadMap(path_);
    EXPECT_FALSE(edited == m) << "the edit did not happen";
    EXPECT_TRUE(interop::importMapFile(tmx, {}, dir_).map == edited);
    const std::string exported = readFile(tmx);

    // File > Import... of the copy: the document is the copy, saved back in place.
    click(kFileMenuX, kMenuY);
    click(kItemX, kImportY);
    ASSERT_TRUE(waitForNewLine("dialog Import map", 0)) << app_->out();
    key("ctrl+a");
    type(tmx);
    key("Return");
    ASSERT_TRUE(waitForTitle("copy.tmx  (")) << app_->windowTitle();
    click(cellX(5), cellY(5));  // the brush, with the kind painted before
    ASSERT_TRUE(waitForTitle("copy.tmx *")) << app_->windowTitle();
    key("ctrl+s");
    ASSERT_TRUE(waitUntil([&] { return readFile(tmx) != exported; }, 5000));
    EXPECT_TRUE(waitForTitle("copy.tmx  (")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000)) << app_->err();
    Map want = edited;
    want.setTile(5, 5, edited.tile(3, 3));
    EXPECT_TRUE(interop::importMapFile(tmx, {}, dir_).map == want);
}

}  // namespace
}  // namespace ts::test
