#include "test_support.h"
#include "movers/mover.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace ts::test {

namespace {
// Removes the folders tempDir() made when the test program exits.
struct TempDirs {
    std::vector<std::string> dirs;
    ~TempDirs() {
        for (const std::string& d : dirs) {
            std::string cmd = "rm -rf '" + d + "'";
            if (std::system(cmd.c_str()) != 0) continue;
        }
    }
};
TempDirs& tempDirs() {
    static TempDirs t;
    return t;
}
}  // namespace

std::string tempDir() {
    static std::atomic<int> counter{0};
    const char* base = std::getenv("TMPDIR");
    std::string root = base && *base ? base : "/tmp";
    std::string dir =
        root + "/tilestep-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    std::string cmd = "rm -rf '" + dir + "' && mkdir -p '" + dir + "'";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("cannot create " + dir);
    tempDirs().dirs.push_back(dir);
    return dir;
}

std::string readFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void writeFile(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << bytes;
}

std::string sourcePath(const std::string& rel) {
    return std::string(TILESTEP_SOURCE_DIR) + "/" + rel;
}

std::vector<std::string> sampleMapPaths() {
    std::vector<std::string> paths;
    for (const auto& e : std::filesystem::directory_iterator(sourcePath("maps")))
        if (e.path().extension() == ".json") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

CommandResult runShell(const std::string& command) {
    std::string dir = tempDir();
    std::string cmd = command + " >'" + dir + "/out' 2>'" + dir + "/err' </dev/null";
    int status = std::system(cmd.c_str());
    CommandResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(dir + "/out");
    r.err = readFile(dir + "/err");
    return r;
}

CommandResult runTilestep(const std::string& args) {
    return runShell(std::string("'") + TILESTEP_BINARY + "' " + args);
}

Actor makeActor(const std::string& name, MoverKind kind, int64_t x, int64_t y, int32_t w,
                int32_t h) {
    Actor a;
    a.name = name;
    a.mover = kind;
    a.x = x;
    a.y = y;
    a.w = w;
    a.h = h;
    a.params = defaultParams(kind);
    return a;
}

Map mapFromRows(const std::vector<std::string>& rows, int tileSize) {
    int h = int(rows.size()), w = int(rows.empty() ? 0 : rows[0].size());
    Map m = Map::blank(w, h, tileSize);
    auto id = [&](const char* name) -> uint16_t {
        for (size_t i = 0; i < m.tileset.kinds.size(); ++i)
            if (m.tileset.kinds[i].name == name) return uint16_t(i);
        throw std::runtime_error(std::string("no kind ") + name);
    };
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            char c = rows[size_t(y)][size_t(x)];
            uint16_t t = 0;
            switch (c) {
                case '#':
                    t = id("solid");
                    break;
                case '/':
                    t = id("slope45_right");
                    break;
                case '\\':
                    t = id("slope45_left");
                    break;
                case '=':
                    t = id("platform");
                    break;
                case 'a':
                    t = id("slope22_right_low");
                    break;
                case 'b':
                    t = id("slope22_right_high");
                    break;
                case 'c':
                    t = id("slope22_left_high");
                    break;
                case 'd':
                    t = id("slope22_left_low");
                    break;
                default:
                    t = 0;
            }
            m.setTile(x, y, t);
        }
    return m;
}

int connectUnixSocket(const std::string& path, int tries) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path) return -1;
    std::memcpy(addr.sun_path, path.c_str(), path.size());
    for (int t = 0; t < tries; ++t) {
        const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) return -1;
        if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return fd;
        close(fd);
        usleep(100 * 1000);
    }
    return -1;
}

}  // namespace ts::test
