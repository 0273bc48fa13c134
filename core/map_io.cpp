// Map files on disk: choosing the form by extension, reading whole files, atomic saves, and
// the small checks the JSON and binary forms share (core/map_json.cpp, core/map_binary.cpp).
#include "map_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "map_io_detail.h"
#include "plugin_registry.h"

namespace ts {

namespace mapio {

void fail(const std::string& name, const std::string& field, const std::string& problem) {
    throw MapError(field.empty() ? name + ": " + problem : name + ": " + field + ": " + problem);
}

std::string colorText(uint32_t argb) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%06X%02X", unsigned(argb & 0xffffffu), unsigned(argb >> 24));
    return buf;
}

bool parseColor(const std::string& text, uint32_t* argb) {
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return false;
    uint32_t v = 0;
    for (size_t i = 1; i < text.size(); ++i) {
        char c = text[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return false;
        v = v << 4 | uint32_t(d);
    }
    // Text is RRGGBB[AA]; memory is AARRGGBB.
    *argb = text.size() == 7 ? (0xff000000u | v) : ((v & 0xffu) << 24 | v >> 8);
    return true;
}

std::string checkText(const std::string& s, size_t maxBytes) {
    if (s.size() > maxBytes)
        return "text of " + std::to_string(s.size()) + " bytes is longer than " +
               std::to_string(maxBytes);
    for (size_t i = 0; i < s.size();) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f) return "contains a control character";
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > s.size()) return "is not valid UTF-8";
        for (size_t k = 1; k < len; ++k)
            if (((unsigned char)s[i + k] >> 6) != 2) return "is not valid UTF-8";
        i += len;
    }
    return "";
}

std::vector<WallPos> listWalls(const EdgeWalls& w, bool horizontal) {
    std::vector<WallPos> out;
    const int32_t rows = horizontal ? w.height + 1 : w.height;
    const int32_t cols = horizontal ? w.width : w.width + 1;
    for (int32_t y = 0; y < rows; ++y)
        for (int32_t x = 0; x < cols; ++x)
            if (horizontal ? w.h(x, y) : w.v(x, y)) out.push_back({x, y});
    return out;
}

std::string checkWall(int64_t x, int64_t y, int32_t width, int32_t height, bool horizontal) {
    const int64_t maxX = horizontal ? width - 1 : width;
    const int64_t maxY = horizontal ? height : height - 1;
    if (x >= 0 && y >= 0 && x <= maxX && y <= maxY) return "";
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ") is outside 0.." +
           std::to_string(maxX) + " x 0.." + std::to_string(maxY) + " for a " +
           std::to_string(width) + " x " + std::to_string(height) + " map";
}

std::string checkParamValue(const ParamSpec& spec, double value) {
    if (std::isnan(value)) return "NaN is not a number";
    // Beyond 2^46 a value no longer fits 48.16 fixed point; no parameter range goes near it.
    if (!(std::fabs(value) < 70368744177664.0)) return "value out of range";
    Fix f = Fix::fromDouble(value);
    double v = f.toDouble();
    if (v < spec.min || v > spec.max)
        return f.str() + " is outside " + Fix::fromDouble(spec.min).str() + ".." +
               Fix::fromDouble(spec.max).str();
    if (spec.integer && f.frac().raw != 0) return f.str() + " is not a whole number";
    return "";
}

std::string knownMovers() {
    std::string s;
    for (size_t k = 0; k < size_t(MoverKind::Count); ++k)
        s += std::string(k ? ", " : "") + moverInfo(MoverKind(k)).id;
    for (MoverKind k : pluginMoverKinds()) s += std::string(", ") + moverInfo(k).id;
    return s;
}

std::string unknownMover(const std::string& id) {
    if (id.rfind("plugin:", 0) == 0)
        return "plugin mover \"" + id + "\" is not loaded (give its library with --plugin " +
               "PATH.so; loaded: " + knownMovers() + ")";
    return "unknown mover \"" + id + "\" (known: " + knownMovers() + ")";
}

std::string knownParams(MoverKind k) {
    const MoverInfo& mi = moverInfo(k);
    std::string s;
    for (int i = 0; i < mi.paramCount; ++i) s += std::string(i ? ", " : "") + mi.params[i].name;
    return s.empty() ? "none" : s;
}

void validateLoaded(const Map& m, const std::string& name) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError(name + ": " + problem);
}

}  // namespace mapio

namespace {

std::atomic<bool> gFailSaveForTesting{false};

std::string errnoText(int err) {
    return std::strerror(err);
}

bool endsWith(const std::string& s, const char* suffix) {
    size_t n = std::strlen(suffix);
    if (s.size() < n) return false;
    for (size_t i = 0; i < n; ++i)
        if (std::tolower((unsigned char)s[s.size() - n + i]) != suffix[i]) return false;
    return true;
}

std::string readWholeFile(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) mapio::fail(path, "", "cannot open: " + errnoText(errno));
    std::string bytes;
    char buf[1 << 16];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int err = errno;
            ::close(fd);
            mapio::fail(path, "", "cannot read: " + errnoText(err));
        }
        if (n == 0) break;
        bytes.append(buf, size_t(n));
    }
    ::close(fd);
    return bytes;
}

bool writeAll(int fd, const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

std::string folderOf(const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

MapFormat formatForPath(const std::string& path) {
    if (endsWith(path, ".json")) return MapFormat::Json;
    if (endsWith(path, ".tsmap")) return MapFormat::Binary;
    throw MapError(path + ": unknown map file extension (use .json or .tsmap)");
}

Map loadMap(const std::string& path) {
    MapFormat format = formatForPath(path);
    std::string bytes = readWholeFile(path);
    return format == MapFormat::Json ? mapFromJson(bytes, path) : mapFromBinary(bytes, path);
}

void setSaveFailureForTesting(bool fail) {
    gFailSaveForTesting = fail;
}

void saveMap(const Map& m, const std::string& path) {
    MapFormat format = formatForPath(path);
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError(path + ": not saved, the map is invalid: " + problem);
    const std::string bytes = format == MapFormat::Json ? mapToJson(m) : mapToBinary(m);

    // Same folder as PATH, so that rename() is atomic (never across file systems).
    std::string tmp = path + ".tmp-XXXXXX";
    std::vector<char> tmpName(tmp.begin(), tmp.end());
    tmpName.push_back('\0');
    int fd = ::mkstemp(tmpName.data());
    if (fd < 0) mapio::fail(path, "", "cannot create a temporary file: " + errnoText(errno));
    tmp = tmpName.data();
    auto abandon = [&](const std::string& what, int err) {
        ::close(fd);
        ::unlink(tmp.c_str());
        mapio::fail(path, "", what + ": " + errnoText(err));
    };
    // mkstemp makes the file 0600; keep the mode of the file being replaced, else 0644.
    struct stat old {};
    mode_t mode = ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0) abandon("cannot set the file mode", errno);
    if (!writeAll(fd, bytes)) abandon("cannot write", errno);
    if (::fsync(fd) != 0) abandon("cannot sync", errno);
    if (gFailSaveForTesting) abandon("cannot write (failure injected for testing)", EIO);
    if (::close(fd) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        mapio::fail(path, "", "cannot close: " + errnoText(err));
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        mapio::fail(path, "", "cannot replace the file: " + errnoText(err));
    }
    // Make the rename itself durable; failing here leaves the new file in place, so ignore.
    int dir = ::open(folderOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace ts
