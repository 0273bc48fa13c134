// `tilestep view`'s File > Save recording as... driven by keys (Ctrl+S, a typed path, Enter):
// the file saved is the recording shown, by `tilestep diff` against the trace it came from, in
// either form (.jsonl, .tstrace by the extension typed); during `view --listen` it holds the
// frames received so far and the recording goes on. The recordings are `tilestep run
// --probes` of maps/bomber.json (probe lines between the state lines). Beside it in the File
// menu of `view --listen`, Drive the game with an input log... reads a log for the game.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

#include "xvfb_session.h"

namespace ts::test {
namespace {

class AppViewSave : public XvfbTest {
  protected:
    void SetUp() override {
        XvfbTest::SetUp();
        if (IsSkipped() || HasFatalFailure()) return;
        writeFile(dir_ + "/keys.log", "30,R\n30,D\n40,R\n30,U\n100,L\n");
        CommandResult r =
            runTilestep("run " + shellQuote(sourcePath("maps/bomber.json")) + " --inputs " +
                        shellQuote(dir_ + "/keys.log") + " --frames 300 --probes --trace " +
                        shellQuote(dir_ + "/source.jsonl"));
        ASSERT_EQ(r.exitCode, 0) << r.err;
        source_ = readFile(dir_ + "/source.jsonl");
        ASSERT_NE(source_.find("\"probe\""), std::string::npos);
    }

    // Ctrl+S, the path typed over what the field holds, Enter; waits for the status note
    // ("message Saved N frames to PATH...") and returns N (-1: none within 15 s).
    int saveWithKeys(const BackgroundTilestep& app, const std::string& path) {
        const std::string note = "message Saved ";
        const size_t before = countOf(app.out(), note);
        app.xdotool("key ctrl+s");
        EXPECT_TRUE(app.waitForOutput("dialog Save recording as...", 10000)) << app.out();
        app.xdotool("sleep 0.3 key ctrl+a type --delay 15 " + shellQuote(path));
        app.xdotool("sleep 0.2 key Return");
        for (int t = 0; t < 15000 && countOf(app.out(), note) == before; t += 100) sleepMs(100);
        const std::string out = app.out();
        const size_t at = out.rfind(note);
        if (countOf(out, note) == before) return -1;
        EXPECT_NE(out.find(" frames to " + path, at), std::string::npos) << out;
        return std::atoi(out.c_str() + at + note.size());
    }
    static size_t countOf(const std::string& text, const std::string& what) {
        size_t n = 0;
        for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
            ++n;
        return n;
    }
    // The header and the lines of the first `frames` frames (frame numbers 0, 1, ...).
    std::string firstFrames(int frames) const {
        const std::string stop = "{\"frame\":" + std::to_string(frames) + ",";
        const size_t end = source_.find("\n" + stop);
        return end == std::string::npos ? source_ : source_.substr(0, end + 1);
    }
    void expectSameTrace(const std::string& a, const std::string& b) {
        CommandResult d = runTilestep("diff " + shellQuote(a) + " " + shellQuote(b));
        EXPECT_EQ(d.exitCode, 0) << a << " vs " << b << ": " << d.out << d.err;
    }

    std::string source_;
};

TEST_F(AppViewSave, SavesTheRecordingShownInEitherForm) {
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           "view " + shellQuote(sourcePath("maps/bomber.json")) + " " +
                               shellQuote(dir_ + "/source.jsonl") + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    // Keyboard focus follows the pointer without a window manager: park it on the canvas.
    app.xdotool("mousemove 400 300 sleep 0.3");
    EXPECT_EQ(saveWithKeys(app, dir_ + "/copy.tstrace"), 300);
    EXPECT_EQ(readFile(dir_ + "/copy.tstrace").substr(0, 8), std::string("tstrace\0", 8));
    expectSameTrace(dir_ + "/source.jsonl", dir_ + "/copy.tstrace");
    // No extension: JSON lines, the same bytes as `run` wrote.
    EXPECT_EQ(saveWithKeys(app, dir_ + "/copy"), 300);
    EXPECT_EQ(readFile(dir_ + "/copy.jsonl"), source_);
    expectSameTrace(dir_ + "/source.jsonl", dir_ + "/copy.jsonl");
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

TEST_F(AppViewSave, SavesALiveRecordingSoFarAndTheRecordingGoesOn) {
    const std::string sock = dir_ + "/game.sock";
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           "view " + shellQuote(sourcePath("maps/bomber.json")) + " --listen " +
                               shellQuote(sock) + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    // The game: this test, writing the source's lines to the socket.
    const int fd = connectUnixSocket(sock);
    ASSERT_GE(fd, 0) << "the window does not listen on " << sock;
    auto send = [&](const std::string& bytes) {
        for (size_t done = 0; done < bytes.size();) {
            const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
            ASSERT_GT(n, 0);
            done += size_t(n);
        }
    };
    const std::string first = firstFrames(100);
    send(first);
    // The window takes what arrived every 15 ms; a second is plenty, even under load.
    app.xdotool("mousemove 400 300 sleep 1");
    EXPECT_EQ(saveWithKeys(app, dir_ + "/so_far.jsonl"), 100);
    writeFile(dir_ + "/first100.jsonl", first);
    expectSameTrace(dir_ + "/first100.jsonl", dir_ + "/so_far.jsonl");
    EXPECT_NE(app.out().find(" (still recording)"), std::string::npos) << app.out();

    send(source_.substr(first.size()));
    close(fd);
    const WaitEnd ended =
        waitBounded([&] { return app.err().find("disconnected (300 frames") != std::string::npos; },
                    app.logFiles(), kMaxWatchedFileBytes, 15000, nullptr, 50);
    ASSERT_EQ(ended, WaitEnd::Ready) << app.err();
    EXPECT_EQ(saveWithKeys(app, dir_ + "/all.tstrace"), 300);
    expectSameTrace(dir_ + "/source.jsonl", dir_ + "/all.tstrace");
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

// File > Drive the game with an input log... (`--drive LOG` chosen in the window): the dialog
// takes a path, and the log is read for the next game (LiveFeed::driveFrom; test_live_control
// drives a game with it). The item's place at UI scale 1, read off the dialog each position
// opened: below Save recording as... and its separator. Return and Ctrl+Q arrive together:
// the frame after a field is left with Return must still take hotkeys (ImGui's WantTextInput
// lags a frame; CI once lost the Ctrl+Q that came just after the message).
TEST_F(AppViewSave, TheDriveItemReadsAnInputLogForTheGame) {
    const std::string log = dir_ + "/chosen.tas";
    writeFile(log, "2,L\n1,J\n");
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           "view " + shellQuote(sourcePath("maps/bomber.json")) + " --listen " +
                               shellQuote(dir_ + "/game.sock") + " --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    app.xdotool("mousemove 24 9 sleep 0.3 click 1 sleep 0.4 mousemove 60 56 sleep 0.3 click 1");
    ASSERT_TRUE(app.waitForOutput("dialog Drive the game with an input log...", 10000))
        << app.out();
    app.xdotool("sleep 0.3 key ctrl+a type --delay 15 " + shellQuote(log));
    app.xdotool("sleep 0.2 key --delay 0 Return ctrl+q");
    EXPECT_TRUE(app.waitForOutput(
        "message the next game to connect is driven with " + log + " (3 frames)", 10000))
        << app.out();
    EXPECT_TRUE(app.waitForExit(10000)) << app.out();
}

}  // namespace
}  // namespace ts::test
