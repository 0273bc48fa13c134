// Saving a 4096 x 4096 Tiled map in place (core/io/tiled/tiled_inplace.h) against exporting
// it (core/io/foreign_maps.h exportMapFile), both into files: the in-place save (the source
// parsed again, the collision layer re-encoded, the file written) must stay within 2x of the
// export. Compare BM_SaveInPlace/* with BM_Export.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/map_io.h"
#include "io/tiled/tiled_inplace.h"

using namespace ts;

namespace {

constexpr int32_t kSide = 4096;

std::string folder() {
    static std::string dir = [] {
        char tmpl[] = "/tmp/bench-tiled-save-XXXXXX";
        return std::string(mkdtemp(tmpl));
    }();
    return dir;
}

Map bigMap() {
    Map m = Map::blank(kSide, kSide);
    for (int32_t y = 0; y < kSide; ++y)
        for (int32_t x = 0; x < kSide; ++x)
            if ((x * 7 + y * 13) % 5 == 0) m.setTile(x, y, uint16_t(1 + (x + y) % 3));
    return m;
}

void BM_Export(benchmark::State& state) {
    const Map m = bigMap();
    for (auto _ : state) interop::exportMapFile(m, folder() + "/export.tmx", folder());
}
BENCHMARK(BM_Export)->Unit(benchmark::kMillisecond)->UseRealTime();

// Arg: 0 = nothing edited, 1 = one cell in 16 changed.
void BM_SaveInPlace(benchmark::State& state) {
    const std::string src = folder() + "/source.tmx";
    interop::exportMapFile(bigMap(), src, folder());
    interop::ImportOptions o;
    o.keepSource = true;
    interop::ImportResult r = interop::importMapFile(src, o, folder());
    Map edited = r.map;
    if (state.range(0))
        for (size_t i = 0; i < edited.tiles.size(); i += 16) edited.tiles[i] = uint16_t(i % 3);
    for (auto _ : state)
        interop::saveTiledInPlace(*r.source, edited, folder() + "/inplace.tmx", folder());
}
BENCHMARK(BM_SaveInPlace)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
