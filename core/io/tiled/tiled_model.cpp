#include "io/tiled/tiled_model.h"

namespace ts::interop {

const TiledProperty* findProperty(const TiledProperties& props, const std::string& name) {
    for (const TiledProperty& p : props)
        if (p.name == name) return &p;
    return nullptr;
}

const char* objectShapeName(ObjectShape s) {
    switch (s) {
        case ObjectShape::Rectangle:
            return "rectangle";
        case ObjectShape::Ellipse:
            return "ellipse";
        case ObjectShape::Point:
            return "point";
        case ObjectShape::Polygon:
            return "polygon";
        case ObjectShape::Polyline:
            return "polyline";
        case ObjectShape::Text:
            return "text";
    }
    return "?";
}

const TiledTile* TiledTileset::tile(uint32_t localId) const {
    for (const TiledTile& t : tiles)
        if (t.id == localId) return &t;
    return nullptr;
}

}  // namespace ts::interop
