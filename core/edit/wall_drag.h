// A Walls tool drag: the stroke keeps to one grid line. A drag that follows a line wobbles
// across it, and the nearest edge under the mouse then flips to the perpendicular edges of
// the cells it crosses (stray stubs). So the first movement of at least half a tile picks
// the line (vertical or horizontal, through the grid point nearest to the press), and from
// then on the mouse only says how far along that line the stroke reaches: every edge between
// the press and the mouse is set, none off the line.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "edit/wall_tools.h"

namespace ts {

class WallDrag {
  public:
    // A press at map pixel (px, py): sets the nearest edge (command in *first, null when the
    // press is outside the map, and then the drag is empty). `on`: add (true) or remove.
    static std::optional<WallDrag> begin(const Map& map, int64_t px, int64_t py, bool on,
                                         CommandPtr* first);
    // The mouse moved to (px, py): the wall edits that extend the stroke, to apply in order
    // (none while the drag has not picked its line or the reach did not grow).
    std::vector<CommandPtr> moveTo(const Map& map, int64_t px, int64_t py);

    // The edges the stroke sets with the mouse at (px, py), for the editor to highlight:
    // before the line is picked, the first edge; after, every edge of the line from the press
    // to the mouse (not the nearest edge under the mouse, which can lie across the line).
    std::vector<Edge> edgesTo(const Map& map, int64_t px, int64_t py) const;

    bool on() const { return on_; }  // adds walls (else removes them)
    bool locked() const { return locked_; }
    bool vertical() const { return vertical_; }  // the line, once locked()

  private:
    // The cell index along the locked line under map pixel (px, py), clamped to the map.
    int32_t along(const Map& map, int64_t px, int64_t py) const;
    Edge edgeAt(int32_t i) const;

    bool on_ = true;
    int64_t startPx_ = 0, startPy_ = 0;
    Edge first_;
    bool firstWasOn_ = false;  // the first edge's wall before the press
    bool locked_ = false;
    bool vertical_ = false;
    int32_t line_ = 0;     // grid line: x of a vertical line, y of a horizontal one
    int32_t from_ = 0;     // cell index along the line where the stroke began
    int32_t reachLo_ = 0;  // cell indices along the line already set
    int32_t reachHi_ = -1;
};

}  // namespace ts
