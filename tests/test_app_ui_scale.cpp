// UI scale changes in a running editor, seen on screen: a private Xvfb server that keeps its
// screen in a file (-fbdir, XWD format), so the test reads what a user would see at any
// moment, not only a --screenshot at start-up. Menu positions are those of the 1280 x 800
// window with DejaVu Sans at scale 1 and 2 (the View menu, UI scale, then a scale).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// An Xvfb server writing its screen to DIR/Xvfb_screen0.
class FramebufferServer {
  public:
    FramebufferServer() {
        dir_ = tempDir();
        std::string cmd = "Xvfb -displayfd 3 -screen 0 1280x800x24 -fbdir " + dir_ +
                          " -nolisten tcp 3>" + dir_ + "/display 2>" + dir_ + "/log & echo $! >" +
                          dir_ + "/pid";
        if (std::system(cmd.c_str()) != 0) return;
        for (int i = 0; i < 100 && display_.empty(); ++i) {
            sleepMs(100);
            std::string d = readFile(dir_ + "/display");
            while (!d.empty() && (d.back() == '\n' || d.back() == ' ')) d.pop_back();
            if (!d.empty()) display_ = ":" + d;
        }
        pid_ = std::atoi(readFile(dir_ + "/pid").c_str());
    }
    ~FramebufferServer() {
        if (pid_ > 0) kill(pid_, SIGTERM);
    }
    const std::string& display() const { return display_; }

    // The screen now as 0xRRGGBB rows (XWD: big-endian header, then 32-bit BGRX pixels).
    Png screen() const {
        std::ifstream in(dir_ + "/Xvfb_screen0", std::ios::binary);
        std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        Png png;
        if (data.size() < 100) return png;
        auto field = [&](int i) {
            const unsigned char* p = reinterpret_cast<const unsigned char*>(data.data()) + 4 * i;
            return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
        };
        const uint32_t headerSize = field(0), width = field(4), height = field(5);
        const uint32_t bitsPerPixel = field(11), bytesPerLine = field(12), colours = field(19);
        const size_t start = headerSize + size_t(colours) * 12;
        if (bitsPerPixel != 32 || data.size() < start + size_t(bytesPerLine) * height) return png;
        png.width = int(width);
        png.height = int(height);
        png.rgb.resize(size_t(width) * height * 3);
        for (uint32_t y = 0; y < height; ++y)
            for (uint32_t x = 0; x < width; ++x) {
                const char* p = data.data() + start + size_t(y) * bytesPerLine + 4 * x;
                unsigned char* q = &png.rgb[(size_t(y) * width + x) * 3];
                q[0] = uint8_t(p[2]);
                q[1] = uint8_t(p[1]);
                q[2] = uint8_t(p[0]);
            }
        return png;
    }

  private:
    std::string dir_, display_;
    int pid_ = 0;
};

// Pixels that differ in rows [0, rows).
size_t differingPixels(const Png& a, const Png& b, int rows) {
    if (a.width != b.width || a.height != b.height) return size_t(-1);
    size_t n = 0;
    for (int y = 0; y < rows && y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) n += a.at(x, y) != b.at(x, y);
    return n;
}

class AppUiScale : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!haveCommand("Xvfb") || !haveCommand("xdotool"))
            GTEST_SKIP() << "Xvfb or xdotool is not installed";
        dir_ = tempDir();
        server_ = std::make_unique<FramebufferServer>();
        ASSERT_FALSE(server_->display().empty()) << "Xvfb did not start";
    }
    std::string dir_;
    std::unique_ptr<FramebufferServer> server_;
};

// Scale 1 -> 2 -> 1 must look exactly like scale 1 did at the start (the status bar, with
// its fading "Opened" note, aside). The style used to be scaled on top of the previous
// scale's sizes, so padding piled up with each change and labels were cut.
TEST_F(AppUiScale, BackToTheFirstScaleLooksTheSame) {
    Map m = Map::blank(20, 12);
    const std::string path = dir_ + "/level.json";
    saveMap(m, path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(path) + " --verbose --scale 1");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const std::string park = "mousemove 640 600 sleep 0.6";
    app.xdotool(park);
    const Png before = server_->screen();
    ASSERT_TRUE(before.ok());
    // View > UI scale > 2 x, then (at scale 2) View > UI scale > 1 x.
    app.xdotool(
        "mousemove 90 9 sleep 0.2 click 1 sleep 0.3 mousemove 100 105 sleep 0.4 "
        "mousemove 220 105 sleep 0.2 mousemove 220 177 sleep 0.3 click 1 sleep 0.6");
    app.xdotool(
        "mousemove 180 19 sleep 0.2 click 1 sleep 0.3 mousemove 200 211 sleep 0.4 "
        "mousemove 440 211 sleep 0.3 click 1 sleep 0.6");
    app.xdotool(park);
    const Png after = server_->screen();
    EXPECT_EQ(differingPixels(before, after, 770), 0u);
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
