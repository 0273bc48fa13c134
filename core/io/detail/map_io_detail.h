// Private helpers shared by the JSON and binary map readers/writers (core/io/map_json.cpp,
// core/io/map_binary.cpp). Not part of the public API: include core/io/map_io.h instead.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/import_result.h"
#include "io/map_io.h"
#include "movers/mover.h"

namespace ts::mapio {

// Longest tile kind / actor name, and longest tileset image path, in bytes. Generous limits
// that keep a corrupt length from turning into a huge string.
constexpr size_t kMaxNameBytes = 256;
constexpr size_t kMaxPathBytes = 4096;
// Most actors and brushes in one map: far above any hand-made level, small enough that a
// corrupt count cannot exhaust memory.
constexpr size_t kMaxActors = 65536;
constexpr size_t kMaxBrushes = 1 << 20;
constexpr size_t kMaxKinds = 65535;

// Throws MapError("NAME: FIELD: PROBLEM").
[[noreturn]] void fail(const std::string& name, const std::string& field,
                       const std::string& problem);

// "#RRGGBBAA" <-> 0xAARRGGBB. Parsing also accepts "#RRGGBB" (opaque).
std::string colorText(uint32_t argb);
bool parseColor(const std::string& text, uint32_t* argb);

// Empty string if s is a usable name or path (valid UTF-8, no control characters, at most
// maxBytes), else the problem.
std::string checkText(const std::string& s, size_t maxBytes);

// The set edge walls as (x, y) pairs in row-major order (y, then x): the file order.
struct WallPos {
    int32_t x, y;
};
std::vector<WallPos> listWalls(const EdgeWalls& w, bool horizontal);
// Empty string if (x, y) may hold a wall of that orientation in a width x height map.
std::string checkWall(int64_t x, int64_t y, int32_t width, int32_t height, bool horizontal);

// Checks a parameter value read for a mover against its ParamSpec: inside min..max, whole
// for integer parameters. Empty string if fine, else the problem.
std::string checkParamValue(const ParamSpec& spec, Fix value);

// "a, b, c": the ids of every mover, and the parameter names of one, for error messages.
std::string knownMovers();
// The problem with an actor's mover id that names no loaded mover (built-in or plugin).
std::string unknownMover(const std::string& id);
std::string knownParams(MoverKind k);

// mapToJson with another format_version written: the text a file of that version would have
// had, to patch such a file (core/io/map_json_patch.cpp).
std::string mapToJsonAs(const Map& m, int64_t version);

// mapToBinary with a choice of byte order: tilestep writes little endian; big endian is
// only for testing that such files (cereal's flag byte 0) read back the same.
std::string toBinary(const Map& m, bool bigEndian);

// The table's (core/io/map_formats.cpp) reads and writes of tilestep's own files; the options
// and the folder do not apply to them.
interop::ImportResult readJsonFile(const std::string& path, const interop::ImportOptions&);
interop::ImportResult readBinaryFile(const std::string& path, const interop::ImportOptions&);
void writeJsonFile(const Map& m, const std::string& path, const std::string& mapFolder);
void writeBinaryFile(const Map& m, const std::string& path, const std::string& mapFolder);

// Runs validateMap and turns a problem into MapError("NAME: field: problem").
void validateLoaded(const Map& m, const std::string& name);

}  // namespace ts::mapio
