// The map under a live game's recordings (`tilestep view [MAP] --listen ADDR`). Without MAP each
// recording (a game, a restart) gets its own: its header's grid, or an empty map grown to hold
// its actors (record/trace_canvas.h). With MAP, each recording's grid is compared with MAP once,
// when its header has arrived: a difference is a warning, MAP stays. No GL: tested alone.
#pragma once
#include <optional>
#include <string>

#include "map/map.h"
#include "record/recorded_trace.h"
#include "record/trace_canvas.h"

namespace ts {

class LiveMap {
  public:
    // `shown`: the recording on screen at start (already on its map).
    LiveMap(bool mapless, const RecordedTrace* shown) : mapless_(mapless), seen_(shown) {}
    // After a poll, with the recording shown and the map under it: a map to show instead
    // (nullopt: keep it), and in *warning what to say ("" when nothing).
    std::optional<Map> update(const RecordedTrace& t, const Map& map, std::string* warning);

  private:
    bool mapless_;
    const RecordedTrace* seen_;
    std::optional<TraceCanvas> canvas_;
};

}  // namespace ts
