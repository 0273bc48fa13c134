#include "debugger/live_map.h"

#include "record/trace_grid.h"

namespace ts {

std::optional<Map> LiveMap::update(const RecordedTrace& t, const Map& map, std::string* warning) {
    warning->clear();
    if (t.lines < 1) return std::nullopt;  // its header is not in yet
    if (&t != seen_) {
        // The last one seen is alive while it is shown: a new recording is never at its address.
        seen_ = &t;
        canvas_.reset();
        if (!mapless_) {
            const std::string differs =
                t.header.grid.present() ? gridMismatch(t.header.grid, map) : "";
            if (!differs.empty())
                *warning = "the game's grid differs from MAP: " + differs + " (MAP is shown)";
            return std::nullopt;
        }
        canvas_.emplace(t.header);
        canvas_->take(t);
        return canvas_->map();
    }
    if (canvas_ && canvas_->take(t)) return canvas_->map();
    return std::nullopt;
}

}  // namespace ts
