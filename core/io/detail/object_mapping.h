// Tiled objects (and LDtk entities) to tilestep brushes, actors and edge walls:
//   - an object whose class/type is a mover id (pixel_sweep, grid_walls, topdown_aabb,
//     scanline_slide) is an actor: rectangle, ellipse, point or tile object; its custom
//     properties named like the mover's parameters set them;
//   - a rectangle with no class/type, or "brush", is a brush;
//   - a polyline whose segments lie on grid lines is a run of edge walls;
//   - anything else is skipped with one warning line.
// Coordinates are rounded to whole pixels.
#pragma once
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "map/map.h"
#include "io/tiled/tiled_model.h"

namespace ts::interop {

// The actor names one import has given out, so that each new actor gets a unique name in
// constant time however many objects share a name (a linear search per actor made an
// import of many same-named objects cubic).
class ActorNames {
  public:
    // NAME when no actor has it yet, else the first free of NAME_2, NAME_3, ...; taken from
    // then on.
    std::string claim(const std::string& name);

  private:
    std::unordered_set<std::string> taken_;
    std::unordered_map<std::string, int> next_;  // per name, the suffix to try first
};

// The ids of the objects that became actors, brushes and walls.
struct ObjectOrigins {
    std::vector<int64_t> actors, brushes, walls;
};

// Adds what the layer's objects become. shiftX/Y (px) is added to every coordinate (layer
// offsets, the origin of an infinite map). `origins`, when given, collects the objects used.
void addObjects(const TiledObjectLayer& layer, double shiftX, double shiftY, Map& m,
                std::vector<std::string>& warnings, ActorNames& names,
                ObjectOrigins* origins = nullptr);

// An actor from a box given by its top-left corner and size in px (0 x 0: a point, the
// actor gets the default box at that point). `what` names the source object in warnings.
// Returns false (with a warning) when it does not fit the map.
bool addActor(Map& m, std::string name, MoverKind mover, double left, double top, double w,
              double h, const TiledProperties& params, const std::string& what,
              std::vector<std::string>& warnings, ActorNames& names);

}  // namespace ts::interop
