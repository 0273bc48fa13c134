// `tilestep view MAP --listen`: the window draws the frames as they arrive, with nobody
// touching the mouse or the keyboard (it used to wait for input while the game sent, showing
// the timeline as it was). The game is this test, writing a hand-made trace to the socket.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

#include "xvfb_session.h"

namespace ts::test {
namespace {

std::string frames(int from, int to) {
    std::string t;
    for (int f = from; f < to; ++f)
        t += "{\"frame\":" + std::to_string(f) +
             ",\"actor\":\"walker\",\"x\":" + std::to_string(40 + f) + ",\"y\":40}\n";
    return t;
}

class AppViewLiveRedraw : public XvfbScreenTest {};

TEST_F(AppViewLiveRedraw, TheWindowShowsFramesAsTheyArriveWithoutInput) {
    const std::string sock = dir_ + "/game.sock";
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           "view " + shellQuote(sourcePath("maps/bomber.json")) + " --listen " +
                               shellQuote(sock) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    const int fd = connectUnixSocket(sock);
    ASSERT_GE(fd, 0) << "the window does not listen on " << sock;
    auto send = [&](const std::string& bytes) {
        ASSERT_EQ(write(fd, bytes.data(), bytes.size()), ssize_t(bytes.size()));
    };
    send(
        "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"walker\","
        "\"w\":16,\"h\":16}]}\n" +
        frames(0, 100));
    const Png first = server_->settledScreen();
    send(frames(100, 200));
    // A second for the window to take them (it polls every 15 ms); then no further change.
    sleepMs(1000);
    const Png later = server_->settledScreen();
    ASSERT_TRUE(first.ok() && later.ok());
    EXPECT_FALSE(first.rgb == later.rgb) << "the window still shows the first 100 frames";
    close(fd);
}

}  // namespace
}  // namespace ts::test
