// One Tiled object read the same way from a TMX element or a TMJ object: which attributes
// make a TiledObject, in which order, and when the object is a template instance, is decided
// here once. tiled_tmx.cpp and tiled_tmj.cpp each give a small ObjectSource over their own
// node, with their own number checks and error texts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/tiled/tiled_model.h"
#include "io/tiled/detail/tiled_template.h"

namespace ts::interop {

// An object's attributes as its file states them. Each call throws MapError naming the file,
// the object and the attribute when the value is unusable.
class ObjectSource {
  public:
    virtual ~ObjectSource() = default;
    virtual bool has(const char* key) const = 0;
    virtual std::string text(const char* key) const = 0;             // "" when absent
    virtual std::string className() const = 0;                       // `class` (1.9+), else `type`
    virtual double number(const char* key) const = 0;                // 0 when absent
    virtual int64_t integer(const char* key, int64_t hi) const = 0;  // 0..hi, 0 when absent
    // The shape the object states (Rectangle when none); a polygon's or polyline's points.
    virtual ObjectShape shape(std::vector<TiledPoint>* points) const = 0;
    virtual TiledProperties properties() const = 0;
};

// The object `src` describes. With `templates` (objects in a map's layers), an object that
// names a template is merged with it (tiled_template.h); without, it is read as written.
TiledObject readObject(const ObjectSource& src, TemplateInstancer* templates);

}  // namespace ts::interop
