// `tilestep record --listen ADDR OUT`: a game streams its trace over TCP or a Unix socket.
// The games here are the C reference example (examples/emitters/c/walk.c, whose trace written
// to a file is the expected recording) and raw sockets sending lines written by hand.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <thread>

#include "test_support.h"
#include "cli/trace_listener.h"
#include "cli/websocket_reader.h"

namespace ts {
namespace {

using test::readFile;

const std::string kHeader = "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60}\n";
const std::string kLine0 = "{\"frame\":0,\"actor\":\"hero\",\"x\":1,\"y\":2}\n";

// `tilestep record` as a child process, its stderr read until it says where it listens.
struct Recorder {
    pid_t pid = -1;
    int errFd = -1;
    std::string err, out, where;
    std::string outFile;

    void start(const std::vector<std::string>& args) {
        int pipeFds[2];
        ASSERT_EQ(pipe(pipeFds), 0);
        outFile = test::tempDir() + "/stdout.txt";
        pid = fork();
        if (pid == 0) {
            dup2(pipeFds[1], 2);
            const int o = open(outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(o, 1);
            std::vector<char*> argv;
            std::string bin = TILESTEP_BINARY;
            argv.push_back(bin.data());
            std::string cmd = "record";
            argv.push_back(cmd.data());
            std::vector<std::string> copy = args;
            for (std::string& a : copy) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(bin.c_str(), argv.data());
            _exit(127);
        }
        close(pipeFds[1]);
        errFd = pipeFds[0];
        // Up to 10 s for the "listening on ADDR" line.
        while (err.find('\n') == std::string::npos && readSome(10000)) {
        }
        std::smatch m;
        if (std::regex_search(err, m, std::regex("listening on (\\S+)"))) where = m[1];
    }
    bool readSome(int waitMs) {
        pollfd p{errFd, POLLIN, 0};
        if (poll(&p, 1, waitMs) <= 0) return false;
        char buf[4096];
        const ssize_t n = read(errFd, buf, sizeof buf);
        if (n <= 0) return false;
        err.append(buf, size_t(n));
        return true;
    }
    int port() const { return std::stoi(where.substr(where.rfind(':') + 1)); }
    // The exit code; the recorder is killed (and the test fails) after 30 s.
    int finish() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        int status = 0;
        for (;;) {
            readSome(50);
            if (waitpid(pid, &status, WNOHANG) == pid) break;
            if (std::chrono::steady_clock::now() > deadline) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                ADD_FAILURE() << "record did not end within 30 s";
                break;
            }
        }
        while (readSome(0)) {
        }
        close(errFd);
        out = readFile(outFile);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
};

int connectTcp(int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(connect(fd, (sockaddr*)&a, sizeof a), 0);
    return fd;
}

void sendAll(int fd, const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n <= 0) return;  // the recorder hung up (the flood tests)
        done += size_t(n);
    }
}

struct CliRecord : ::testing::Test {
    std::string dir = test::tempDir();
    std::string outPath = dir + "/rec.jsonl";
    Recorder rec;

    // Records what one raw client sends, then closes; the recorder's exit code.
    int recordRaw(const std::string& bytes, std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"--listen", "127.0.0.1:0", outPath, "--wait", "20"};
        args.insert(args.end(), extra.begin(), extra.end());
        rec.start(args);
        EXPECT_FALSE(rec.where.empty()) << rec.err;
        if (rec.where.empty()) return -1;
        const int fd = connectTcp(rec.port());
        sendAll(fd, bytes);
        close(fd);
        return rec.finish();
    }
};

std::string walkToFile(const std::string& path) {
    auto r = test::runShell("env TILESTEP_TRACE=" + path + " " + EMITTER_WALK_C);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return readFile(path);
}

TEST_F(CliRecord, TheCExampleOverTcpRecordsWhatItWritesToAFile) {
    const std::string expected = walkToFile(dir + "/walk.jsonl");
    ASSERT_GT(expected.size(), 100000u);  // 600 frames, ~1800 lines
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_TRUE(std::regex_match(rec.where, std::regex("127\\.0\\.0\\.1:[0-9]+"))) << rec.err;
    auto game = test::runShell("env TILESTEP_TRACE=tcp://" + rec.where + " " + EMITTER_WALK_C);
    EXPECT_EQ(game.exitCode, 0) << game.err;
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_TRUE(readFile(outPath) == expected);
    EXPECT_EQ(rec.out, "recorded " + outPath + ": 600 frames, 1 actors, 1811 lines\n");
}

TEST_F(CliRecord, TheCExampleOverAUnixSocket) {
    const std::string expected = walkToFile(dir + "/walk.jsonl");
    const std::string sock = dir + "/game.sock";
    rec.start({"--listen", sock, outPath, "--wait", "20"});
    ASSERT_EQ(rec.where, sock) << rec.err;
    auto game = test::runShell("env TILESTEP_TRACE=unix:" + sock + " " + EMITTER_WALK_C);
    EXPECT_EQ(game.exitCode, 0) << game.err;
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_TRUE(readFile(outPath) == expected);
    EXPECT_NE(access(sock.c_str(), F_OK), 0) << "the socket file is removed";
}

TEST_F(CliRecord, AViewerThatGoesAwayFailsTheTraceNeverTheGame) {
    // The recorder drops the game past 2000 bytes, a second into its 200 frames.
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20", "--max-bytes", "2000"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    auto game =
        test::runShell("env TILESTEP_TRACE=tcp://" + rec.where + " " + TRACE_EMIT_SLOW_GAME);
    // ts_trace_close says -1 (the game exits 1); no SIGPIPE ends it (the shell would say 141).
    EXPECT_EQ(game.exitCode, 1) << game.err;
    EXPECT_EQ(rec.finish(), 1);
    EXPECT_NE(rec.err.find("more than 2000 bytes"), std::string::npos) << rec.err;
}

// It says so, tries again (docs/emitters.md: a viewer may appear while it runs) and at its
// end says that it was not traced.
TEST_F(CliRecord, AGameWithoutAListenerGoesOnWithoutTracing) {
    const std::string sock = dir + "/nobody.sock";
    auto game = test::runShell("env TILESTEP_TRACE=unix:" + sock + " " + EMITTER_WALK_C);
    EXPECT_EQ(game.exitCode, 1);
    EXPECT_NE(game.err.find("tilestep: nothing listening at unix:" + sock + " yet; trying again"),
              std::string::npos)
        << game.err;
    EXPECT_NE(
        game.err.find("tilestep: nothing listened at unix:" + sock + "; this game is not traced"),
        std::string::npos)
        << game.err;
}

TEST_F(CliRecord, GarbageNamesTheGameAndTheLineAndKeepsTheLinesBefore) {
    EXPECT_EQ(recordRaw(kHeader + kLine0 + "garbage\n"), 1);
    EXPECT_TRUE(std::regex_search(rec.err, std::regex("game at 127\\.0\\.0\\.1:[0-9]+: line 3: ")))
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
}

// A level restart (frame 0 again, or a new header) is a new segment saved to OUT-2, OUT-3, made
// exclusively: an OUT-2 already there is skipped, never replaced.
TEST_F(CliRecord, RestartsAreSegmentsSavedBesideOut) {
    test::writeFile(dir + "/rec-2.jsonl", "someone else's\n");
    const std::string header2 = "{\"tilestep_trace\":1,\"tile_size\":8}\n";
    const std::string line1 = "{\"frame\":1,\"actor\":\"hero\",\"x\":3,\"y\":2}\n";
    EXPECT_EQ(recordRaw(kHeader + kLine0 + line1 + kLine0 + header2 + kLine0), 0) << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0 + line1);
    EXPECT_EQ(readFile(dir + "/rec-2.jsonl"), "someone else's\n");
    EXPECT_EQ(readFile(dir + "/rec-3.jsonl"), kHeader + kLine0);  // the header repeated
    EXPECT_EQ(readFile(dir + "/rec-4.jsonl"), header2 + kLine0);
    EXPECT_NE(rec.err.find("restarted: recording to " + dir + "/rec-3.jsonl"), std::string::npos)
        << rec.err;
}

// A NaN (Python's json) or inf (Lua) is a warning on that field, left out of its line: the
// recording goes on and the file holds valid lines (a string "inf" is no number).
TEST_F(CliRecord, ANanIsAWarningOnItsFieldNotTheEnd) {
    const std::string nan =
        "{\"frame\":1,\"actor\":\"hero\",\"x\":1,\"y\":2,\"vx\":NaN,\"name\":\"inf\"}\n";
    const std::string inf = "{\"frame\":2,\"actor\":\"hero\",\"x\":1,\"y\":2,\"vx\":-inf}\n";
    EXPECT_EQ(recordRaw(kHeader + kLine0 + nan + inf), 0) << rec.err;
    EXPECT_EQ(readFile(outPath),
              kHeader + kLine0 +
                  "{\"frame\":1,\"actor\":\"hero\",\"x\":1,\"y\":2,\"name\":\"inf\"}\n" +
                  "{\"frame\":2,\"actor\":\"hero\",\"x\":1,\"y\":2}\n");
    EXPECT_NE(rec.err.find("warning: game at 127.0.0.1:"), std::string::npos) << rec.err;
    EXPECT_NE(rec.err.find(": line 3: field \"vx\": not a number"), std::string::npos) << rec.err;
    EXPECT_NE(rec.err.find(": line 4: field \"vx\": not a number"), std::string::npos) << rec.err;
}

TEST_F(CliRecord, ABadFieldIsNamed) {
    EXPECT_EQ(recordRaw(kHeader + "{\"frame\":0,\"actor\":\"hero\",\"x\":\"left\",\"y\":2}\n"), 1);
    EXPECT_NE(rec.err.find(": line 2: field \"x\": expected a number, found a string"),
              std::string::npos)
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader);
}

TEST_F(CliRecord, AHalfLineAtTheEnd) {
    EXPECT_EQ(recordRaw(kHeader + kLine0 + "{\"frame\":1,\"act"), 1);
    EXPECT_NE(rec.err.find(": line 3: the game disconnected 15 bytes into the line"),
              std::string::npos)
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
}

TEST_F(CliRecord, AStalledGameIsDroppedAfterTheIdleTimeout) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20", "--idle-timeout", "1"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int fd = connectTcp(rec.port());
    sendAll(fd, kHeader + "{\"frame\":0,");  // then nothing, connection kept open
    EXPECT_EQ(rec.finish(), 1);
    close(fd);
    EXPECT_NE(rec.err.find(": no data for 1 s (a stalled game; --idle-timeout)"), std::string::npos)
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader);
}

TEST_F(CliRecord, AnEndlessLineIsCutAtTheLineLimit) {
    EXPECT_EQ(recordRaw(kHeader + std::string(3 << 20, 'x')), 1);
    EXPECT_NE(rec.err.find(": line 2: longer than 1048576 bytes"), std::string::npos) << rec.err;
}

TEST_F(CliRecord, AFloodOfLinesStopsAtMaxBytes) {
    std::string flood = kHeader;
    for (int f = 0; f < 20000; ++f)
        flood += "{\"frame\":" + std::to_string(f) + ",\"actor\":\"hero\",\"x\":1,\"y\":2}\n";
    EXPECT_EQ(recordRaw(flood, {"--max-bytes", "10000"}), 1);
    EXPECT_NE(rec.err.find(": more than 10000 bytes"), std::string::npos) << rec.err;
}

TEST_F(CliRecord, AnHttpRequestThatIsNoWebSocketUpgradeIsRefused) {
    EXPECT_EQ(recordRaw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 1);
    EXPECT_TRUE(std::regex_search(
        rec.err,
        std::regex("game at 127\\.0\\.0\\.1:[0-9]+ \\(WebSocket\\): WebSocket handshake failed")))
        << rec.err;
}

TEST_F(CliRecord, ASecondGameIsRefusedWhileOneIsRecorded) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int first = connectTcp(rec.port());
    sendAll(first, kHeader);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const int second = connectTcp(rec.port());
    sendAll(second, kHeader);
    std::string refused;
    char buf[256];
    pollfd p{second, POLLIN, 0};
    while (poll(&p, 1, 10000) > 0) {
        const ssize_t n = read(second, buf, sizeof buf);
        if (n <= 0) break;
        refused.append(buf, size_t(n));
    }
    close(second);
    EXPECT_NE(refused.find("tilestep: busy: recording the game at 127.0.0.1:"), std::string::npos)
        << refused;
    sendAll(first, kLine0);
    close(first);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
    // record says it too.
    EXPECT_NE(rec.err.find("tilestep record: turned away the game at 127.0.0.1:"),
              std::string::npos)
        << rec.err;
}

TEST_F(CliRecord, CtrlCWhileAGameIsConnectedSavesWhatArrived) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int fd = connectTcp(rec.port());
    sendAll(fd, kHeader + kLine0 + "{\"frame\":1");  // then the game keeps the line open
    while (rec.err.find("recording the game") == std::string::npos && rec.readSome(10000)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(rec.pid, SIGINT);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    close(fd);
    EXPECT_NE(rec.err.find("stopped while the game at 127.0.0.1:"), std::string::npos) << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
}

TEST_F(CliRecord, NoGameWithinWait) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "1"});
    EXPECT_EQ(rec.finish(), 1);
    EXPECT_NE(rec.err.find("no game connected to 127.0.0.1:"), std::string::npos) << rec.err;
    EXPECT_NE(access(outPath.c_str(), F_OK), 0);
}

TEST_F(CliRecord, BadCommandLines) {
    EXPECT_EQ(test::runTilestep("record " + outPath).exitCode, 2);
    EXPECT_EQ(test::runTilestep("record --listen nonsense " + outPath).exitCode, 2);
    EXPECT_EQ(test::runTilestep("record --listen 127.0.0.1:70000 " + outPath).exitCode, 2);
    auto r = test::runTilestep("record --listen " + dir + "/s.sock " + dir + "/s.sock");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("OUT " + dir + "/s.sock is the same file as --listen " + dir + "/s.sock"),
              std::string::npos)
        << r.err;
    test::writeFile(dir + "/plain", "x");
    r = test::runTilestep("record --listen " + dir + "/plain " + outPath + " --wait 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("exists and is not a socket"), std::string::npos) << r.err;
    EXPECT_EQ(readFile(dir + "/plain"), "x");
}

// The socket file is an output: OUT naming it by another spelling (./, a link, a folder link)
// would be saved over the socket, then removed with it. Refused before listening.
TEST_F(CliRecord, OutThatIsTheSocketPathByAnySpellingIsRefused) {
    std::filesystem::create_directory_symlink(dir, dir + "/again");
    std::filesystem::create_symlink("s.sock", dir + "/link.jsonl");
    for (const std::string& outSpelling :
         {std::string("s.sock"), dir + "/s.sock", std::string("again/s.sock"),
          std::string("link.jsonl")}) {
        auto r = test::runShell("cd '" + dir + "' && '" + TILESTEP_BINARY +
                                "' record --listen ./s.sock '" + outSpelling + "' --wait 1");
        EXPECT_EQ(r.exitCode, 2) << outSpelling << ": " << r.err;
        EXPECT_NE(r.err.find("is the same file as --listen ./s.sock: "), std::string::npos)
            << r.err;
        EXPECT_EQ(r.err.find("listening on"), std::string::npos) << r.err;
        EXPECT_FALSE(std::filesystem::exists(dir + "/s.sock"));
    }
}

// The listener removes the socket file it made, and nothing else put at its path meanwhile.
TEST_F(CliRecord, OnlyItsOwnSocketFileIsRemoved) {
    const std::string sock = dir + "/game.sock";
    rec.start({"--listen", sock, outPath, "--wait", "20"});
    ASSERT_EQ(rec.where, sock) << rec.err;
    test::writeFile(dir + "/other", "someone's file");
    ASSERT_EQ(rename((dir + "/other").c_str(), sock.c_str()), 0);
    // Its Ctrl+C handler is set just after the "listening on" line.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(rec.pid, SIGINT);
    EXPECT_EQ(rec.finish(), 1) << rec.err;
    EXPECT_EQ(readFile(sock), "someone's file");
}

// OUT's folder is checked before listening, not when the game has been played.
TEST_F(CliRecord, AnOutThatCannotBeWrittenIsRefusedBeforeListening) {
    auto r =
        test::runTilestep("record --listen 127.0.0.1:0 " + dir + "/missing/rec.jsonl --wait 1");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.find("listening on"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(dir + "/missing/rec.jsonl: cannot create a temporary file"),
              std::string::npos)
        << r.err;
}

// A launcher's port check (`nc -z`: connect, close) is no game: record waits on for the real
// one, and OUT holds that game alone. A check alone leaves an older OUT as it was.
TEST_F(CliRecord, APortCheckIsNoGame) {
    test::writeFile(outPath, "an older recording\n");
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    for (int i = 0; i < 3; ++i) close(connectTcp(rec.port()));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(readFile(outPath), "an older recording\n");
    const int fd = connectTcp(rec.port());
    sendAll(fd, kHeader + kLine0);
    close(fd);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
    EXPECT_EQ(rec.out, "recorded " + outPath + ": 1 frames, 1 actors, 2 lines\n");

    Recorder probed;
    test::writeFile(outPath, "an older recording\n");
    probed.start({"--listen", "127.0.0.1:0", outPath, "--wait", "2"});
    ASSERT_FALSE(probed.where.empty()) << probed.err;
    close(connectTcp(probed.port()));
    EXPECT_EQ(probed.finish(), 1);
    EXPECT_NE(probed.err.find("no game connected to "), std::string::npos) << probed.err;
    EXPECT_EQ(readFile(outPath), "an older recording\n");
}

// A browser's WebSocket, by hand: the upgrade request, then one client frame (mask of zeros).
std::string upgradeRequest(const std::string& host, const std::string& origin) {
    return "GET / HTTP/1.1\r\nHost: " + host +
           "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
           (origin.empty() ? "" : "Origin: " + origin + "\r\n") + "\r\n";
}
std::string clientFrame(int opcode, const std::string& payload) {
    std::string f(1, char(0x80 | opcode));
    if (payload.size() < 126) {
        f += char(0x80 | payload.size());
    } else {
        f += char(0x80 | 126);
        f += char(payload.size() >> 8);
        f += char(payload.size() & 0xff);
    }
    return f + std::string(4, '\0') + payload;
}
// What the recorder answered, up to its first blank line (the HTTP response head).
std::string responseHead(int fd) {
    std::string got;
    char c;
    pollfd p{fd, POLLIN, 0};
    while (got.find("\r\n\r\n") == std::string::npos && poll(&p, 1, 10000) > 0 &&
           read(fd, &c, 1) == 1)
        got += c;
    return got;
}
std::string readRest(int fd) {
    std::string got;
    char buf[512];
    pollfd p{fd, POLLIN, 0};
    while (poll(&p, 1, 10000) > 0) {
        const ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) break;
        got.append(buf, size_t(n));
    }
    return got;
}

// Any web page open in the developer's browser could take the game slot: a page's WebSocket
// is refused (HTTP 403, naming the origin and the flag), nothing is recorded, and record
// waits on for the game.
TEST_F(CliRecord, AWebPagesWebSocketIsRefused) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int page = connectTcp(rec.port());
    sendAll(page, upgradeRequest(rec.where, "http://evil.example"));
    const std::string head = responseHead(page);
    EXPECT_EQ(head.rfind("HTTP/1.1 403 ", 0), 0u) << head;
    sendAll(page, clientFrame(1, kHeader + kLine0));
    const std::string body = readRest(page);
    EXPECT_NE(body.find("refused a WebSocket from the web page at http://evil.example"),
              std::string::npos)
        << body;
    EXPECT_NE(body.find("--allow-origin http://evil.example"), std::string::npos) << body;
    close(page);
    EXPECT_FALSE(std::filesystem::exists(outPath));
    const std::string line1 = "{\"frame\":1,\"actor\":\"hero\",\"x\":3,\"y\":2}\n";
    const int game = connectTcp(rec.port());
    sendAll(game, kHeader + line1);
    close(game);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_NE(rec.err.find("tilestep record: game at 127.0.0.1:"), std::string::npos) << rec.err;
    EXPECT_NE(rec.err.find("refused a WebSocket from the web page at http://evil.example"),
              std::string::npos)
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + line1);
}

// A page the user names with --allow-origin is taken; so is a local file's page ("null").
TEST_F(CliRecord, AnAllowedOriginsWebSocketIsRecorded) {
    for (const std::string origin : {"http://localhost:8000", "null"}) {
        Recorder r;
        r.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20", "--allow-origin",
                 "http://localhost:8000"});
        ASSERT_FALSE(r.where.empty()) << r.err;
        const int page = connectTcp(r.port());
        sendAll(page, upgradeRequest("localhost:" + std::to_string(r.port()), origin));
        const std::string head = responseHead(page);
        EXPECT_EQ(head.rfind("HTTP/1.1 101 ", 0), 0u) << origin << ": " << head;
        sendAll(page, clientFrame(1, kHeader + kLine0) + clientFrame(8, ""));
        readRest(page);
        close(page);
        EXPECT_EQ(r.finish(), 0) << origin << ": " << r.err;
        EXPECT_EQ(readFile(outPath), kHeader + kLine0) << origin;
        std::remove(outPath.c_str());
    }
}

// DNS rebinding: a page whose own name now points at 127.0.0.1 sends that name as the Host.
TEST_F(CliRecord, AWebSocketForAnotherHostIsRefused) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "2"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int page = connectTcp(rec.port());
    sendAll(page, upgradeRequest("rebound.example:" + std::to_string(rec.port()), ""));
    const std::string head = responseHead(page);
    EXPECT_EQ(head.rfind("HTTP/1.1 403 ", 0), 0u) << head;
    close(page);
    EXPECT_EQ(rec.finish(), 1);
    EXPECT_NE(rec.err.find("refused a WebSocket for the host 'rebound.example:"), std::string::npos)
        << rec.err;
    EXPECT_FALSE(std::filesystem::exists(outPath));
}

// A connection that stays open and sends nothing (a launcher's socket left open, a stuck
// client) is no game: it gives the slot back after --idle-timeout (at most 10 s), with a line
// saying so, and record waits on for the game.
TEST_F(CliRecord, ASilentConnectionGivesTheSlotBack) {
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20", "--idle-timeout", "1"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int silent = connectTcp(rec.port());
    while (rec.err.find("after connecting") == std::string::npos && rec.readSome(10000)) {
    }
    EXPECT_NE(rec.err.find(": sent nothing for 1 s after connecting: no game"), std::string::npos)
        << rec.err;
    const int game = connectTcp(rec.port());
    sendAll(game, kHeader + kLine0);
    close(game);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    close(silent);
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
}

// With --idle-timeout 0 (a game may be silent for ever once it sent a byte) a connection that
// never sends one still gives the slot back: LiveLimits::firstByteTimeoutMs.
TEST(LiveConnection, NoFirstByteIsNoGameEvenWithoutAnIdleTimeout) {
    int fds[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    cli::LiveLimits limits;
    limits.idleTimeoutMs = 0;
    limits.firstByteTimeoutMs = 200;
    RecordedTrace trace;
    cli::LiveConnection c(fds[0], "peer", &trace, limits, nullptr);
    std::string error;
    cli::LiveConnection::Status st = cli::LiveConnection::Status::Open;
    for (int i = 0; i < 100 && st == cli::LiveConnection::Status::Open; ++i)
        st = c.poll(100, &error);
    EXPECT_EQ(st, cli::LiveConnection::Status::NotAGame);
    EXPECT_EQ(error,
              "game at peer: sent nothing for 0.2 s after connecting: no game (the slot is "
              "free for the next one)");
    close(fds[1]);
}

// An HTTP request other than a WebSocket's GET (a browser's form, curl -X POST, a HEAD probe)
// is answered 405 and is no game: nothing recorded, record waits on for the game.
TEST_F(CliRecord, AnHttpRequestOtherThanGetIsAnswered405AndIsNoGame) {
    test::writeFile(outPath, "an older recording\n");
    rec.start({"--listen", "127.0.0.1:0", outPath, "--wait", "20"});
    ASSERT_FALSE(rec.where.empty()) << rec.err;
    const int client = connectTcp(rec.port());
    sendAll(client, "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}");
    const std::string head = responseHead(client);
    EXPECT_EQ(head.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0), 0u) << head;
    close(client);
    while (rec.err.find("405") == std::string::npos && rec.readSome(10000)) {
    }
    EXPECT_EQ(readFile(outPath), "an older recording\n");
    const int game = connectTcp(rec.port());
    sendAll(game, kHeader + kLine0);
    close(game);
    EXPECT_EQ(rec.finish(), 0) << rec.err;
    EXPECT_NE(rec.err.find(": an HTTP POST request, not a game (answered 405 Method Not Allowed)"),
              std::string::npos)
        << rec.err;
    EXPECT_EQ(readFile(outPath), kHeader + kLine0);
}

TEST(WebSocketPolicy, OriginsAndHosts) {
    const std::string* none = nullptr;
    auto refused = [](const cli::WebSocketPolicy& p, const char* origin, const char* host) {
        const std::string o = origin ? origin : "", h = host ? host : "";
        return !cli::webSocketRefusal(p, origin ? &o : nullptr, host ? &h : nullptr).empty();
    };
    cli::WebSocketPolicy loop{{"http://localhost:8000"}, "127.0.0.1"};
    EXPECT_TRUE(cli::webSocketRefusal(loop, none, none).empty());
    EXPECT_FALSE(refused(loop, "null", "127.0.0.1:5555"));
    EXPECT_FALSE(refused(loop, "file://", "localhost:5555"));
    EXPECT_FALSE(refused(loop, "http://LOCALHOST:8000/", "[::1]:5555"));
    EXPECT_TRUE(refused(loop, "http://localhost:8001", "127.0.0.1:5555"));
    EXPECT_TRUE(refused(loop, "https://evil.example", nullptr));
    EXPECT_FALSE(refused(loop, nullptr, "game.localhost:5555"));
    EXPECT_TRUE(refused(loop, nullptr, "127.0.0.1.evil.example:5555"));
    EXPECT_TRUE(refused(loop, nullptr, "192.168.1.5:5555"));
    // Listening on a named address, or on every interface: that address, any numeric one.
    EXPECT_FALSE(refused({{}, "192.168.1.5"}, nullptr, "192.168.1.5:5555"));
    EXPECT_FALSE(refused({{}, "0.0.0.0"}, nullptr, "10.0.0.7:5555"));
    EXPECT_TRUE(refused({{}, "0.0.0.0"}, nullptr, "rebound.example:5555"));
    // A Unix socket: no Host to check (no browser reaches it), the Origin still.
    EXPECT_FALSE(refused({{}, ""}, nullptr, "anything"));
    EXPECT_TRUE(refused({{}, ""}, "http://evil.example", "anything"));
}

TEST(ListenAddress, LoopbackUnlessAnotherAddressIsNamed) {
    cli::ListenAddress a;
    std::string error;
    ASSERT_TRUE(cli::parseListenAddress("5555", &a, &error)) << error;
    EXPECT_EQ(a.host, "127.0.0.1");
    EXPECT_EQ(a.port, 5555);
    ASSERT_TRUE(cli::parseListenAddress("localhost:7", &a, &error)) << error;
    EXPECT_EQ(a.host, "127.0.0.1");
    ASSERT_TRUE(cli::parseListenAddress("[::1]:9", &a, &error)) << error;
    EXPECT_EQ(a.host, "::1");
    ASSERT_TRUE(cli::parseListenAddress("0.0.0.0:9", &a, &error)) << error;
    EXPECT_EQ(a.host, "0.0.0.0");
    ASSERT_TRUE(cli::parseListenAddress("./game.sock", &a, &error)) << error;
    EXPECT_TRUE(a.unixSocket);
    EXPECT_EQ(a.path, "./game.sock");
    EXPECT_FALSE(cli::parseListenAddress("example.com:80", &a, &error));
    EXPECT_FALSE(cli::parseListenAddress("127.0.0.1:", &a, &error));

    cli::TraceListener remote;
    ASSERT_TRUE(cli::parseListenAddress("0.0.0.0:0", &a, &error));
    ASSERT_TRUE(remote.open(a, &error)) << error;
    EXPECT_TRUE(remote.remote());
    cli::TraceListener local;
    ASSERT_TRUE(cli::parseListenAddress("0", &a, &error));
    ASSERT_TRUE(local.open(a, &error)) << error;
    EXPECT_FALSE(local.remote());
}

}  // namespace
}  // namespace ts
