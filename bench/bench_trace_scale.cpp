// Traces at game scale (issue 21): a 1M-frame trace of one actor (about 130 MB of JSON
// lines), generated here at start-up in $TMPDIR (never committed), and
//   - Cat/N:       reading N copies of the bytes and writing them to /dev/null, the
//                  baseline a command that reads the trace cannot beat;
//   - Diff/json, Diff/tstrace: `tilestep diff` of the trace and its copy (Cat/2's bytes);
//   - ViewOpen/json, ViewOpen/tstrace: what `tilestep view` does before the window opens
//                  (read the trace, index it, seek to the middle); counter bytes_per_frame;
//   - Run/json, Run/tstrace: `run --trace` to a file: step and write (items = actor-steps);
//                  Run/tstrace_v1: the same in .tstrace version 1 (every state whole);
//                  Run/step_only: the same steps without a trace, what writing adds to.
// Compare each with Cat of the same bytes in the same run (the ratio is the result; the
// machine's load changes both). TS_BENCH_FRAMES sets the frame count (default 1000000).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "map/map.h"
#include "record/recorded_frames.h"
#include "record/trace_diff.h"
#include "record/trace_reader.h"
#include "record/trace_source.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"
#include "sim/sim.h"

using namespace ts;

namespace {

int64_t frameCount() {
    const char* env = std::getenv("TS_BENCH_FRAMES");
    return env ? std::atoll(env) : 1000000;
}

std::string tempPath(const char* name) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/tilestep-bench-" + name;
}

// A 64 x 48 room with a floor and steps, one pixel_sweep actor.
Map benchMap() {
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
    a.mover = MoverKind(0);
    a.x = 40;
    a.y = 500;
    a.w = 12;
    a.h = 16;
    a.params = defaultParams(a.mover);
    m.actors.push_back(a);
    return m;
}

InputBits keysFor(int64_t frame) {
    const uint32_t h = uint32_t(frame / 37) * 2654435761u;
    return InputBits((h >> 16) & 31);
}

// Steps the map `frames` frames writing the trace to `path` the way `run` does; bytes written.
template <class Writer, class Bytes, class End>
size_t runTo(const std::string& path, int64_t frames, Writer& w, Bytes bytes, End end) {
    const Map m = benchMap();
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::setvbuf(f, nullptr, _IOFBF, 1 << 16);
    Sim sim(m);
    std::vector<InputBits> keys(1);
    w.header(traceHeaderFor(m, "bench.json"));
    size_t total = 0;
    for (int64_t i = 0; i < frames; ++i) {
        keys[0] = keysFor(i);
        sim.step(keys, nullptr);
        w.frame(i, m.actors, sim.states(), nullptr);
        if (w.size() >= (size_t(1) << 16)) {
            total += std::fwrite(bytes(w).data(), 1, w.size(), f);
            w.clear();
        }
    }
    end(w);
    total += std::fwrite(bytes(w).data(), 1, w.size(), f);
    w.clear();
    std::fclose(f);
    return total;
}

size_t writeJson(const std::string& path, int64_t frames) {
    TraceWriter w;
    return runTo(
        path, frames, w, [](TraceWriter& x) { return x.text(); }, [](TraceWriter&) {});
}
size_t writeCompact(const std::string& path, int64_t frames, uint32_t version = 2) {
    TstraceWriter w(version);
    return runTo(
        path, frames, w, [](TstraceWriter& x) { return x.bytes(); },
        [](TstraceWriter& x) { x.end(); });
}

struct Traces {
    std::string json = tempPath("a.jsonl"), json2 = tempPath("b.jsonl");
    std::string compact = tempPath("a.tstrace"), compact2 = tempPath("b.tstrace");
    size_t jsonBytes = 0, compactBytes = 0;
    Traces() {
        jsonBytes = writeJson(json, frameCount());
        writeJson(json2, frameCount());
        compactBytes = writeCompact(compact, frameCount());
        writeCompact(compact2, frameCount());
    }
    ~Traces() {
        for (const std::string* p : {&json, &json2, &compact, &compact2}) std::remove(p->c_str());
    }
};

const Traces& traces() {
    static const Traces t;
    return t;
}

size_t cat(const std::string& path) {
    std::FILE* in = std::fopen(path.c_str(), "rb");
    std::FILE* out = std::fopen("/dev/null", "wb");
    std::vector<char> buf(size_t(1) << 16);
    size_t total = 0, n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), in)) > 0)
        total += std::fwrite(buf.data(), 1, n, out);
    std::fclose(in);
    std::fclose(out);
    return total;
}

void Cat(benchmark::State& state, bool compact, int copies) {
    const Traces& t = traces();
    size_t bytes = 0;
    for (auto _ : state) {
        bytes += cat(compact ? t.compact : t.json);
        if (copies > 1) bytes += cat(compact ? t.compact2 : t.json2);
    }
    state.SetBytesProcessed(int64_t(bytes));
}

void Diff(benchmark::State& state, bool compact) {
    const Traces& t = traces();
    for (auto _ : state) {
        std::string error;
        auto a = openTraceSource(compact ? t.compact : t.json, &error);
        auto b = openTraceSource(compact ? t.compact2 : t.json2, &error);
        TraceDifference d;
        int64_t frames = 0;
        if (!a || !b || !diffTraces(*a, *b, &d, &frames, &error) || !d.same)
            state.SkipWithError(("diff failed: " + error).c_str());
        benchmark::DoNotOptimize(frames);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) *
                            int64_t(2 * (compact ? t.compactBytes : t.jsonBytes)));
}

void ViewOpen(benchmark::State& state, bool compact) {
    const Traces& t = traces();
    double perFrame = 0;
    for (auto _ : state) {
        auto trace = std::make_shared<RecordedTrace>();
        std::string error;
        if (!readTrace(compact ? t.compact : t.json, trace.get(), &error))
            state.SkipWithError(error.c_str());
        RecordedFrames frames(trace);
        frames.seek(frames.length() / 2, nullptr);
        perFrame =
            double(trace->residentBytes()) / double(std::max<size_t>(1, trace->frameCount()));
    }
    state.counters["bytes_per_frame"] = perFrame;
    state.SetBytesProcessed(int64_t(state.iterations()) *
                            int64_t(compact ? t.compactBytes : t.jsonBytes));
}

void StepOnly(benchmark::State& state) {
    const Map m = benchMap();
    for (auto _ : state) {
        Sim sim(m);
        std::vector<InputBits> keys(1);
        for (int64_t i = 0; i < frameCount(); ++i) {
            keys[0] = keysFor(i);
            sim.step(keys, nullptr);
            benchmark::DoNotOptimize(sim.states()[0]);
        }
    }
    state.SetItemsProcessed(int64_t(state.iterations()) * frameCount());
}

// version: 0 for JSON lines, else the .tstrace version.
void Run(benchmark::State& state, uint32_t version) {
    const std::string path = tempPath(version ? "run.tstrace" : "run.jsonl");
    for (auto _ : state)
        benchmark::DoNotOptimize(version ? writeCompact(path, frameCount(), version)
                                         : writeJson(path, frameCount()));
    std::remove(path.c_str());
    state.SetItemsProcessed(int64_t(state.iterations()) * frameCount());
}

}  // namespace

BENCHMARK_CAPTURE(Cat, json_1, false, 1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Cat, json_2, false, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Cat, tstrace_1, true, 1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Cat, tstrace_2, true, 2)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Diff, json, false)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Diff, tstrace, true)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(ViewOpen, json, false)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(ViewOpen, tstrace, true)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(StepOnly)->Name("Run/step_only")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Run, json, 0u)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Run, tstrace_v1, 1u)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(Run, tstrace, 2u)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();
