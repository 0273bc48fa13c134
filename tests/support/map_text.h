// A small valid map as JSON text that the map-loading tests damage one piece at a time.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "io/map_io.h"

namespace ts::test {

inline const char* const kValidMapJson = R"({
  "format_version": 1, "tile_size": 16, "width": 4, "height": 2, "sim_rate": 60,
  "tiles": ["0 0 0 0", "1 1 1 1"],
  "walls": {"h": [[0, 0], [3, 2]], "v": [[4, 1]]},
  "brushes": [{"x": 0, "y": 0, "w": 64, "h": 32}],
  "actors": [{"name": "hero", "mover": "pixel_sweep", "x": 8, "y": 8, "w": 12, "h": 16}]
})";

// kValidMapJson with the first `from` replaced by `to` (a test failure when there is none).
inline std::string replaced(const std::string& from, const std::string& to) {
    std::string s = kValidMapJson;
    size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
}

// The loader's error for `text` (named t.json), or "(loaded)".
inline std::string jsonError(const std::string& text) {
    try {
        mapFromJson(text, "t.json");
    } catch (const MapError& e) {
        return e.what();
    }
    return "(loaded)";
}

}  // namespace ts::test
