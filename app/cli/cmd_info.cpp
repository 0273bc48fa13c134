// `tilestep info MAP [--json]`: what a map contains, for people or (with --json) scripts; for
// an LDtk project also its levels (ldtk_level_list.cpp).
#include <cstdio>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "import_args.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "ldtk_level_list.h"
#include "map_report_start.h"
#include "plugin_args.h"
#include "base/json_text.h"
#include "movers/mover.h"

namespace ts::cli {

const char kInfoUsage[] =
    "usage: tilestep info MAP [--json] [--level NAME] [--collision-layer NAME]\n"
    "                     [--plugin PATH.so]...\n"
    "\n"
    "Describes MAP: size, tile size, simulation rate, the tile kinds in use with their tile\n"
    "counts, edge walls (horizontal, vertical), brushes, and the actors with their movers.\n"
    "For an LDtk project: the level shown and every level of the project (name, size in\n"
    "cells, entities, its .ldtkl file), to pick one with --level.\n"
    "  --json   one JSON object instead of text (fields in docs/cli.md)\n"
    "  --level NAME  the level of an LDtk project to describe (default: the first)\n"
    "  --collision-layer NAME  the Tiled / LDtk layer that becomes the map's tiles\n"
    "           (default: one named collision, solid, walls, ...; docs/interop.md)\n"
    "  --plugin PATH.so  load a mover plugin first, once per plugin the map uses\n"
    "Exit 0; a map that fails to load: the error on stderr, exit 1; bad command line: 2.\n";

namespace {

struct MapCounts {
    std::vector<int64_t> tilesPerKind;
    size_t kindsInUse = 0;
    size_t wallsH = 0, wallsV = 0;
};

MapCounts countMap(const Map& m) {
    MapCounts c;
    c.tilesPerKind.assign(m.tileset.kinds.size(), 0);
    for (uint16_t t : m.tiles) ++c.tilesPerKind[t];  // ids were validated by the loader
    for (int64_t n : c.tilesPerKind) c.kindsInUse += n > 0;
    for (uint8_t w : m.walls.horiz) c.wallsH += w != 0;
    for (uint8_t w : m.walls.vert) c.wallsV += w != 0;
    return c;
}

void printText(const std::string& path, const Map& m, const MapCounts& c) {
    std::printf("map:        %s\n", path.c_str());
    std::printf("size:       %d x %d tiles of %d px (%lld x %lld px)\n", m.width, m.height,
                m.tileSize, (long long)m.widthPx(), (long long)m.heightPx());
    std::printf("sim rate:   %d Hz\n", m.simRate);
    std::printf("tile kinds: %zu of %zu in use\n", c.kindsInUse, m.tileset.kinds.size());
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        if (c.tilesPerKind[i] == 0) continue;
        const TileKind& k = m.tileset.kinds[i];
        std::printf("  %3zu %-20s %-20s %lld tiles\n", i, k.name.c_str(), shapeName(k.shape),
                    (long long)c.tilesPerKind[i]);
    }
    std::printf("edge walls: %zu (%zu horizontal, %zu vertical)\n", c.wallsH + c.wallsV, c.wallsH,
                c.wallsV);
    std::printf("brushes:    %zu\n", m.brushes.size());
    std::printf("actors:     %zu\n", m.actors.size());
    for (const Actor& a : m.actors) {
        const MoverInfo& mi = moverInfo(a.mover);
        if (mi.round)
            std::printf("  %-16s %-15s centre (%lld, %lld), diameter %d px\n", a.name.c_str(),
                        mi.id, (long long)a.x, (long long)a.y, a.w);
        else
            std::printf("  %-16s %-15s at (%lld, %lld), %d x %d px\n", a.name.c_str(), mi.id,
                        (long long)a.x, (long long)a.y, a.w, a.h);
    }
}

std::string infoJson(const std::string& path, const Map& m, const MapCounts& c) {
    auto num = [](int64_t v) { return std::to_string(v); };
    std::string o = "{\"file\":";
    appendJsonString(o, path);
    o += ",\"width\":" + num(m.width) + ",\"height\":" + num(m.height);
    o += ",\"tile_size\":" + num(m.tileSize) + ",\"sim_rate\":" + num(m.simRate);
    o += ",\"tile_kinds\":" + num(int64_t(m.tileset.kinds.size()));
    o += ",\"tiles_in_use\":[";
    bool first = true;
    for (size_t i = 0; i < m.tileset.kinds.size(); ++i) {
        if (c.tilesPerKind[i] == 0) continue;
        const TileKind& k = m.tileset.kinds[i];
        o += first ? "" : ",";
        first = false;
        o += "{\"id\":" + num(int64_t(i)) + ",\"name\":";
        appendJsonString(o, k.name);
        o += std::string(",\"shape\":\"") + shapeName(k.shape) + "\"";
        o += ",\"count\":" + num(c.tilesPerKind[i]) + "}";
    }
    o += "],\"walls\":{\"horizontal\":" + num(int64_t(c.wallsH)) +
         ",\"vertical\":" + num(int64_t(c.wallsV)) +
         ",\"total\":" + num(int64_t(c.wallsH + c.wallsV)) + "}";
    o += ",\"brushes\":" + num(int64_t(m.brushes.size()));
    o += ",\"actors\":[";
    for (size_t i = 0; i < m.actors.size(); ++i) {
        const Actor& a = m.actors[i];
        o += i ? ",{\"name\":" : "{\"name\":";
        appendJsonString(o, a.name);
        o += std::string(",\"mover\":\"") + moverInfo(a.mover).id + "\"";
        o += ",\"x\":" + num(a.x) + ",\"y\":" + num(a.y) + ",\"w\":" + num(a.w) +
             ",\"h\":" + num(a.h) + "}";
    }
    o += "]}";
    return o;
}

}  // namespace

const std::vector<FlagSpec> kInfoFlags = {
    {"--json", false}, kLevelFlag, kCollisionLayerFlag, kPluginFlag};

int cmdInfo(const Args& args) {
    const char* cmd = "info";
    MapReport r;
    if (std::optional<int> done = startMapReport(cmd, args, kInfoFlags, kInfoUsage, &r))
        return *done;
    const std::string& path = r.path;
    const interop::ImportOptions& options = r.options;
    const Map& m = r.map;
    const ParsedArgs& a = r.args;
    std::vector<interop::LdtkLevelSummary> levels;
    const MapFileFormat* format = mapFileFormatFor(path);
    if (format && format->kind == MapFileKind::Ldtk) {
        try {
            levels = interop::listLdtkLevels(path, options);
        } catch (const MapError& e) {
            return fail(cmd, e.what(), kExitFailure);
        }
    }
    MapCounts c = countMap(m);
    if (a.has("--json")) {
        std::string json = infoJson(path, m, c);
        if (format && format->kind == MapFileKind::Ldtk) {
            json.pop_back();  // the closing brace: the levels go inside the object
            json += "," + levelsJson(levels) + "}";
        }
        std::printf("%s\n", json.c_str());
    } else {
        printText(path, m, c);
        if (format && format->kind == MapFileKind::Ldtk) printLevels(levels);
    }
    return kExitOk;
}

}  // namespace ts::cli
