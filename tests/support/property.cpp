#include "property.h"

#include <stdexcept>

#include "world/collision.h"
#include "base/json_text.h"
#include "record/trace_writer.h"
#include "sim/sim.h"
#include "trace/trace.h"
#include "record/trace_writer.h"

namespace ts::test {

bool addActorAtFreeSpot(Map& m, MoverKind kind, uint64_t seed, int32_t w, int32_t h,
                        const std::string& name) {
    int64_t x = 0, y = 0;
    if (!findFreeBox(m, seed, w, h, &x, &y)) return false;
    Actor a;
    a.name = name;
    a.mover = kind;
    a.w = w;
    a.h = h;
    if (moverInfo(kind).round) {
        a.x = x + w / 2;
        a.y = y + h / 2;
    } else {
        a.x = x;
        a.y = y;
    }
    a.params = defaultParams(kind);
    m.actors.push_back(a);
    return true;
}

std::vector<InputBits> randomInputs(uint64_t seed, size_t frames, int maxRun) {
    Rng rng(seed);
    std::vector<InputBits> out;
    out.reserve(frames);
    while (out.size() < frames) {
        InputBits keys = InputBits(rng.range(0, 31));
        int64_t run = rng.range(1, maxRun);
        for (int64_t i = 0; i < run && out.size() < frames; ++i) out.push_back(keys);
    }
    return out;
}

std::vector<MoverState> runStates(const Map& m, const std::vector<InputBits>& inputs,
                                  size_t actor) {
    Sim sim(m);
    std::vector<MoverState> out;
    out.reserve(inputs.size());
    std::vector<InputBits> in(m.actors.size(), 0);
    for (InputBits k : inputs) {
        if (!in.empty()) in[0] = k;
        sim.step(in, nullptr);
        out.push_back(sim.states().at(actor));
    }
    return out;
}

std::vector<std::string> runTraceLines(const Map& m, const std::vector<InputBits>& inputs,
                                       bool probes) {
    Sim sim(m);
    Trace trace;
    std::vector<std::string> out;
    std::vector<InputBits> in(m.actors.size(), 0);
    for (size_t f = 0; f < inputs.size(); ++f) {
        if (!in.empty()) in[0] = inputs[f];
        sim.step(in, probes ? &trace : nullptr);
        for (size_t a = 0; a < m.actors.size(); ++a) {
            out.push_back(
                stateJson(int64_t(f), m.actors[a].name, m.actors[a].mover, sim.states()[a]));
            if (!probes) continue;
            for (const Probe& p : trace.probes) {
                if (p.actor != int32_t(a)) continue;
                std::string line = "{\"frame\":" + std::to_string(f) + ",\"actor\":";
                appendJsonString(line, m.actors[a].name);
                out.push_back(line + ",\"probe\":" + probeJson(p) + "}");
            }
        }
    }
    return out;
}

Map shiftMap(const Map& m, int32_t dx, int32_t dy) {
    Map s = Map::blank(m.width + dx, m.height + dy, m.tileSize);
    s.simRate = m.simRate;
    s.tileset = m.tileset;
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x) s.setTile(x + dx, y + dy, m.tile(x, y));
    for (int32_t y = 0; y <= m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x)
            if (m.walls.h(x, y)) s.walls.setH(x + dx, y + dy, true);
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x <= m.width; ++x)
            if (m.walls.v(x, y)) s.walls.setV(x + dx, y + dy, true);
    const int64_t ox = int64_t(dx) * m.tileSize, oy = int64_t(dy) * m.tileSize;
    for (Brush b : m.brushes) {
        b.rect.x += ox;
        b.rect.y += oy;
        s.brushes.push_back(b);
    }
    for (Actor a : m.actors) {
        a.x += ox;
        a.y += oy;
        s.actors.push_back(a);
    }
    return s;
}

namespace {
Shape mirrorShape(Shape s) {
    switch (s) {
        case Shape::Slope45Right:
            return Shape::Slope45Left;
        case Shape::Slope45Left:
            return Shape::Slope45Right;
        case Shape::Slope22RightLow:
            return Shape::Slope22LeftLow;
        case Shape::Slope22LeftLow:
            return Shape::Slope22RightLow;
        case Shape::Slope22RightHigh:
            return Shape::Slope22LeftHigh;
        case Shape::Slope22LeftHigh:
            return Shape::Slope22RightHigh;
        default:
            return s;
    }
}
uint8_t mirrorMask(uint8_t m) {
    return uint8_t((m & ~(DIR_LEFT | DIR_RIGHT)) | ((m & DIR_LEFT) ? DIR_RIGHT : 0) |
                   ((m & DIR_RIGHT) ? DIR_LEFT : 0));
}
}  // namespace

Map mirrorMap(const Map& m) {
    Map r = m;
    // Kind ids of the mirrored kinds, adding kinds that the tileset lacks.
    std::vector<uint16_t> remap(m.tileset.kinds.size());
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        TileKind want = m.tileset.kinds[i];
        want.shape = mirrorShape(want.shape);
        if (want.shape == Shape::OneWay) want.passMask = mirrorMask(want.passMask);
        if (want.shape == m.tileset.kinds[i].shape &&
            want.passMask == m.tileset.kinds[i].passMask) {
            remap[i] = uint16_t(i);
            continue;
        }
        size_t found = r.tileset.kinds.size();
        for (size_t j = 0; j < r.tileset.kinds.size(); ++j)
            if (r.tileset.kinds[j].shape == want.shape &&
                r.tileset.kinds[j].passMask == want.passMask)
                found = j;
        if (found == r.tileset.kinds.size()) {
            want.name += "_mirrored";
            r.tileset.kinds.push_back(want);
        }
        remap[i] = uint16_t(found);
    }
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x) r.setTile(m.width - 1 - x, y, remap[m.tile(x, y)]);
    r.walls.resize(m.width, m.height);
    for (int32_t y = 0; y <= m.height; ++y)
        for (int32_t x = 0; x < m.width; ++x)
            if (m.walls.h(x, y)) r.walls.setH(m.width - 1 - x, y, true);
    for (int32_t y = 0; y < m.height; ++y)
        for (int32_t x = 0; x <= m.width; ++x)
            if (m.walls.v(x, y)) r.walls.setV(m.width - x, y, true);
    const int64_t wpx = m.widthPx();
    for (Brush& b : r.brushes) b.rect.x = wpx - b.rect.x - b.rect.w;
    for (Actor& a : r.actors) a.x = moverInfo(a.mover).round ? wpx - a.x : wpx - a.x - a.w;
    return r;
}

InputBits mirrorKeys(InputBits k) {
    return InputBits((k & ~(KEY_L | KEY_R)) | ((k & KEY_L) ? KEY_R : 0) |
                     ((k & KEY_R) ? KEY_L : 0));
}

std::vector<InputBits> mirrorInputs(const std::vector<InputBits>& inputs) {
    std::vector<InputBits> out(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) out[i] = mirrorKeys(inputs[i]);
    return out;
}

MoverState mirrorState(const MoverState& s, int64_t wpx, bool round) {
    MoverState r = s;
    r.x = round ? Fix::fromInt(wpx) - s.x : Fix::fromInt(wpx - s.w) - s.x;
    r.vx = -s.vx;
    if (s.facing == DIR_LEFT)
        r.facing = DIR_RIGHT;
    else if (s.facing == DIR_RIGHT)
        r.facing = DIR_LEFT;
    return r;
}

}  // namespace ts::test
