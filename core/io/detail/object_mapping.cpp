#include "io/detail/object_mapping.h"

#include <cmath>
#include <cstdlib>

#include "io/layer_data.h"
#include "base/json_number.h"
#include "io/detail/map_io_detail.h"
#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts::interop {

namespace {

int64_t px(double v) {
    return int64_t(std::llround(v));
}

std::string describe(const TiledObject& o, const std::string& layer) {
    std::string s = "layer \"" + layer + "\": object " + std::to_string(o.id);
    if (!o.name.empty()) s += " \"" + o.name + "\"";
    return s + " (" + (o.gid ? "tile" : objectShapeName(o.shape)) + ")";
}

bool onGrid(double v, int32_t tile, int64_t* line) {
    double r = std::round(v);
    if (std::fabs(v - r) > 0.01) return false;
    int64_t p = int64_t(r);
    if (p % tile != 0) return false;
    *line = p / tile;
    return true;
}

// Every segment horizontal or vertical along grid lines, inside the map. Returns "" and
// sets the walls, or the reason it is not a wall run (the map is then unchanged).
std::string addWalls(const TiledObject& o, double sx, double sy, Map& m) {
    if (o.points.size() < 2) return "a polyline needs two points";
    EdgeWalls walls = m.walls;
    const int32_t t = m.tileSize;
    for (size_t i = 0; i + 1 < o.points.size(); ++i) {
        int64_t x0, y0, x1, y1;
        if (!onGrid(o.x + o.points[i].x + sx, t, &x0) ||
            !onGrid(o.y + o.points[i].y + sy, t, &y0) ||
            !onGrid(o.x + o.points[i + 1].x + sx, t, &x1) ||
            !onGrid(o.y + o.points[i + 1].y + sy, t, &y1))
            return "its points are not on grid lines";
        if (x0 != x1 && y0 != y1) return "a segment is neither horizontal nor vertical";
        const bool horizontal = y0 == y1;
        const int64_t from = horizontal ? std::min(x0, x1) : std::min(y0, y1);
        const int64_t to = horizontal ? std::max(x0, x1) : std::max(y0, y1);
        for (int64_t k = from; k < to; ++k) {
            const int64_t wx = horizontal ? k : x0, wy = horizontal ? y0 : k;
            std::string problem = mapio::checkWall(wx, wy, m.width, m.height, horizontal);
            if (!problem.empty()) return "wall " + problem;
            if (horizontal)
                walls.setH(int32_t(wx), int32_t(wy), true);
            else
                walls.setV(int32_t(wx), int32_t(wy), true);
        }
    }
    m.walls = std::move(walls);
    return "";
}

std::string addBrush(const TiledObject& o, double sx, double sy, Map& m) {
    if (!(o.width > 0 && o.height > 0)) return "a rectangle without area";
    int64_t x0 = std::max<int64_t>(px(o.x + sx), 0), y0 = std::max<int64_t>(px(o.y + sy), 0);
    int64_t x1 = std::min(px(o.x + sx + o.width), m.widthPx());
    int64_t y1 = std::min(px(o.y + sy + o.height), m.heightPx());
    if (x1 <= x0 || y1 <= y0) return "outside the map";
    if (m.brushes.size() >= mapio::kMaxBrushes) return "too many brushes";
    m.brushes.push_back(Brush{RectI{x0, y0, x1 - x0, y1 - y0}});
    return "";
}

}  // namespace

bool addActor(Map& m, std::string name, MoverKind mover, double left, double top, double w,
              double h, const TiledProperties& params, const std::string& what,
              std::vector<std::string>& warnings, ActorNames& names) {
    const MoverInfo& mi = moverInfo(mover);
    Actor a;
    a.mover = mover;
    a.params = defaultParams(mover);
    const bool point = w == 0 && h == 0;
    if (!point) {
        a.w = int32_t(std::llround(std::fmin(std::fmax(w, -1), 1e6)));
        a.h = int32_t(std::llround(std::fmin(std::fmax(h, -1), 1e6)));
    }
    if (a.w < 1 || a.h < 1 || a.w > 4096 || a.h > 4096) {
        warnings.push_back(what + ": skipped: box " + std::to_string(a.w) + " x " +
                           std::to_string(a.h) + " is outside 1..4096");
        return false;
    }
    // Round movers are placed by their centre; a point is the spawn itself.
    if (point) {
        a.x = px(left);
        a.y = px(top);
    } else if (mi.round) {
        a.x = px(left + w / 2);
        a.y = px(top + h / 2);
    } else {
        a.x = px(left);
        a.y = px(top);
    }
    if (a.x < 0 || a.y < 0 || a.x > m.widthPx() || a.y > m.heightPx()) {
        warnings.push_back(what + ": skipped: spawn (" + std::to_string(a.x) + ", " +
                           std::to_string(a.y) + ") is outside the map");
        return false;
    }
    if (!mapio::checkText(name, mapio::kMaxNameBytes).empty() || name.empty())
        name = std::string(mi.id);
    const std::string unique = names.claim(name);
    if (unique != name)
        warnings.push_back(what + ": actor renamed \"" + unique + "\" (the name is taken)");
    a.name = unique;
    for (const TiledProperty& p : params) {
        int index = findParam(mover, p.name);
        if (index < 0) {
            warnings.push_back(what + ": property \"" + p.name + "\" ignored: not a parameter of " +
                               mi.id + " (known: " + mapio::knownParams(mover) + ")");
            continue;
        }
        // Read exactly, as the map loader reads its numbers (core/base/json_number.h).
        jsonnum::Decimal d;
        Fix v;
        std::string problem;
        if (!jsonnum::parse(p.value, &d) || d.nan)
            problem = "\"" + p.value + "\" is not a number";
        else if (jsonnum::toFix(d, &v) != jsonnum::Problem::None)
            problem = jsonnum::shown(p.value) + " is out of range";
        else
            problem = mapio::checkParamValue(mi.params[index], v);
        if (!problem.empty()) {
            warnings.push_back(what + ": parameter " + p.name + " left at its default: " + problem);
            continue;
        }
        a.params[size_t(index)] = v;
        a.paramsSet |= paramBit(index);
    }
    if (m.actors.size() >= mapio::kMaxActors) {
        warnings.push_back(what + ": skipped: too many actors");
        return false;
    }
    m.actors.push_back(std::move(a));
    return true;
}

std::string ActorNames::claim(const std::string& name) {
    if (taken_.insert(name).second) return name;
    int& n = next_.try_emplace(name, 2).first->second;
    std::string unique = name + "_" + std::to_string(n);
    while (!taken_.insert(unique).second) unique = name + "_" + std::to_string(++n);
    ++n;
    return unique;
}

void addObjects(const TiledObjectLayer& layer, double sx, double sy, Map& m,
                std::vector<std::string>& warnings, ActorNames& names, ObjectOrigins* origins) {
    sx += layer.offsetX;
    sy += layer.offsetY;
    for (const TiledObject& o : layer.objects) {
        const std::string what = describe(o, layer.name);
        auto skip = [&](const std::string& why) { warnings.push_back(what + ": skipped: " + why); };
        if (o.rotation != 0) {
            skip("rotated objects have no tilestep equivalent");
            continue;
        }
        if (const MoverInfo* mi = findMover(o.type)) {
            if (o.shape == ObjectShape::Polygon || o.shape == ObjectShape::Polyline ||
                o.shape == ObjectShape::Text) {
                skip("an actor must be a rectangle, ellipse, point or tile object");
                continue;
            }
            // Tile objects are anchored at their bottom-left corner.
            const double top = o.gid ? o.y - o.height : o.y;
            if (addActor(m, o.name, mi->kind, o.x + sx, top + sy, o.width, o.height, o.properties,
                         what, warnings, names) &&
                origins)
                origins->actors.push_back(o.id);
            continue;
        }
        std::string problem;
        if (o.gid) {
            problem = "tile objects become actors only when their class names a mover";
        } else if (o.shape == ObjectShape::Rectangle) {
            if (!o.type.empty() && o.type != "brush")
                problem = "class \"" + o.type + "\" is neither a mover nor \"brush\"";
            else if ((problem = addBrush(o, sx, sy, m)).empty() && origins)
                origins->brushes.push_back(o.id);
        } else if (o.shape == ObjectShape::Polyline) {
            if ((problem = addWalls(o, sx, sy, m)).empty() && origins)
                origins->walls.push_back(o.id);
        } else {
            problem = std::string("tilestep has no ") + objectShapeName(o.shape) +
                      " objects (only brushes, actors and edge walls)";
        }
        if (!problem.empty()) skip(problem);
    }
}

}  // namespace ts::interop
