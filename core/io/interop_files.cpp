#include "io/interop_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "base/bounded_read.h"
#include "io/map_io.h"

namespace ts::interop {

std::string readFileBytes(const std::string& path) {
    if (std::string problem = regularFileProblem(path); !problem.empty())
        throw MapError(path + ": " + problem);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw MapError(path + ": cannot open: " + std::strerror(errno));
    std::string bytes;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        bytes.append(buf, n);
        if (bytes.size() > (size_t(256) << 20)) {
            std::fclose(f);
            throw MapError(path + ": larger than 256 MiB, not a map");
        }
    }
    bool failed = std::ferror(f) != 0;
    int err = errno;
    std::fclose(f);
    if (failed) throw MapError(path + ": cannot read: " + std::strerror(err));
    return bytes;
}

std::string folderOf(const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string joinPath(const std::string& folder, const std::string& rel) {
    if (rel.empty() || rel[0] == '/' || folder.empty() || folder == ".") return rel;
    return (std::filesystem::path(folder) / rel).lexically_normal().string();
}

std::string relativeTo(const std::string& path, const std::string& folder) {
    namespace fs = std::filesystem;
    if (path.empty()) return path;
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec).lexically_normal();
    fs::path base = fs::absolute(folder.empty() ? "." : folder, ec).lexically_normal();
    if (ec) return path;
    fs::path rel = abs.lexically_relative(base);
    return rel.empty() ? abs.string() : rel.string();
}

bool endsWithNoCase(const std::string& s, const std::string& suffix) {
    if (s.size() < suffix.size()) return false;
    for (size_t i = 0; i < suffix.size(); ++i) {
        char a = s[s.size() - suffix.size() + i];
        if (a >= 'A' && a <= 'Z') a = char(a - 'A' + 'a');
        if (a != suffix[i]) return false;
    }
    return true;
}

std::string mergeChunks(std::vector<Chunk>& chunks, TiledTileLayer* layer) {
    if (chunks.empty()) {
        layer->x0 = layer->y0 = layer->width = layer->height = 0;
        layer->gids.clear();
        return "";
    }
    int64_t x0 = chunks[0].x, y0 = chunks[0].y, x1 = x0, y1 = y0;
    for (const Chunk& c : chunks) {
        x0 = std::min(x0, c.x);
        y0 = std::min(y0, c.y);
        x1 = std::max(x1, c.x + c.width);
        y1 = std::max(y1, c.y + c.height);
    }
    const int64_t w = x1 - x0, h = y1 - y0;
    if (w > kMaxImportCells || h > kMaxImportCells || w * h > kMaxImportCells)
        return "the chunks span " + std::to_string(w) + " x " + std::to_string(h) +
               " tiles, more than tilestep imports (" + std::to_string(kMaxImportCells) + " tiles)";
    layer->x0 = x0;
    layer->y0 = y0;
    layer->width = w;
    layer->height = h;
    layer->gids.assign(size_t(w * h), 0);
    for (const Chunk& c : chunks)
        for (int64_t y = 0; y < c.height; ++y)
            for (int64_t x = 0; x < c.width; ++x) {
                uint32_t g = c.gids[size_t(y * c.width + x)];
                if (g) layer->gids[size_t((c.y - y0 + y) * w + (c.x - x0 + x))] = g;
            }
    return "";
}

size_t numberInList(const std::string& s) {
    if (s.size() < 2 || s[0] != '#' || s.size() > 9) return 0;
    size_t n = 0;
    for (size_t i = 1; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return 0;
        n = n * 10 + size_t(s[i] - '0');
    }
    return n;
}

}  // namespace ts::interop
