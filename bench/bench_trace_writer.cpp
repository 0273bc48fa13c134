// `tilestep run --trace` for one actor: stepping alone (the baseline, in the same process)
// against stepping and writing each frame's trace lines the way `run` does, into a buffer
// flushed to /dev/null every 64 KiB. One item = one actor stepped (and traced) one frame:
// items_per_second is actor-steps/s; the ratio traced / baseline is the tracing overhead.
// TracedCompact writes the same frames as .tstrace records (`run --trace OUT.tstrace`).
// Argument: the mover (0 pixel_sweep, 1 grid_walls, 2 topdown_aabb, 3 scanline_slide).
//
// Built against a core without trace_writer.h (before issue 12) it measures the old
// per-line strings (stateJson / probeJson), so the same file measures before and after.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "map/map.h"
#include "sim/sim.h"
#if __has_include("record/trace_writer.h")
#include "record/trace_writer.h"
#define TS_HAVE_TRACE_WRITER 1
#else
#include "base/json_text.h"
#endif
#if __has_include("record/tstrace_writer.h")
#include "record/tstrace_writer.h"
#endif

using namespace ts;

namespace {

// A 64 x 48 room with a floor, a few blocks and one actor of the given mover.
Map benchMap(MoverKind mover) {
    Map m = Map::blank(64, 48);
    for (int x = 0; x < 64; ++x) {
        m.setTile(x, 0, 1);
        m.setTile(x, 40, 1);
    }
    for (int y = 0; y < 48; ++y) {
        m.setTile(0, y, 1);
        m.setTile(63, y, 1);
    }
    for (int i = 0; i < 12; ++i) m.setTile(6 + i * 4, 36 - (i % 3), 1);
    Actor a;
    a.name = "hero";
    a.mover = mover;
    a.x = 40;
    a.y = 500;
    a.w = a.h = 12;
    a.params = defaultParams(mover);
    m.actors.push_back(a);
    return m;
}

// Deterministic key runs: a new run every 37 frames.
InputBits keysFor(int64_t frame) {
    uint32_t h = uint32_t(frame / 37) * 2654435761u;
    return InputBits((h >> 16) & 31);
}

class DevNull {
  public:
    DevNull() : f_(std::fopen("/dev/null", "wb")) {}
    ~DevNull() {
        if (f_) std::fclose(f_);
    }
    void write(std::string_view s) {
        if (f_) std::fwrite(s.data(), 1, s.size(), f_);
    }
    void line(const std::string& s) {
        write(s);
        if (f_) std::fputc('\n', f_);
    }

  private:
    std::FILE* f_;
};

void BM_StepOneActor_Baseline(benchmark::State& state) {
    Map m = benchMap(MoverKind(state.range(0)));
    Sim sim(m);
    std::vector<InputBits> in(1);
    int64_t f = 0;
    for (auto _ : state) {
        in[0] = keysFor(f++);
        sim.step(in, nullptr);
        benchmark::DoNotOptimize(sim.states()[0]);
    }
    state.SetItemsProcessed(state.iterations());
}

void traced(benchmark::State& state, bool probes) {
    Map m = benchMap(MoverKind(state.range(0)));
    Sim sim(m);
    Trace trace;
    std::vector<InputBits> in(1);
    DevNull out;
    int64_t f = 0;
#ifdef TS_HAVE_TRACE_WRITER
    TraceWriter w;
    w.header(traceHeaderFor(m, "bench.json"));
    for (auto _ : state) {
        in[0] = keysFor(f);
        sim.step(in, probes ? &trace : nullptr);
        w.frame(f++, m.actors, sim.states(), probes ? &trace : nullptr);
        if (w.size() >= (size_t(1) << 16)) {
            out.write(w.text());
            w.clear();
        }
    }
#else
    // What `run` did before: one std::string per line, built from temporaries, then
    // fwrite and fputc('\n') as its TraceOut::line did.
    std::string line;
    for (auto _ : state) {
        in[0] = keysFor(f);
        sim.step(in, probes ? &trace : nullptr);
        const Actor& a = m.actors[0];
        out.line(stateJson(f, a.name, a.mover, sim.states()[0]));
        if (probes)
            for (const Probe& p : trace.probes) {
                line = "{\"frame\":" + std::to_string(f) + ",\"actor\":";
                appendJsonString(line, a.name);
                line += ",\"probe\":" + probeJson(p) + "}";
                out.line(line);
            }
        ++f;
    }
#endif
    state.SetItemsProcessed(state.iterations());
}

#if __has_include("record/tstrace_writer.h")
// The same steps written as .tstrace records (`run --trace OUT.tstrace`).
void BM_StepOneActor_TracedCompact(benchmark::State& state) {
    Map m = benchMap(MoverKind(state.range(0)));
    Sim sim(m);
    std::vector<InputBits> in(1);
    DevNull out;
    int64_t f = 0;
    TstraceWriter w;
    w.header(traceHeaderFor(m, "bench.json"));
    for (auto _ : state) {
        in[0] = keysFor(f);
        sim.step(in, nullptr);
        w.frame(f++, m.actors, sim.states(), nullptr);
        if (w.size() >= (size_t(1) << 16)) {
            out.write(w.bytes());
            w.clear();
        }
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StepOneActor_TracedCompact)->DenseRange(0, 3);
#endif

void BM_StepOneActor_Traced(benchmark::State& state) {
    traced(state, false);
}
void BM_StepOneActor_TracedWithProbes(benchmark::State& state) {
    traced(state, true);
}

BENCHMARK(BM_StepOneActor_Baseline)->DenseRange(0, 3);
BENCHMARK(BM_StepOneActor_Traced)->DenseRange(0, 3);
BENCHMARK(BM_StepOneActor_TracedWithProbes)->DenseRange(0, 3);

}  // namespace

BENCHMARK_MAIN();
