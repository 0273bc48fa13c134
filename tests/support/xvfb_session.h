// Helpers for the window tests: a private Xvfb server, running tilestep in the background,
// xdotool, and reading PNG screenshots. Header-only so the test CMake glue needs no change.
#pragma once
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#define STB_IMAGE_STATIC  // private copy: never clashes with libstb
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "bounded_wait.h"
#include "test_support.h"

namespace ts::test {

inline bool haveCommand(const std::string& name) {
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

// Mesa, GLX and GLFW keep allocations alive until exit, which LeakSanitizer would report as
// leaks of the GUI process under the ASan build; the core's own tests keep leak checking.
inline const char* kGuiEnv = "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 ";

inline void sleepMs(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

inline std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs tilestep with `args` under xvfb-run at 1280x800 (the editor's default window), with
// its settings in `configHome` so the user's own settings are never read or written.
inline CommandResult runTilestepInXvfb(const std::string& args, const std::string& configHome) {
    std::string dir = tempDir();
    std::string cmd = kGuiEnv + std::string("XDG_CONFIG_HOME=") + shellQuote(configHome) +
                      " xvfb-run -a -s '-screen 0 1280x800x24' " + shellQuote(TILESTEP_BINARY) +
                      " " + args + " >" + dir + "/out 2>" + dir + "/err </dev/null";
    int status = std::system(cmd.c_str());
    CommandResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(dir + "/out");
    r.err = readFile(dir + "/err");
    return r;
}

struct Png {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    bool ok() const { return width > 0; }
    // 0xRRGGBB of pixel (x, y), 0xff000000 outside.
    uint32_t at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return 0xff000000u;
        const unsigned char* p = &rgb[size_t(y * width + x) * 3];
        return uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
    }
};

inline Png readPng(const std::string& path) {
    Png png;
    int n = 0;
    unsigned char* data = stbi_load(path.c_str(), &png.width, &png.height, &n, 3);
    if (!data) return Png{};
    png.rgb.assign(data, data + size_t(png.width) * size_t(png.height) * 3);
    stbi_image_free(data);
    return png;
}

// Where `--verbose` says the map lands: window = x0 + map_px * zoom.
struct ViewLine {
    double x0 = 0, y0 = 0, zoom = 0;
    bool ok = false;
};
inline ViewLine parseViewLine(const std::string& out) {
    ViewLine v;
    auto at = out.rfind("view x0=");
    if (at == std::string::npos) return v;
    v.ok = std::sscanf(out.c_str() + at, "view x0=%lf y0=%lf zoom=%lf", &v.x0, &v.y0, &v.zoom) == 3;
    return v;
}

// A private X server for tests that send real input, so nothing reaches a desktop session.
// With `screenInFile`, it keeps its screen in DIR/Xvfb_screen0 (-fbdir), so a test can read
// what a user would see at any moment (screen()), not only a --screenshot at start-up.
class XvfbServer {
  public:
    explicit XvfbServer(bool screenInFile = false) {
        dir_ = tempDir();
        std::string cmd = "Xvfb -displayfd 3 -screen 0 1280x800x24 " +
                          (screenInFile ? "-fbdir " + dir_ + " " : std::string()) +
                          "-nolisten tcp 3>" + dir_ + "/display 2>" + dir_ + "/log & echo $! >" +
                          dir_ + "/pid";
        if (std::system(cmd.c_str()) != 0) return;
        for (int i = 0; i < 100 && display_.empty(); ++i) {
            sleepMs(100);
            std::string d = readFileAtMost(dir_ + "/display", 64);
            while (!d.empty() && (d.back() == '\n' || d.back() == ' ')) d.pop_back();
            if (!d.empty()) display_ = ":" + d;
        }
        pid_ = std::atoi(readFile(dir_ + "/pid").c_str());
    }
    ~XvfbServer() {
        if (pid_ > 0) kill(pid_, SIGTERM);
    }
    const std::string& display() const { return display_; }
    bool ok() const { return !display_.empty(); }

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

    // The screen once two reads 200 ms apart agree (up to 5 s): the editor redraws after
    // each input, more slowly under the sanitizers, and a read in between sees a frame on
    // its way.
    Png settledScreen() const {
        Png last = screen();
        for (int i = 0; i < 25; ++i) {
            sleepMs(200);
            Png now = screen();
            if (now.ok() && now.rgb == last.rgb) return now;
            last = std::move(now);
        }
        return last;
    }

  private:
    std::string dir_, display_;
    int pid_ = 0;
};

// Base fixture for window tests: skips when Xvfb or xdotool is missing, gives each test a
// fresh folder (dir_) and a private X server (server_).
class XvfbTest : public ::testing::Test {
  protected:
    // screenInFile: the server keeps its screen in a file, for tests that read pixels
    // (XvfbServer::screen, settledScreen); see XvfbScreenTest.
    explicit XvfbTest(bool screenInFile = false) : screenInFile_(screenInFile) {}
    void SetUp() override {
        if (!haveCommand("Xvfb") || !haveCommand("xdotool"))
            GTEST_SKIP() << "Xvfb or xdotool is not installed";
        dir_ = tempDir();
        server_ = std::make_unique<XvfbServer>(screenInFile_);
        ASSERT_TRUE(server_->ok()) << "Xvfb did not start";
    }

    std::string dir_;
    std::unique_ptr<XvfbServer> server_;

  private:
    bool screenInFile_;
};

// A window test that reads the screen's pixels.
class XvfbScreenTest : public XvfbTest {
  protected:
    XvfbScreenTest() : XvfbTest(true) {}
};

// tilestep running in the background on a test display. `extraEnv`: more NAME=VALUE words
// for its environment; `workDir`: its working directory (default: the test's).
class BackgroundTilestep {
  public:
    BackgroundTilestep(const std::string& display, const std::string& configHome,
                       const std::string& args, const std::string& extraEnv = "",
                       const std::string& workDir = "")
        : display_(display) {
        dir_ = tempDir();
        std::string cmd = (workDir.empty() ? "" : "cd " + shellQuote(workDir) + "; ") + kGuiEnv +
                          extraEnv + (extraEnv.empty() ? "" : " ") + std::string("DISPLAY=") +
                          display + " XDG_CONFIG_HOME=" + shellQuote(configHome) + " " +
                          shellQuote(TILESTEP_BINARY) + " " + args + " >" + dir_ + "/out 2>" +
                          dir_ + "/err </dev/null & echo $! >" + dir_ + "/pid";
        std::system(cmd.c_str());
        pid_ = std::atoi(readFile(dir_ + "/pid").c_str());
    }
    ~BackgroundTilestep() {
        if (!running()) return;
        kill(pid_, SIGKILL);
        // Gone before the next start, as after a real crash: until then it still holds its
        // recovery slot, and the next editor would take another one.
        int t = 0;
        for (; t < 10000 && !gone(); t += 10) sleepMs(10);
        if (t >= 10000)
            std::fprintf(stderr, "tilestep %d still had threads 10 s after SIGKILL\n", pid_);
    }
    bool running() const { return pid_ > 0 && kill(pid_, 0) == 0 && !zombie(); }
    void signal(int sig) const {
        if (pid_ > 0) kill(pid_, sig);
    }
    // Its stdout and stderr so far, at most test::kMaxWatchedFileBytes of each.
    std::string out() const { return readFileAtMost(dir_ + "/out"); }
    std::string err() const { return readFileAtMost(dir_ + "/err"); }
    // The files its stdout and stderr go to, for a bounded wait (bounded_wait.h).
    std::vector<std::string> logFiles() const { return {dir_ + "/out", dir_ + "/err"}; }
    // Waits until stdout holds `text`; false after `ms`, when it exits, or when its stdout
    // or stderr grows past test::kMaxWatchedFileBytes (a log line printed every frame).
    bool waitForOutput(const std::string& text, int ms) const {
        bool found = false;
        waitBounded(
            [&] {
                found = out().find(text) != std::string::npos;
                return found || !running();
            },
            logFiles(), kMaxWatchedFileBytes, ms, nullptr, 50);
        return found;
    }
    bool waitForExit(int ms) const {
        for (int t = 0; t < ms; t += 50) {
            if (!running()) return true;
            sleepMs(50);
        }
        return false;
    }
    // Runs `xdotool ARGS` on this display.
    int xdotool(const std::string& args) const {
        return std::system(("DISPLAY=" + display_ + " xdotool " + args).c_str());
    }
    std::string windowTitle() const {
        std::string file = dir_ + "/title";
        std::system(("DISPLAY=" + display_ + " xdotool search --name 'tilestep' getwindowname >" +
                     file + " 2>/dev/null")
                        .c_str());
        return readFile(file);
    }

  private:
    // A /proc stat file (of the process or one of its threads) says it has exited.
    static bool exitedStat(const std::string& stat) {
        auto close = stat.rfind(')');
        return stat.empty() || (close != std::string::npos && close + 2 < stat.size() &&
                                (stat[close + 2] == 'Z' || stat[close + 2] == 'X'));
    }
    // The shell started the process, so it is our grandchild: a zombie only until init reaps.
    bool zombie() const { return exitedStat(readFile("/proc/" + std::to_string(pid_) + "/stat")); }
    // Every thread has exited, so the files it had open (and their locks) are closed. A
    // killed process's main thread can be a zombie while its other threads (Mesa's) are still
    // exiting with the files open, so zombie() alone is not enough.
    bool gone() const {
        if (pid_ <= 0 || kill(pid_, 0) != 0) return true;
        std::error_code ec;
        const std::string tasks = "/proc/" + std::to_string(pid_) + "/task";
        for (const auto& t : std::filesystem::directory_iterator(tasks, ec))
            if (!exitedStat(readFile(t.path().string() + "/stat"))) return false;
        return true;
    }
    std::string display_, dir_;
    int pid_ = 0;
};

}  // namespace ts::test
