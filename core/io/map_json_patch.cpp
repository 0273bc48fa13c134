#include "io/map_json_patch.h"

#include "base/json_number.h"
#include "base/json_patch.h"
#include "base/json_spans.h"
#include "io/detail/map_io_detail.h"
#include "io/map_io.h"

namespace ts {

namespace {

// The source's format_version, or -1 when it cannot be found.
int64_t sourceVersion(const std::string& text) {
    JsonSpan root;
    if (!scanJsonSpans(text, &root) || root.kind != JsonSpan::Kind::Object) return -1;
    for (size_t i = 0; i < root.keys.size(); ++i) {
        if (root.keys[i] != "format_version") continue;
        const JsonSpan& v = root.items[i];
        jsonnum::Decimal d;
        int64_t version = -1;
        if (!jsonnum::parse(text.substr(v.begin, v.end - v.begin), &d) ||
            jsonnum::toInteger(d, 0, kMapFormatVersion, &version) != jsonnum::Problem::None)
            return -1;
        return version;
    }
    return -1;
}

// The oldest version that holds M, given the version of the file it is saved into: an edit
// that needs nothing newer leaves "format_version" as the file has it.
int64_t versionFor(const Map& m, int64_t sourceVersion) {
    static_assert(kMapFormatVersion == 2, "say here what each newer version adds");
    for (const TileKind& k : m.tileset.kinds)
        if (k.imageFlip != 0) return kMapFormatVersion;  // version 2 added image_flip
    return sourceVersion;
}

bool sameMap(const Map& a, const Map& b) {
    if (a != b) return false;
    for (size_t i = 0; i < a.actors.size(); ++i)
        if (a.actors[i].paramsSet != b.actors[i].paramsSet) return false;
    return true;
}

}  // namespace

std::string mapJsonForSave(const Map& m) {
    std::string after = mapToJson(m);
    if (!m.jsonSource) return after;
    const std::string& source = *m.jsonSource;
    // Version 0 wrote tiles as one flat array: a patch would mix the two layouts.
    const int64_t version = sourceVersion(source);
    if (version < 1) return after;
    Map read;
    try {
        read = mapFromJson(source, "the map's source");
    } catch (const MapError&) {
        return after;  // e.g. a plugin mover unloaded since: nothing to patch against
    }
    if (mapToJson(read) == after) return source;
    std::string patched;
    if (!patchJson(source, mapio::mapToJsonAs(read, version),
                   mapio::mapToJsonAs(m, versionFor(m, version)), &patched))
        return after;
    // The patch is checked, not trusted: a text that does not read back as M is not saved.
    try {
        if (sameMap(mapFromJson(patched, "the patched map"), m)) return patched;
    } catch (const MapError&) {
    }
    return after;
}

}  // namespace ts
