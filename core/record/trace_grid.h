// A game's collision grid, sent in its trace header (docs/trace-format.md, "The grid"), so that
// `tilestep view` shows the level of a game with its own level format without a converter:
// `"grid":{"w":4,"h":3,"tile":16,"solid":"5#2.5#"}`. The cells are row-major runs, each a count
// and `.` (empty) or `#` (solid). The header keeps the runs as text (a 16384 x 16384 grid of
// few runs stays a few bytes); a map is built from them only when it is shown.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "map/map.h"

namespace ts {

struct TraceGrid {
    int64_t w = 0, h = 0;  // in cells; 0 = the header has no grid
    int64_t tile = 0;      // px
    std::string runs;      // checked and canonical: every count written, no two runs alike in a row
    bool present() const { return w > 0; }
    bool operator==(const TraceGrid& o) const {
        return w == o.w && h == o.h && tile == o.tile && runs == o.runs;
    }
};

// Reads the runs of a grid of `cells` cells: "" and the canonical runs in *canonical (runs of
// the same kind in a row merged), or the problem ("the runs cover 10 cells, the grid has 12").
std::string readGridRuns(const std::string& text, int64_t cells, std::string* canonical);
// The runs of row-major cells (non-zero = solid): "5#2.5#" for a 4 x 3 room's walls.
std::string encodeGridRuns(const std::vector<uint8_t>& solid);
// The cells of checked runs, 1 = solid, row-major.
std::vector<uint8_t> decodeGridRuns(const std::string& runs);

// A map of the grid's size and tile with the default tileset: kind 1 (solid) where the grid is
// solid, nothing else (no actors: the trace's are drawn from its lines).
Map mapFromGrid(const TraceGrid& g);
// "" when `map` has the grid's size, tile size and cells, else the first difference:
// "30 x 12 tiles of 16 px, MAP 32 x 17 of 16 px", "cell (3, 10): solid in the grid, empty in
// MAP". A map cell counts as solid when its tile has any collision shape (solid, a slope, a
// one-way); edge walls and brushes are not compared.
std::string gridMismatch(const TraceGrid& g, const Map& map);

}  // namespace ts
