#include "io/tiled/detail/tiled_object_read.h"

namespace ts::interop {

TiledObject readObject(const ObjectSource& src, TemplateInstancer* templates) {
    TiledObject o;
    o.id = src.integer("id", INT32_MAX);
    o.name = src.text("name");
    o.type = src.className();
    o.x = src.number("x");
    o.y = src.number("y");
    o.width = src.number("width");
    o.height = src.number("height");
    o.rotation = src.number("rotation");
    o.gid = uint32_t(src.integer("gid", UINT32_MAX));
    o.shape = src.shape(&o.points);
    o.properties = src.properties();
    const std::string ref = src.text("template");
    if (!templates || ref.empty()) return o;
    return templates->instantiate(ref, o, src.has("rotation"), o.shape != ObjectShape::Rectangle);
}

}  // namespace ts::interop
