// Grid-edge walls (seed 002). An Edge names one grid-line segment one tile long:
// horizontal = the top edge of cell (x, y), y in [0, height]; vertical = the left edge of
// cell (x, y), x in [0, width] (same indexing as EdgeWalls).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "edit/edit_command.h"

namespace ts {

struct Edge {
    bool horizontal = true;
    int32_t x = 0, y = 0;
    bool operator==(const Edge& o) const {
        return horizontal == o.horizontal && x == o.x && y == o.y;
    }
    bool operator!=(const Edge& o) const { return !(*this == o); }
};

bool edgeInMap(const Map& map, Edge e);
bool hasWall(const Map& map, Edge e);  // false outside the map

// The edge nearest to the centre of pixel (px, py), for the hover highlight. Empty when
// the pixel is outside the map. Ties go to top, then left, then bottom, then right.
std::optional<Edge> nearestEdge(const Map& map, int64_t px, int64_t py);

// The edges from `a` to `b` when they lie on the same grid line (a drag along a line that
// skipped edges between two mouse events), else just `b`.
std::vector<Edge> edgesBetween(Edge a, Edge b);

// Adds (on = true) or removes walls; edges outside the map are ignored.
CommandPtr setWall(const Map& map, Edge e, bool on);
CommandPtr setWalls(const Map& map, const std::vector<Edge>& edges, bool on);

}  // namespace ts
