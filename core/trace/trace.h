// Debug primitives a mover emits while it decides, the way Box2D's b2DebugDraw keeps its
// core free of rendering. The app draws them; `tilestep run --probes` prints them.
// Movers take a Trace* and emit nothing when it is null (the fast path).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "base/fixed.h"

namespace ts {

enum class ProbeShape : uint8_t {
    Point,    // (x0, y0): one pixel probe
    Rect,     // [x0, x1) x [y0, y1) in px: a probed or blocking rectangle
    Segment,  // (x0, y0) -> (x1, y1): a scanline
    Cell,     // [x0, x1) x [y0, y1) in px: an area classified by `why` ("region_a"...)
    Band,     // [x0, x1) x [y0, y1) in px: a forbidden band around a wall
    Arrow,    // (x0, y0) -> (x1, y1): a nudge, slide or velocity
    Value,    // x0 = measured value, x1 = threshold (e.g. pass rate vs movable rate)
    Text,     // (x0, y0): a label; `why` is the text (recorded traces' notes)
    Count
};

enum class Verdict : uint8_t { Miss, Hit, Pass, Block, Info, Count };

struct Probe {
    ProbeShape shape = ProbeShape::Point;
    Verdict verdict = Verdict::Info;
    int32_t actor = 0;     // index of the actor in the map
    const char* why = "";  // static string: "step", "climb", "descend", "ground", "corner"...
    Fix x0, y0, x1, y1;
};

const char* probeShapeName(ProbeShape s);  // "point", "rect", ...
const char* verdictName(Verdict v);        // "miss", "hit", "pass", "block", "info"

struct Trace {
    std::vector<Probe> probes;
    int32_t actor = 0;  // set by the simulation before each actor steps

    void clear() { probes.clear(); }
    void add(ProbeShape s, Verdict v, const char* why, Fix x0, Fix y0, Fix x1 = {}, Fix y1 = {}) {
        probes.push_back(Probe{s, v, actor, why, x0, y0, x1, y1});
    }
    void point(Verdict v, const char* why, int64_t x, int64_t y) {
        add(ProbeShape::Point, v, why, Fix::fromInt(x), Fix::fromInt(y));
    }
    void rect(Verdict v, const char* why, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
        add(ProbeShape::Rect, v, why, Fix::fromInt(x0), Fix::fromInt(y0), Fix::fromInt(x1),
            Fix::fromInt(y1));
    }
    void segment(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) {
        add(ProbeShape::Segment, v, why, x0, y0, x1, y1);
    }
    void cell(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) {
        add(ProbeShape::Cell, v, why, x0, y0, x1, y1);
    }
    void band(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) {
        add(ProbeShape::Band, v, why, x0, y0, x1, y1);
    }
    void arrow(Verdict v, const char* why, Fix x0, Fix y0, Fix x1, Fix y1) {
        add(ProbeShape::Arrow, v, why, x0, y0, x1, y1);
    }
    void value(Verdict v, const char* why, Fix measured, Fix threshold) {
        add(ProbeShape::Value, v, why, measured, {}, threshold, {});
    }
    void text(Verdict v, const char* text, Fix x, Fix y) { add(ProbeShape::Text, v, text, x, y); }
};

}  // namespace ts
