// Map files on disk: loading and saving through the format table (core/io/map_formats.h),
// reading tilestep's own files whole, atomic saves, and the small checks the JSON and binary
// forms share (core/io/map_json.cpp, core/io/map_binary.cpp).
#include "io/map_io.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "base/atomic_file.h"
#include "base/bounded_read.h"
#include "io/interop_files.h"
#include "io/map_formats.h"
#include "io/map_json_patch.h"
#include "io/detail/map_io_detail.h"
#include "plugin/plugin_registry.h"

namespace ts {

namespace mapio {

void fail(const std::string& name, const std::string& field, const std::string& problem) {
    throw MapError(field.empty() ? name + ": " + problem : name + ": " + field + ": " + problem);
}

std::string colorText(uint32_t argb) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%06X%02X", unsigned(argb & 0xffffffu), unsigned(argb >> 24));
    return buf;
}

bool parseColor(const std::string& text, uint32_t* argb) {
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return false;
    uint32_t v = 0;
    for (size_t i = 1; i < text.size(); ++i) {
        char c = text[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return false;
        v = v << 4 | uint32_t(d);
    }
    // Text is RRGGBB[AA]; memory is AARRGGBB.
    *argb = text.size() == 7 ? (0xff000000u | v) : ((v & 0xffu) << 24 | v >> 8);
    return true;
}

std::string checkText(const std::string& s, size_t maxBytes) {
    if (s.size() > maxBytes)
        return "text of " + std::to_string(s.size()) + " bytes is longer than " +
               std::to_string(maxBytes);
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f) return "contains a control character";
        if (c < 0x80) {
            ++i;
            continue;
        }
        // Well-formed UTF-8 only (Unicode table 3-7): no overlong forms (C0, C1, E0 80..9F,
        // F0 80..8F), no surrogates (ED A0..BF), nothing above U+10FFFF (F4 90.., F5..FF).
        // JSON writers and readers disagree on anything else, so a map could not round-trip.
        const size_t len = c >= 0xC2 && c <= 0xDF   ? 2
                           : c >= 0xE0 && c <= 0xEF ? 3
                           : c >= 0xF0 && c <= 0xF4 ? 4
                                                    : 0;
        if (len == 0 || i + len > s.size()) return "is not valid UTF-8";
        const unsigned char second = (unsigned char)s[i + 1];
        const unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        const unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        if (second < lo || second > hi) return "is not valid UTF-8";
        for (size_t k = 2; k < len; ++k)
            if (((unsigned char)s[i + k] >> 6) != 2) return "is not valid UTF-8";
        i += len;
    }
    return "";
}

std::vector<WallPos> listWalls(const EdgeWalls& w, bool horizontal) {
    std::vector<WallPos> out;
    const int32_t rows = horizontal ? w.height + 1 : w.height;
    const int32_t cols = horizontal ? w.width : w.width + 1;
    for (int32_t y = 0; y < rows; ++y)
        for (int32_t x = 0; x < cols; ++x)
            if (horizontal ? w.h(x, y) : w.v(x, y)) out.push_back({x, y});
    return out;
}

std::string checkWall(int64_t x, int64_t y, int32_t width, int32_t height, bool horizontal) {
    const int64_t maxX = horizontal ? width - 1 : width;
    const int64_t maxY = horizontal ? height : height - 1;
    if (x >= 0 && y >= 0 && x <= maxX && y <= maxY) return "";
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ") is outside 0.." +
           std::to_string(maxX) + " x 0.." + std::to_string(maxY) + " for a " +
           std::to_string(width) + " x " + std::to_string(height) + " map";
}

std::string checkParamValue(const ParamSpec& spec, Fix f) {
    // Beyond 2^46 a value leaves Fix no headroom; no parameter range goes near it.
    const int64_t kLimit = int64_t(1) << (46 + Fix::kFracBits);
    if (f.raw >= kLimit || f.raw <= -kLimit) return "value out of range";
    return spec.check(f);
}

std::string knownMovers() {
    std::string s;
    for (MoverKind k : moverKinds()) s += std::string(s.empty() ? "" : ", ") + moverInfo(k).id;
    return s;
}

std::string unknownMover(const std::string& id) {
    if (id.rfind("plugin:", 0) == 0)
        return "plugin mover \"" + id + "\" is not loaded (give its library with --plugin " +
               "PATH.so; loaded: " + knownMovers() + ")";
    return "unknown mover \"" + id + "\" (known: " + knownMovers() + ")";
}

std::string knownParams(MoverKind k) {
    const MoverInfo& mi = moverInfo(k);
    std::string s;
    for (int i = 0; i < mi.paramCount; ++i) s += std::string(i ? ", " : "") + mi.params[i].name;
    return s.empty() ? "none" : s;
}

void validateLoaded(const Map& m, const std::string& name) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError(name + ": " + problem);
}

}  // namespace mapio

namespace {

// Whether the first bytes already decide that the parser will refuse the file, whatever
// follows: then there is no need to read the rest of /dev/zero or /dev/urandom, and the
// parsers fail on the bytes read so far at the same place, with the same message, as they
// would on the whole file.
enum class FileStart { Undecided, Plausible, Hopeless };

// `from`: where the bytes not yet judged begin (all before it were undecided: whitespace).
FileStart judgeStart(bool binary, const std::string& bytes, size_t from) {
    if (binary)  // the magic's first byte
        return (unsigned char)bytes[0] == 0x89 ? FileStart::Plausible : FileStart::Hopeless;
    // rapidjson skips a UTF-8 byte-order mark the way its EncodedInputStream does: each of
    // EF, BB, BF in turn when present. So must this, or a good file would be cut short.
    size_t start = 0;
    for (unsigned char b : {0xEF, 0xBB, 0xBF})
        if (start < bytes.size() && (unsigned char)bytes[start] == b) ++start;
    const size_t i = bytes.find_first_not_of(" \t\r\n", std::max(start, from));
    if (i == std::string::npos) return FileStart::Undecided;
    // The bytes a JSON value can start with (NaN and Infinity are allowed by the parse flags);
    // rapidjson stops at any other byte without looking further.
    const bool valueStart = bytes[i] != '\0' && std::strchr("{[\"-0123456789tfnNI", bytes[i]);
    return valueStart ? FileStart::Plausible : FileStart::Hopeless;
}

std::string readWholeFile(const std::string& path, bool binary) {
    std::string bytes, problem;
    FileStart verdict = FileStart::Undecided;
    auto stop = [&](const std::string& b, size_t from) {
        if (verdict == FileStart::Undecided) verdict = judgeStart(binary, b, from);
        return verdict == FileStart::Hopeless;
    };
    if (readFileAtMost(path, kMaxMapFileBytes, "a map file", &bytes, &problem, stop) !=
        ReadResult::Ok)
        mapio::fail(path, "", problem);
    return bytes;
}

void saveChecked(const Map& m, const std::string& path, std::string (*toBytes)(const Map&)) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError(path + ": not saved, the map is invalid: " + problem);
    saveBytesAtomically(path, toBytes(m));
}

}  // namespace

namespace mapio {

interop::ImportResult readJsonFile(const std::string& path, const interop::ImportOptions&) {
    interop::ImportResult r;
    std::string text = readWholeFile(path, false);
    r.map = mapFromJson(text, path);
    if (text.size() <= kMaxKeptJsonSourceBytes)
        r.map.jsonSource = std::make_shared<const std::string>(std::move(text));
    return r;
}

interop::ImportResult readBinaryFile(const std::string& path, const interop::ImportOptions&) {
    interop::ImportResult r;
    r.map = mapFromBinary(readWholeFile(path, true), path);
    return r;
}

void writeJsonFile(const Map& m, const std::string& path, const std::string&) {
    saveChecked(m, path, mapJsonForSave);
}

void writeBinaryFile(const Map& m, const std::string& path, const std::string&) {
    saveChecked(m, path, mapToBinary);
}

}  // namespace mapio

Map loadMap(const std::string& path) {
    return loadMap(path, interop::ImportOptions{});
}

Map loadMap(const std::string& path, const interop::ImportOptions& importOptions) {
    std::vector<std::string> warnings;
    Map m = loadMap(path, importOptions, &warnings);
    for (const std::string& w : warnings)
        std::fprintf(stderr, "%s: warning: %s\n", path.c_str(), w.c_str());
    return m;
}

Map loadMap(const std::string& path, const interop::ImportOptions& importOptions,
            std::vector<std::string>* warnings) {
    interop::ImportResult r = mapFormatForReading(path).read(path, importOptions);
    warnings->insert(warnings->end(), r.warnings.begin(), r.warnings.end());
    return std::move(r.map);
}

void setSaveFailureForTesting(bool fail) {
    setAtomicWriteFailureForTesting(fail);
}

void saveMap(const Map& m, const std::string& path, const std::string& mapFolder) {
    mapFormatForWriting(path).write(m, path,
                                    mapFolder.empty() ? interop::folderOf(path) : mapFolder);
}

void saveBytesAtomically(const std::string& path, const std::string& bytes) {
    std::string error;
    if (!writeFileAtomically(path, bytes, &error)) throw MapError(error);
}

}  // namespace ts
