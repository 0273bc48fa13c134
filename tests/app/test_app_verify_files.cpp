// The editor's file side with real input under a private Xvfb: the recovery copy of unsaved
// work and its offer at the next start, a broken map picked in the Open dialog (error shown,
// current map kept), unsaved changes asked about before opening, recent files, the settings
// folder ($XDG_CONFIG_HOME, else ~/.config; never the working directory) and the UI scale.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>

#include "edit/disk_watch.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

namespace fs = std::filesystem;

using AppFiles = AppDriver;

// Another process holds this slot lock (an editor alive, or one whose threads are still
// exiting).
bool slotHeld(const std::string& lock) {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
    const bool held = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) != 0;
    if (fd >= 0) ::close(fd);  // closing drops the lock taken here
    return held;
}

// The settings folder's recovery files, and which slot locks someone holds: why a start
// offered no copy (another editor still holding slot 0, or no copy there).
std::string recoverySlots(const std::string& dir) {
    std::string out = "\nsettings folder:";
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        out += " " + name;
        if (name.rfind("recovery-", 0) == 0 && e.path().extension() == ".lock")
            out += slotHeld(e.path().string()) ? " (held)" : " (free)";
    }
    return out;
}

// Map 20 x 12 with a floor, so a saved file that lost its content would not look blank.
Map floorMap() {
    Map m = Map::blank(20, 12);
    for (int x = 0; x < 20; ++x) m.setTile(x, 11, 1);
    return m;
}

// Positions at UI scale 1, read off screenshots of the 1280 x 800 window.
constexpr int kFileMenuX = 24, kMenuY = 9;  // "File" in the menu bar
constexpr int kOpenRecentY = 70;            // File > Open recent
constexpr int kRecentItemX = 300;           // the submenu, right of the File menu
constexpr int kRecentFirstY = 70, kRecentRowH = 18;
constexpr int kViewMenuX = 90, kUiScaleY = 105;                  // View > UI scale
constexpr int kScaleItemX = 245, kScale2xY = 177;                // UI scale > "2 x"
constexpr int kTilesetHeaderX = 1100, kTilesetHeaderY = 36;      // side panel's first section
constexpr int kMapResizeButtonX = 1120, kMapResizeButtonY = 82;  // below it when closed
// "Save the changes to b.json first?" [Save] [Discard changes] [Cancel], centred.
constexpr int kConfirmDiscardX = 628, kConfirmButtonsY = 418;

TEST_F(AppFiles, RecoveryCopyHoldsTheEditAndTheNextStartOffersIt) {
    const Map original = floorMap();
    start(original, "TILESTEP_RECOVERY_SECONDS=0.3");
    if (HasFatalFailure()) return;

    // R: rectangle of the default kind (1) over cells (2,2)..(4,3).
    key("r");
    drag({{cellX(2), cellY(2)}, {cellX(4), cellY(3)}});
    Map expected = original;
    for (int y = 2; y <= 3; ++y)
        for (int x = 2; x <= 4; ++x) expected.setTile(x, y, 1);

    // The copy appears within the (shortened) interval and holds exactly the edit.
    const std::string copy = settingsDir() + "/recovery.json";
    bool holdsEdit = waitUntil(
        [&] {
            try {
                return loadMap(copy) == expected;
            } catch (const std::exception&) {
                return false;  // not written yet
            }
        },
        10000);
    ASSERT_TRUE(holdsEdit) << "no recovery copy with the edit in " << settingsDir();
    // The map's path on the first line (what older editors read), then what the map file
    // held when opened: Save after recovering asks if another program changed it since.
    const std::string source = readFile(settingsDir() + "/recovery.txt");
    EXPECT_EQ(source.substr(0, source.find('\n') + 1), path_ + "\n");
    EXPECT_NE(
        source.find("\nfile=" + std::to_string(contentHash(readFile(path_))) + " " + path_ + "\n"),
        std::string::npos)
        << source;
    EXPECT_TRUE(loadMap(path_) == original) << "the map file itself must not change";

    // The editor dies (SIGKILL: no chance to clean up); the next start offers the copy.
    app_.reset();
    ASSERT_TRUE(fs::exists(copy));
    // The next start takes the lowest free slot: slot 0 must be free again (the lock goes
    // with the killed editor's last thread) for the start to find this copy.
    ASSERT_TRUE(waitUntil([&] { return !slotHeld(settingsDir() + "/recovery-0.lock"); }, 10000))
        << "the killed editor still holds its recovery slot" << recoverySlots(settingsDir());
    launch("", "TILESTEP_RECOVERY_SECONDS=0.3");
    if (HasFatalFailure()) return;
    ASSERT_TRUE(app_->waitForOutput("dialog Recover unsaved work", 5000))
        << app_->out() << app_->err() << recoverySlots(settingsDir());
    key("Return");  // Recover
    // The original file is reopened with the recovered map on top: unsaved, as the work was.
    ASSERT_TRUE(waitForTitle("level.json *")) << app_->windowTitle();
    saveAndQuit();
    if (HasFatalFailure()) return;
    EXPECT_TRUE(loadMap(path_) == expected);
    EXPECT_FALSE(fs::exists(copy)) << "saving must remove the recovery copy";
}

TEST_F(AppFiles, BrokenMapFromTheOpenDialogShowsItsErrorAndKeepsTheMap) {
    const Map original = floorMap();
    const std::string broken = dir_ + "/broken.json";
    writeFile(broken, "{\"format_version\": 1, \"tile_size\": 16, \"width\": 3");
    start(original);
    if (HasFatalFailure()) return;

    // An unsaved edit first: Ctrl+O must ask before it opens anything.
    key("b");
    click(cellX(1), cellY(1));
    size_t asked = countOf(app_->out(), "dialog Unsaved changes");
    key("ctrl+o");
    ASSERT_TRUE(waitForNewLine("dialog Unsaved changes", asked)) << app_->out();
    EXPECT_EQ(countOf(app_->out(), "dialog Open map"), 0u) << "opened without asking";
    key("Escape");  // Cancel: nothing happens
    key("ctrl+s");
    ASSERT_TRUE(waitForTitle("level.json  (")) << app_->windowTitle();

    // Clean now: Ctrl+O opens the dialog at once; its path field has the focus.
    key("ctrl+o");
    ASSERT_TRUE(waitForNewLine("dialog Open map", 0)) << app_->out();
    key("ctrl+a");
    type(broken);
    key("Return");
    ASSERT_TRUE(waitForNewLine("dialog Error", 0)) << app_->out();
    // The dialog shows core's MapError text; stderr repeats it.
    EXPECT_NE(app_->err().find(broken + ": invalid JSON"), std::string::npos) << app_->err();
    key("Return");  // OK

    // The current map and its path stay: one more stamp, then Ctrl+S writes level.json.
    EXPECT_NE(app_->windowTitle().find("level.json"), std::string::npos) << app_->windowTitle();
    click(cellX(2), cellY(1));
    saveAndQuit();
    if (HasFatalFailure()) return;
    Map expected = original;
    expected.setTile(1, 1, 1);
    expected.setTile(2, 1, 1);
    EXPECT_TRUE(loadMap(path_) == expected);
    EXPECT_EQ(readFile(broken), "{\"format_version\": 1, \"tile_size\": 16, \"width\": 3");
}

TEST_F(AppFiles, RecentFilesAndSettingsLiveInTheConfigFolderNotTheWorkingDirectory) {
    const std::string work = dir_ + "/work";
    fs::create_directories(work);
    const std::string a = dir_ + "/a.json", b = dir_ + "/b.json";
    const Map mapA = Map::blank(10, 6), mapB = floorMap();
    saveMap(mapA, a);
    saveMap(mapB, b);

    launch(shellQuote(a), "", work);
    if (HasFatalFailure()) return;
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    launch(shellQuote(b), "", work);
    if (HasFatalFailure()) return;
    // Most recent first, absolute paths.
    EXPECT_EQ(readFile(settingsDir() + "/settings.ini"), "recent=" + b + "\nrecent=" + a + "\n");

    // An unsaved edit, then File > Open recent > a.json: asked first; Discard opens it.
    key("b");
    click(cellX(3), cellY(3));
    click(kFileMenuX, kMenuY);
    pointAt(kFileMenuX + 20, kOpenRecentY);
    pointAt(kRecentItemX, kOpenRecentY);
    click(kRecentItemX, kRecentFirstY + kRecentRowH);  // second entry: a.json
    ASSERT_TRUE(waitForNewLine("dialog Unsaved changes", 0)) << app_->out();
    // "Discard changes" sits right of "Save" in the dialog centred on the window.
    click(kConfirmDiscardX, kConfirmButtonsY);
    ASSERT_TRUE(waitForTitle("a.json")) << app_->windowTitle();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    EXPECT_TRUE(loadMap(b) == mapB) << "discarded changes were written";
    EXPECT_EQ(readFile(settingsDir() + "/settings.ini"), "recent=" + a + "\nrecent=" + b + "\n");

    // ImGui's own file too; nothing in the working directory.
    EXPECT_TRUE(fs::exists(settingsDir() + "/imgui.ini"));
    EXPECT_TRUE(fs::is_empty(work)) << "files written to the working directory";

    // Without XDG_CONFIG_HOME the folder is ~/.config/tilestep.
    const std::string home = dir_ + "/home";
    config_ = "";
    launch(shellQuote(a), "HOME=" + shellQuote(home), work);
    if (HasFatalFailure()) return;
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    EXPECT_EQ(readFile(home + "/.config/tilestep/settings.ini"), "recent=" + a + "\n");
    EXPECT_TRUE(fs::is_empty(work));
}

TEST_F(AppFiles, UiScaleFromTheViewMenuIsSavedAndUsedAtTheNextStart) {
    start(floorMap());
    if (HasFatalFailure()) return;
    // Scale 1: the canvas starts right of the 112 px tool bar, under the 19 px menu bar.
    EXPECT_NE(app_->out().find("canvas=112,19,868,757"), std::string::npos) << app_->out();
    click(kViewMenuX, kMenuY);
    pointAt(kViewMenuX + 25, kUiScaleY);
    pointAt(kScaleItemX, kUiScaleY);
    click(kScaleItemX, kScale2xY);
    // Scale 2 doubles the bars (docs/editor.md): tool bar 224, menu 38, status 48, panel 600.
    ASSERT_TRUE(app_->waitForOutput("canvas=224,38,456,714", 5000)) << app_->out();
    EXPECT_EQ(readFile(settingsDir() + "/settings.ini"), "ui_scale=2\nrecent=" + path_ + "\n");
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));

    launch(shellQuote(path_));
    if (HasFatalFailure()) return;
    EXPECT_NE(app_->out().find("canvas=224,38,456,714"), std::string::npos) << app_->out();
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));
    // --scale wins over the saved setting.
    launch(shellQuote(path_) + " --scale 1");
    if (HasFatalFailure()) return;
    EXPECT_NE(app_->out().find("canvas=112,19,868,757"), std::string::npos) << app_->out();
}

TEST_F(AppFiles, CollapsedPanelSectionsStayCollapsedAtTheNextStart) {
    start(floorMap());
    if (HasFatalFailure()) return;
    click(kTilesetHeaderX, kTilesetHeaderY);
    const std::string ini = settingsDir() + "/settings.ini";
    ASSERT_TRUE(waitUntil(
        [&] { return readFile(ini).find("closed=Tileset\n") != std::string::npos; }, 5000))
        << readFile(ini);
    pointAt(500, 500);
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(10000));

    // With the Tileset section closed, the map inspector's Resize button moves up to y 82.
    launch(shellQuote(path_));
    if (HasFatalFailure()) return;
    click(kMapResizeButtonX, kMapResizeButtonY);
    EXPECT_TRUE(waitForNewLine("dialog Resize map", 0)) << app_->out();
}

}  // namespace
}  // namespace ts::test
