// What every harness checks besides "no crash, no sanitizer report": a map that loads is
// valid, survives both writers and both readers unchanged (so a saved file or recovery copy
// always loads back), and can be simulated (CollisionWorld is where the 32-bit brush counts
// once overflowed).
#pragma once
#include <cstdio>
#include <cstdlib>

#include "world/collision.h"
#include "io/map_io.h"

namespace ts::fuzz {

[[noreturn]] inline void failed(const char* what) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
}

inline void checkLoadedMap(const Map& m) {
    if (!validateMap(m).empty()) failed("a loaded map is invalid");
    if (mapFromJson(mapToJson(m), "again.json") != m) failed("JSON round trip changed the map");
    if (mapFromBinary(mapToBinary(m), "again.tsmap") != m)
        failed("binary round trip changed the map");
    CollisionWorld world(m);
    if (world.widthPx() != m.widthPx()) failed("collision world of the wrong size");
}

}  // namespace ts::fuzz
