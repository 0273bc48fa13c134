#include "movers/grid_walls_region.h"

#include "world/collision.h"

namespace ts::grid_walls {

const char* regionClassName(RegionClass c) {
    switch (c) {
        case RegionClass::A:
            return "a";
        case RegionClass::B:
            return "b";
        case RegionClass::C:
            return "c";
    }
    return "?";
}

Lattice makeLattice(int32_t tileSize, Fix bandCells) {
    // Below 1/64 cell the band vanishes in small tiles; from 1/2 cell up the free part of a
    // cell would be empty and a one-cell corridor closed.
    const Fix band = fixClamp(bandCells, Fix::ratio(1, 64), Fix::ratio(15, 32));
    Lattice l;
    l.cell = int64_t(tileSize) * Fix::kOne;
    l.band = band.raw * tileSize;
    return l;
}

bool solidCell(const CollisionWorld& w, int64_t cx, int64_t cy) {
    const Shape s = w.shapeAt(cx, cy);
    return s != Shape::Empty && s != Shape::OneWay;
}

bool wallOnH(const CollisionWorld& w, int64_t cx, int64_t ky) {
    return w.wallH(cx, ky) || solidCell(w, cx, ky - 1) || solidCell(w, cx, ky);
}

bool wallOnV(const CollisionWorld& w, int64_t kx, int64_t cy) {
    return w.wallV(kx, cy) || solidCell(w, kx - 1, cy) || solidCell(w, kx, cy);
}

bool crossingHasHWall(const CollisionWorld& w, int64_t kx, int64_t ky) {
    return wallOnH(w, kx - 1, ky) || wallOnH(w, kx, ky);
}

bool regionForbidden(const CollisionWorld& w, int64_t hx, int64_t hy) {
    // For a band region floorDiv(h, 2) is its line; for the part between bands, its cell.
    const int64_t kx = floorDiv(hx, 2), ky = floorDiv(hy, 2);
    const bool nearX = (hx & 1) == 0, nearY = (hy & 1) == 0;
    if (nearX && nearY)
        return crossingHasHWall(w, kx, ky) || wallOnV(w, kx, ky - 1) || wallOnV(w, kx, ky);
    if (nearY) return wallOnH(w, kx, ky);
    if (nearX) return wallOnV(w, kx, ky);
    return solidCell(w, kx, ky);
}

}  // namespace ts::grid_walls
