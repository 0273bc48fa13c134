// The map `tilestep view` shows a trace on when it is given no MAP (docs/cli.md): the game's
// grid when its header has one (record/trace_grid.h), else an empty map from (0, 0) that holds
// every actor box seen so far plus a margin, in whole tiles, grown as the actors move (by a
// quarter more than they need, so that a walking actor does not regrow it every tile). Boxes
// left of or above (0, 0), or past kMaxSide tiles, are drawn outside the map.
#pragma once
#include <cstddef>
#include <cstdint>

#include "map/map.h"
#include "record/recorded_trace.h"

namespace ts {

class TraceCanvas {
  public:
    static constexpr int32_t kMinWidth = 16, kMinHeight = 9;  // tiles, before any actor
    static constexpr int32_t kMargin = 2;                     // tiles right of and below them
    static constexpr int32_t kMaxSide = 2048;                 // tiles: 4M cells at most

    // Starts at the header's grid, else at its width and height (when it says them) and tile
    // size (within a map's limits).
    explicit TraceCanvas(const TraceHeader& h);
    // Looks at the frames `t` gained since the last call (and its last frame again: a live
    // game may add lines to it). True when the canvas grew: map() is bigger.
    bool take(const RecordedTrace& t);
    Map map() const;
    int32_t width() const { return width_; }
    int32_t height() const { return height_; }
    int32_t tileSize() const { return tile_; }

  private:
    TraceGrid grid_;
    int32_t tile_ = kDefaultTileSize, width_ = kMinWidth, height_ = kMinHeight;
    size_t next_ = 0;  // the first frame index take() has not looked at
};

}  // namespace ts
