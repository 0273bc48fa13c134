// What the editor shows after a request arrives without other input appears at once, not at
// the next mouse move (issue 19): the idle loop waits for events, so a request that opens a
// dialog must keep it drawing until the dialog is up. The close request is the window
// manager's (WM_DELETE_WINDOW, sent here as a window manager does); the pointer stays still.
#include <gtest/gtest.h>

#include <X11/Xlib.h>
#include <dlfcn.h>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// Sends WM_DELETE_WINDOW to the tilestep window on `display`, as a window manager's close
// button does. libX11 is loaded at run time: the tests link no X library.
bool sendCloseRequest(const std::string& display, BackgroundTilestep& app, const std::string& dir) {
    app.xdotool("search --name tilestep > " + dir + "/wid");
    const unsigned long window = std::strtoul(readFile(dir + "/wid").c_str(), nullptr, 10);
    void* lib = dlopen("libX11.so.6", RTLD_NOW);
    if (!window || !lib) return false;
    auto open = reinterpret_cast<Display* (*)(const char*)>(dlsym(lib, "XOpenDisplay"));
    auto atom = reinterpret_cast<Atom (*)(Display*, const char*, Bool)>(dlsym(lib, "XInternAtom"));
    auto send = reinterpret_cast<Status (*)(Display*, Window, Bool, long, XEvent*)>(
        dlsym(lib, "XSendEvent"));
    auto flush = reinterpret_cast<int (*)(Display*)>(dlsym(lib, "XFlush"));
    auto close = reinterpret_cast<int (*)(Display*)>(dlsym(lib, "XCloseDisplay"));
    Display* d = open && atom && send && flush && close ? open(display.c_str()) : nullptr;
    if (!d) return false;
    XEvent e{};
    e.xclient.type = ClientMessage;
    e.xclient.window = window;
    e.xclient.message_type = atom(d, "WM_PROTOCOLS", False);
    e.xclient.format = 32;
    e.xclient.data.l[0] = long(atom(d, "WM_DELETE_WINDOW", False));
    e.xclient.data.l[1] = CurrentTime;
    const bool sent = send(d, window, False, NoEventMask, &e) != 0;
    flush(d);
    close(d);
    return sent;
}

size_t pixelsThatDiffer(const Png& a, const Png& b) {
    if (a.rgb.size() != b.rgb.size()) return SIZE_MAX;
    size_t n = 0;
    for (size_t i = 0; i + 2 < a.rgb.size(); i += 3)
        n += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
    return n;
}

class AppAtOnce : public XvfbScreenTest {};

TEST_F(AppAtOnce, TheUnsavedChangesDialogOfACloseRequestShowsWithoutInput) {
    const std::string path = dir_ + "/level.json";
    saveMap(Map::blank(20, 12), path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg", shellQuote(path) + " --verbose",
                           "TILESTEP_RECOVERY_SECONDS=3600");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const ViewLine v = parseViewLine(app.out());
    ASSERT_TRUE(v.ok);
    // One stamp (the Stamp tool is selected at start): unsaved changes.
    const int x = int(v.x0 + 5.5 * 16 * v.zoom), y = int(v.y0 + 5.5 * 16 * v.zoom);
    app.xdotool("mousemove " + std::to_string(x) + " " + std::to_string(y) +
                " sleep 0.2 click 1 sleep 0.3");
    ASSERT_NE(app.windowTitle().find('*'), std::string::npos) << app.windowTitle();
    sleepMs(7500);  // idle: the "Opened" note (6 s) and the settling frames are over
    const Png before = server_->settledScreen();
    ASSERT_TRUE(sendCloseRequest(server_->display(), app, dir_));
    ASSERT_TRUE(app.waitForOutput("dialog Unsaved changes", 5000)) << app.out();
    const Png after = server_->settledScreen();
    // The dialog: a few hundred by a hundred pixels (nothing else changes without input).
    EXPECT_GT(pixelsThatDiffer(before, after), 10000u);
    EXPECT_TRUE(app.running());
}

}  // namespace
}  // namespace ts::test
