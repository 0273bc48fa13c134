// CPU time of one editor frame (UI + canvas + swap) for a 256 x 256 and a 4096 x 4096 map at
// the same view, under Xvfb at 1280 x 800: the frame must not grow with the map beyond what
// is visible (issue 4 goal: ratio under 1.5, a frame under 8 ms on llvmpipe).
// Needs a window: run as `xvfb-run -a -s "-screen 0 1280x800x24" bench_editor_frame`;
// without a DISPLAY it prints why and exits 0. BM_TiledArtFrame: a four-layer 1024 x 1024
// Tiled map drawn as Tiled draws it, against its collision layer alone (issue 17: the art
// costs at most 2 ms a frame).
#include <benchmark/benchmark.h>
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <memory>

#include "debugger/debugger_window.h"
#include "editor/editor_window.h"
#include "editor/file_actions.h"

namespace {

ts::EditorWindow* g_window = nullptr;
std::map<std::string, double> g_cpuMsPerFrame;  // name -> ms, for the ratio printed at the end

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// A busy map: every kind of tile, walls and brushes spread over the whole map.
ts::Map busyMap(int32_t size) {
    ts::Map m = ts::Map::blank(size, size);
    for (int32_t y = 0; y < size; ++y)
        for (int32_t x = 0; x < size; ++x) {
            uint32_t h = uint32_t(x * 73856093) ^ uint32_t(y * 19349663);
            m.setTile(x, y, uint16_t(h % 7 < 3 ? 0 : h % m.tileset.kinds.size()));
            if (h % 11 == 0) m.walls.setH(x, y, true);
            if (h % 13 == 0) m.walls.setV(x, y, true);
        }
    for (int32_t i = 0; i < 64; ++i)
        m.brushes.push_back(
            {ts::RectI{int64_t(i) * size * 16 / 64, int64_t(i) * size * 16 / 64, 40, 24}});
    return m;
}

enum class ViewMode { Zoom2Centre, Fit };

void setUp(int32_t size, ViewMode mode) {
    ts::EditorState& s = g_window->state();
    s.doc.replace(busyMap(size), "");
    s.selectedActor = s.selectedBrush = -1;
    g_window->frame(0);  // lay out the canvas
    if (mode == ViewMode::Fit) {
        s.fitRequested = true;
    } else {
        s.view.zoomStep = ts::kDefaultZoomStep;
        s.view.originX = s.view.canvas.w / 2 - double(s.doc.map().widthPx());
        s.view.originY = s.view.canvas.h / 2 - double(s.doc.map().heightPx());
    }
    for (int i = 0; i < 5; ++i) g_window->frame(0);
}

void runFrames(benchmark::State& state, bool paint, const std::string& key) {
    ts::EditorState& s = g_window->state();
    double cpu = 0;
    int64_t frames = 0;
    uint16_t kind = 1;
    for (auto _ : state) {
        double t0 = threadCpuMs();
        if (paint) {
            // One stamp per frame in the middle of the map: the tile texture must follow.
            kind = uint16_t(kind % 2 + 1);
            const ts::Map& m = s.doc.map();
            ts::applyEdit(s, ts::stampAt(m, {m.width / 2, m.height / 2}, ts::Stamp::single(kind)));
        }
        g_window->frame(0);
        cpu += threadCpuMs() - t0;
        ++frames;
    }
    state.counters["cpu_ms_per_frame"] = cpu / double(frames);
    g_cpuMsPerFrame[key] = cpu / double(frames);
}

void BM_IdleFrame(benchmark::State& state) {
    setUp(int32_t(state.range(0)), ViewMode(state.range(1)));
    runFrames(state, false,
              "idle/" + std::to_string(state.range(0)) + "/" + std::to_string(state.range(1)));
}
BENCHMARK(BM_IdleFrame)
    ->ArgNames({"tiles", "fit"})
    ->Args({256, 0})
    ->Args({4096, 0})
    ->Args({256, 1})
    ->Args({4096, 1})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

void BM_PaintFrame(benchmark::State& state) {
    setUp(int32_t(state.range(0)), ViewMode::Zoom2Centre);
    runFrames(state, true, "paint/" + std::to_string(state.range(0)));
}
BENCHMARK(BM_PaintFrame)
    ->ArgName("tiles")
    ->Arg(256)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

// Brushes only (issue 19): 8192 stacked half-map brushes on a 256 x 256 map, each a few
// pixels from the last, zoomed to fit (every brush on screen), against the same map without
// brushes. Goal: at most 16 ms a frame under llvmpipe (one blended fill and one outline per
// brush took about 1 s).
void BM_BrushFrame(benchmark::State& state) {
    ts::EditorState& s = g_window->state();
    ts::Map m = ts::Map::blank(256, 256);
    const int64_t half = 128 * 16;
    for (int64_t i = 0; i < state.range(0); ++i)
        m.brushes.push_back(
            {ts::RectI{(i * 37) % 1013, (i * 53) % 997, half + i % 29, half - i % 31}});
    s.doc.replace(std::move(m), "");
    s.selectedActor = s.selectedBrush = -1;
    g_window->frame(0);
    s.fitRequested = true;
    for (int i = 0; i < 5; ++i) g_window->frame(0);
    runFrames(state, false, "brushes/" + std::to_string(state.range(0)));
}
BENCHMARK(BM_BrushFrame)
    ->ArgName("brushes")
    ->Arg(0)
    ->Arg(8192)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

// A Tiled map of 1024 x 1024 16-px tiles in four layers (Tiled's beach tileset, one layer at
// half opacity, one tinted), written once; "" when Tiled's examples are not installed.
std::string fourLayerTiledMap() {
    static std::string path;
    if (!path.empty()) return path;
    const std::string image = "/usr/share/doc/tiled/examples/rpg/beach_tileset.png";
    if (!std::filesystem::exists(image)) return "";
    const std::string dir = std::filesystem::temp_directory_path().string() + "/bench_tiled_art";
    std::filesystem::create_directories(dir);
    std::ofstream f(dir + "/four.tmx");
    const int n = 1024;
    f << "<map orientation=\"orthogonal\" width=\"" << n << "\" height=\"" << n
      << "\" tilewidth=\"16\" tileheight=\"16\">\n"
      << "<tileset firstgid=\"1\" name=\"beach\" tilewidth=\"16\" tileheight=\"16\" "
         "tilecount=\"936\" columns=\"36\"><image source=\""
      << image << "\" width=\"576\" height=\"416\"/></tileset>\n";
    const char* attrs[4] = {"", "", " opacity=\"0.5\"", " tintcolor=\"#ff80c0\""};
    for (int l = 0; l < 4; ++l) {
        f << "<layer name=\"" << (l == 1 ? "collision" : "art" + std::to_string(l)) << "\" width=\""
          << n << "\" height=\"" << n << "\"" << attrs[l] << "><data encoding=\"csv\">\n";
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                uint32_t h =
                    uint32_t(x) * 73856093u ^ uint32_t(y) * 19349663u ^ uint32_t(l) * 83492791u;
                uint32_t gid = l == 0 ? 1 + h % 40 : (h % 5 < 3 ? 0 : 1 + (h >> 3) % 300);
                f << gid << (x + 1 < n || y + 1 < n ? "," : "");
            }
        f << "\n</data></layer>\n";
    }
    f << "</map>\n";
    path = dir + "/four.tmx";
    return path;
}

// The four-layer Tiled map, its art drawn (art = 1) or only the collision layer's kinds as
// before the art existed (art = 0), zoom 2 at the centre or zoomed to fit.
void BM_TiledArtFrame(benchmark::State& state) {
    const std::string map = fourLayerTiledMap();
    if (map.empty()) {
        state.SkipWithError("Tiled's examples are not installed");
        return;
    }
    ts::EditorState& s = g_window->state();
    ts::openPath(s, map);
    if (state.range(0) == 0) ts::clearTiledArt(s.tiledArt);
    s.selectedActor = s.selectedBrush = -1;
    g_window->frame(0);
    if (state.range(1) == 1) {
        s.fitRequested = true;
    } else {
        s.view.zoomStep = ts::kDefaultZoomStep;
        s.view.originX = s.view.canvas.w / 2 - double(s.doc.map().widthPx());
        s.view.originY = s.view.canvas.h / 2 - double(s.doc.map().heightPx());
    }
    for (int i = 0; i < 5; ++i) g_window->frame(0);
    runFrames(state, false,
              "tiled/" + std::to_string(state.range(0)) + "/" + std::to_string(state.range(1)));
}
BENCHMARK(BM_TiledArtFrame)
    ->ArgNames({"art", "fit"})
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({0, 1})
    ->Args({1, 1})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

void printRatio(const char* what, const std::string& small, const std::string& large) {
    auto a = g_cpuMsPerFrame.find(small), b = g_cpuMsPerFrame.find(large);
    if (a == g_cpuMsPerFrame.end() || b == g_cpuMsPerFrame.end()) return;
    std::printf("%-28s 256: %.3f ms  4096: %.3f ms  ratio %.2f\n", what, a->second, b->second,
                b->second / a->second);
}

}  // namespace

int main(int argc, char** argv) {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) {
        std::printf("bench_editor_frame: skipped, no DISPLAY (run it under xvfb-run)\n");
        return 0;
    }
    benchmark::Initialize(&argc, argv);
    ts::WindowOptions opt;
    opt.interactive = false;
    opt.uiScale = 1;
    opt.vsync = false;
    auto window = std::make_unique<ts::EditorWindow>();
    ts::attachDebugger(*window);  // the editor's frame as it runs, Edit mode
    std::string error;
    if (!window->open(opt, &error)) {
        std::printf("bench_editor_frame: skipped, %s\n", error.c_str());
        return 0;
    }
    g_window = window.get();
    benchmark::RunSpecifiedBenchmarks();
    std::printf("\nCPU time per frame (main thread; llvmpipe rasterises on its own threads):\n");
    printRatio("idle, zoom 2x:", "idle/256/0", "idle/4096/0");
    printRatio("idle, zoom to fit:", "idle/256/1", "idle/4096/1");
    printRatio("painting, zoom 2x:", "paint/256", "paint/4096");
    auto tiled = [](const char* what, const std::string& one, const std::string& four) {
        auto a = g_cpuMsPerFrame.find(one), b = g_cpuMsPerFrame.find(four);
        if (a == g_cpuMsPerFrame.end() || b == g_cpuMsPerFrame.end()) return;
        std::printf("%-28s 1 layer: %.3f ms  4 layers of art: %.3f ms  ratio %.2f\n", what,
                    a->second, b->second, b->second / a->second);
    };
    auto brushes = g_cpuMsPerFrame.find("brushes/8192");
    if (brushes != g_cpuMsPerFrame.end())
        std::printf("%-28s %.3f ms (no brushes: %.3f ms)\n",
                    "8192 brushes, zoom to fit:", brushes->second, g_cpuMsPerFrame["brushes/0"]);
    tiled("Tiled 1024, zoom 2x:", "tiled/0/0", "tiled/1/0");
    tiled("Tiled 1024, zoom to fit:", "tiled/0/1", "tiled/1/1");
    g_window = nullptr;
    window.reset();
    benchmark::Shutdown();
    return 0;
}
