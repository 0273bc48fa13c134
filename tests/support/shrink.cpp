#include "shrink.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "sim/input_log.h"
#include "io/map_io.h"

namespace ts::test {

Fix drawParam(const ParamSpec& spec, SplitMix64& rng) {
    const int64_t lo = spec.minFix().raw, hi = spec.maxFix().raw;
    const int64_t one = Fix::kOne;
    const int64_t pick = rng.range(0, 99);
    if (pick < 10) return Fix::fromRaw(lo);
    if (pick < 20) return Fix::fromRaw(hi);
    // The lowest eighth of the range a third of the time, else the whole range.
    const int64_t top =
        pick < 53 ? lo + std::max<int64_t>((hi - lo) / 8, spec.integer ? one : 1) : hi;
    if (spec.integer) return Fix::fromInt(rng.range(lo / one, std::min(top, hi) / one));
    if (rng.chance(50)) {  // a multiple of 1/16 in range
        const int64_t sixteenth = one / 16;
        const int64_t a = (lo + sixteenth - 1) / sixteenth, b = std::min(top, hi) / sixteenth;
        if (a <= b) return Fix::fromRaw(rng.range(a, b) * sixteenth);
    }
    return Fix::fromRaw(rng.range(lo, std::min(top, hi)));
}

ParamValues fullRangeParams(MoverKind kind, SplitMix64& rng) {
    const MoverInfo& mi = moverInfo(kind);
    ParamValues p = defaultParams(kind);
    for (int i = 0; i < mi.paramCount; ++i) p[size_t(i)] = drawParam(mi.params[i], rng);
    return p;
}

void addThinBrushes(Map& m, SplitMix64& rng, int count) {
    const int64_t t = m.tileSize;
    for (int i = 0; i < count; ++i) {
        int64_t w = 0, h = 0;
        switch (rng.range(0, 2)) {
            case 0:  // a vertical bar
                w = rng.range(1, 2), h = rng.range(1, 3 * t);
                break;
            case 1:  // a horizontal bar
                w = rng.range(1, 3 * t), h = rng.range(1, 2);
                break;
            default:  // a small block
                w = rng.range(1, 6), h = rng.range(1, 6);
        }
        w = std::min(w, m.widthPx()), h = std::min(h, m.heightPx());
        m.brushes.push_back(
            Brush{RectI{rng.range(0, m.widthPx() - w), rng.range(0, m.heightPx() - h), w, h}});
    }
}

void addLowSteps(Map& m, SplitMix64& rng, int count) {
    const int64_t t = m.tileSize;
    for (int i = 0, tries = 0; i < count && tries < 50 * count; ++tries) {
        const int64_t x = rng.range(0, m.width - 1), y = rng.range(1, m.height - 1);
        if (m.tile(x, y) != 1 || m.tile(x, y - 1) != 0) continue;
        const int64_t h = rng.range(1, 6), w = rng.range(2, 2 * t);
        const int64_t bx = std::min(x * t + rng.range(0, t - 1), m.widthPx() - w);
        m.brushes.push_back(Brush{RectI{bx, y * t - h, w, h}});
        ++i;
    }
}

int propScale() {
    const char* v = std::getenv("TILESTEP_PROPS_SCALE");
    const int n = v ? std::atoi(v) : 1;
    return n < 1 ? 1 : n;
}

namespace {

// The map cut to tiles [x0, x0 + w) x [y0, y0 + h); brushes clipped to it (outside is solid
// anyway), actors moved with it.
Map cropMap(const Map& m, int32_t x0, int32_t y0, int32_t w, int32_t h) {
    Map r = Map::blank(w, h, m.tileSize);
    r.simRate = m.simRate;
    r.tileset = m.tileset;
    for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x < w; ++x) r.setTile(x, y, m.tile(x + x0, y + y0));
    for (int32_t y = 0; y <= h; ++y)
        for (int32_t x = 0; x < w; ++x) r.walls.setH(x, y, m.walls.h(x + x0, y + y0));
    for (int32_t y = 0; y < h; ++y)
        for (int32_t x = 0; x <= w; ++x) r.walls.setV(x, y, m.walls.v(x + x0, y + y0));
    const int64_t ox = int64_t(x0) * m.tileSize, oy = int64_t(y0) * m.tileSize;
    for (const Brush& b : m.brushes) {
        const int64_t bx0 = std::max<int64_t>(b.rect.x - ox, 0);
        const int64_t by0 = std::max<int64_t>(b.rect.y - oy, 0);
        const int64_t bx1 = std::min<int64_t>(b.rect.right() - ox, r.widthPx());
        const int64_t by1 = std::min<int64_t>(b.rect.bottom() - oy, r.heightPx());
        if (bx1 > bx0 && by1 > by0)
            r.brushes.push_back(Brush{RectI{bx0, by0, bx1 - bx0, by1 - by0}});
    }
    for (Actor a : m.actors) {
        a.x -= ox;
        a.y -= oy;
        r.actors.push_back(a);
    }
    return r;
}

// Does the actor's box (or circle's bounding box) still lie inside the map?
bool actorInside(const Map& m) {
    for (const Actor& a : m.actors) {
        const bool round = moverInfo(a.mover).round;
        const int64_t x = round ? a.x - a.w / 2 : a.x, y = round ? a.y - a.w / 2 : a.y;
        const int64_t h = round ? a.w : a.h;
        if (x < 0 || y < 0 || x + a.w > m.widthPx() || y + h > m.heightPx()) return false;
    }
    return true;
}

class Shrinker {
  public:
    Shrinker(const PropCheck& check, int budget) : check_(check), budget_(budget) {}

    // Keeps `c` when it still fails; false when it passes or the budget is spent.
    bool fails(const PropCase& c) {
        if (budget_ <= 0) return false;
        --budget_;
        return !check_(c).empty();
    }
    bool spent() const { return budget_ <= 0; }

  private:
    const PropCheck& check_;
    int budget_;
};

void shrinkKeys(PropCase& c, Shrinker& s) {
    // Shortest failing prefix (a failure at frame f fails every longer prefix).
    size_t lo = 1, hi = c.keys.size();
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        PropCase t = c;
        t.keys.resize(mid);
        if (s.fails(t)) {
            hi = mid;
            c = std::move(t);
        } else {
            lo = mid + 1;
        }
        if (s.spent()) return;
    }
    // Remove chunks of frames, halving the chunk size down to one frame.
    for (size_t chunk = std::max<size_t>(c.keys.size() / 2, 1);; chunk /= 2) {
        for (size_t at = 0; at + chunk <= c.keys.size() && c.keys.size() > 1 && !s.spent();) {
            PropCase t = c;
            t.keys.erase(t.keys.begin() + long(at), t.keys.begin() + long(at + chunk));
            if (!t.keys.empty() && s.fails(t))
                c = std::move(t);
            else
                at += chunk;
        }
        if (chunk == 1) break;
    }
    // Drop single keys from each frame (jump first, then the others).
    for (InputBits bit : {KEY_J, KEY_U, KEY_D, KEY_L, KEY_R})
        for (size_t f = 0; f < c.keys.size() && !s.spent(); ++f) {
            if (!(c.keys[f] & bit)) continue;
            PropCase t = c;
            t.keys[f] = InputBits(t.keys[f] & ~bit);
            if (s.fails(t)) c = std::move(t);
        }
}

void shrinkMap(PropCase& c, Shrinker& s) {
    auto tryMap = [&](Map m) {
        if (!actorInside(m)) return false;
        PropCase t{std::move(m), c.keys};
        if (!s.fails(t)) return false;
        c = std::move(t);
        return true;
    };
    // Crop rows and columns from every side while it still fails.
    for (bool changed = true; changed && !s.spent();) {
        changed = false;
        const Map& m = c.map;
        if (m.width > 1 && tryMap(cropMap(m, 0, 0, m.width - 1, m.height))) changed = true;
        if (m.height > 1 && tryMap(cropMap(c.map, 0, 0, c.map.width, c.map.height - 1)))
            changed = true;
        if (c.map.width > 1 && tryMap(cropMap(c.map, 1, 0, c.map.width - 1, c.map.height)))
            changed = true;
        if (c.map.height > 1 && tryMap(cropMap(c.map, 0, 1, c.map.width, c.map.height - 1)))
            changed = true;
    }
    for (size_t i = c.map.brushes.size(); i-- > 0 && !s.spent();) {
        Map m = c.map;
        m.brushes.erase(m.brushes.begin() + long(i));
        tryMap(std::move(m));
    }
    for (int32_t y = 0; y <= c.map.height && !s.spent(); ++y)
        for (int32_t x = 0; x < c.map.width && !s.spent(); ++x)
            if (c.map.walls.h(x, y)) {
                Map m = c.map;
                m.walls.setH(x, y, false);
                tryMap(std::move(m));
            }
    for (int32_t y = 0; y < c.map.height && !s.spent(); ++y)
        for (int32_t x = 0; x <= c.map.width && !s.spent(); ++x)
            if (c.map.walls.v(x, y)) {
                Map m = c.map;
                m.walls.setV(x, y, false);
                tryMap(std::move(m));
            }
    for (int32_t y = 0; y < c.map.height && !s.spent(); ++y)
        for (int32_t x = 0; x < c.map.width && !s.spent(); ++x)
            if (c.map.tile(x, y) != 0) {
                Map m = c.map;
                m.setTile(x, y, 0);
                if (!tryMap(m) && c.map.tile(x, y) != 1) {  // a special tile: try plain solid
                    m.setTile(x, y, 1);
                    tryMap(std::move(m));
                }
            }
}

}  // namespace

PropCase shrinkCase(PropCase c, const PropCheck& check, int maxChecks) {
    Shrinker s(check, maxChecks);
    // Keys first (cheaper checks afterwards), then the map, then the keys again.
    shrinkKeys(c, s);
    shrinkMap(c, s);
    shrinkKeys(c, s);
    return c;
}

std::string describeCase(const PropCase& c, const std::string& failure) {
    std::ostringstream o;
    o << failure << "\n";
    if (!c.map.actors.empty()) {
        const Actor& a = c.map.actors[0];
        const MoverInfo& mi = moverInfo(a.mover);
        o << "actor " << mi.id << " at " << a.x << "," << a.y << " size " << a.w << "x" << a.h
          << ", params:";
        for (int i = 0; i < mi.paramCount; ++i)
            o << " " << mi.params[i].name << "=" << a.params[size_t(i)].str();
        o << "\n";
    }
    o << "tiles (" << c.map.width << "x" << c.map.height << " of " << c.map.tileSize
      << " px; kind ids):\n";
    for (int32_t y = 0; y < c.map.height; ++y) {
        o << "  ";
        for (int32_t x = 0; x < c.map.width; ++x) {
            const uint16_t t = c.map.tile(x, y);
            o << (t == 0 ? '.' : t < 10 ? char('0' + t) : '+');
        }
        o << "\n";
    }
    InputLog log;
    for (InputBits k : c.keys) log.push(k);
    o << "map JSON:\n"
      << mapToJson(c.map) << "input log (" << c.keys.size() << " frames):\n"
      << formatInputLog(log);
    return o.str();
}

std::string checkOrShrink(const PropCase& c, const PropCheck& check, const std::string& label) {
    const std::string failure = check(c);
    if (failure.empty()) return "";
    const PropCase small = shrinkCase(c, check);
    return label + ": " + failure + "\nshrunk to " + std::to_string(small.map.width) + "x" +
           std::to_string(small.map.height) + " tiles, " + std::to_string(small.keys.size()) +
           " frames: " + describeCase(small, check(small));
}

}  // namespace ts::test
