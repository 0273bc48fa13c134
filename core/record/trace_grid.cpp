#include "record/trace_grid.h"

#include <algorithm>

namespace ts {

namespace {

// Calls f(count, solid) for each run of checked runs, in order.
template <class F>
void forEachRun(const std::string& runs, F f) {
    int64_t count = 0;
    for (const char c : runs) {
        if (c >= '0' && c <= '9') {
            count = count * 10 + (c - '0');
            continue;
        }
        f(count, c == '#');
        count = 0;
    }
}

void appendRun(std::string* out, int64_t count, bool solid) {
    *out += std::to_string(count);
    *out += solid ? '#' : '.';
}

bool mapCellSolid(const Map& m, int64_t x, int64_t y) {
    const uint16_t t = m.tile(x, y);
    return t >= m.tileset.kinds.size() || m.tileset.kinds[t].shape != Shape::Empty;
}

std::string size(int64_t w, int64_t h, int64_t tile) {
    return std::to_string(w) + " x " + std::to_string(h) + " tiles of " + std::to_string(tile) +
           " px";
}

}  // namespace

std::string readGridRuns(const std::string& text, int64_t cells, std::string* canonical) {
    canonical->clear();
    int64_t covered = 0, pending = 0;
    bool pendingSolid = false;
    size_t digits = 0;
    int64_t count = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            // Past the cells left, a count is wrong however it goes on: no overflow.
            count = count * 10 + (c - '0');
            if (count > cells - covered)
                return "the runs cover more than the grid's " + std::to_string(cells) + " cells";
            ++digits;
            continue;
        }
        const std::string at = "character " + std::to_string(i + 1) + ": ";
        if (c != '.' && c != '#')
            return at + "expected a digit, '.' (empty) or '#' (solid), found " +
                   (c >= 0x20 && c < 0x7f ? "'" + std::string(1, c) + "'"
                                          : "byte " + std::to_string(uint8_t(c)));
        if (digits == 0) return at + "a run without its count";
        if (count == 0) return at + "a run of 0 cells";
        const bool solid = c == '#';
        if (pending > 0 && pendingSolid != solid) {
            appendRun(canonical, pending, pendingSolid);
            pending = 0;
        }
        pending += count;
        pendingSolid = solid;
        covered += count;
        count = 0;
        digits = 0;
    }
    if (digits > 0) return "the runs end with a count and no '.' or '#'";
    if (covered != cells)
        return "the runs cover " + std::to_string(covered) + " cells, the grid has " +
               std::to_string(cells);
    if (pending > 0) appendRun(canonical, pending, pendingSolid);
    return "";
}

std::string encodeGridRuns(const std::vector<uint8_t>& solid) {
    std::string out;
    size_t i = 0;
    while (i < solid.size()) {
        const bool s = solid[i] != 0;
        size_t j = i;
        while (j < solid.size() && (solid[j] != 0) == s) ++j;
        appendRun(&out, int64_t(j - i), s);
        i = j;
    }
    return out;
}

std::vector<uint8_t> decodeGridRuns(const std::string& runs) {
    std::vector<uint8_t> cells;
    forEachRun(runs, [&](int64_t n, bool s) { cells.insert(cells.end(), size_t(n), s ? 1 : 0); });
    return cells;
}

Map mapFromGrid(const TraceGrid& g) {
    Map m = Map::blank(int32_t(g.w), int32_t(g.h), int32_t(g.tile));
    size_t i = 0;
    forEachRun(g.runs, [&](int64_t n, bool s) {
        if (s) std::fill(m.tiles.begin() + i, m.tiles.begin() + i + size_t(n), uint16_t(1));
        i += size_t(n);
    });
    return m;
}

std::string gridMismatch(const TraceGrid& g, const Map& map) {
    if (g.w != map.width || g.h != map.height || g.tile != map.tileSize)
        return "the grid is " + size(g.w, g.h, g.tile) + ", MAP " +
               size(map.width, map.height, map.tileSize);
    int64_t i = 0;
    std::string diff;
    forEachRun(g.runs, [&](int64_t n, bool s) {
        for (int64_t end = i + n; i < end && diff.empty(); ++i) {
            const int64_t x = i % g.w, y = i / g.w;
            if (mapCellSolid(map, x, y) != s)
                diff = "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): " +
                       (s ? "solid in the grid, empty in MAP" : "empty in the grid, solid in MAP");
        }
    });
    return diff;
}

}  // namespace ts
