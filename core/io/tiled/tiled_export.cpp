#include "io/tiled/tiled_export.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "io/tiled/detail/tiled_export_doc.h"
#include "io/tiled/detail/tiled_objects_out.h"
#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts::interop {

namespace {

std::string colorProperty(uint32_t argb) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%08x", unsigned(argb));  // Tiled's #AARRGGBB
    return buf;
}

std::vector<ExportProperty> kindProperties(const TileKind& k) {
    return {{"collision", "", shapeName(k.shape)},
            {"color", "color", colorProperty(k.color)},
            {"image_cell", "int", std::to_string(k.imageCell)},
            {"image_flip", "int", std::to_string(k.imageFlip)},
            {"name", "", k.name},
            {"pass_mask", "int", std::to_string(k.passMask)}};
}

// Kind 0 (the empty cell, GID 0 in Tiled) has no tile of its own: its fields ride on the
// tileset, prefixed tilestep_kind0_.
std::vector<ExportProperty> tilesetProperties(const Tileset& t) {
    std::vector<ExportProperty> props = {
        {"tilestep_image", "", t.image},
        {"tilestep_image_cell_size", "int", std::to_string(t.imageCellSize)}};
    for (const ExportProperty& p : kindProperties(t.kinds[0]))
        if (p.name != "collision") props.push_back({"tilestep_kind0_" + p.name, p.type, p.value});
    props.push_back({"tilestep_kinds", "int", "1"});
    return props;
}

// Walls merged into runs along each grid line: one polyline per run.
void addWallRuns(const Map& m, std::vector<ExportObject>& out, int64_t& nextId) {
    const int64_t t = m.tileSize;
    for (bool horizontal : {true, false}) {
        const int32_t lines = horizontal ? m.height + 1 : m.width + 1;
        const int32_t cells = horizontal ? m.width : m.height;
        for (int32_t line = 0; line < lines; ++line)
            for (int32_t k = 0; k < cells;) {
                auto on = [&](int32_t i) {
                    return horizontal ? m.walls.h(i, line) : m.walls.v(line, i);
                };
                if (!on(k)) {
                    ++k;
                    continue;
                }
                int32_t end = k;
                while (end < cells && on(end)) ++end;
                ExportObject o;
                o.id = nextId++;
                o.type = "wall";
                o.x = double(horizontal ? k * t : line * t);
                o.y = double(horizontal ? line * t : k * t);
                const int64_t len = int64_t(end - k) * t;
                o.polyline = {{0, 0}, {horizontal ? len : 0, horizontal ? 0 : len}};
                out.push_back(o);
                k = end;
            }
    }
}

std::string csvRows(const Map& m) {
    std::string s = "\n";
    for (int32_t y = 0; y < m.height; ++y) {
        for (int32_t x = 0; x < m.width; ++x) {
            s += std::to_string(m.tile(x, y));  // kind i is GID i (firstgid 1, tile i - 1)
            if (x + 1 < m.width || y + 1 < m.height) s += ',';
        }
        s += '\n';
    }
    return s;
}

// The one walk over the map that both files are written from.
ExportDoc exportDoc(const Map& m, const KindSheet& sheet) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError("cannot export an invalid map: " + problem);
    ExportDoc d;
    d.width = m.width;
    d.height = m.height;
    d.tileSize = m.tileSize;
    d.properties = {{"sim_rate", "int", std::to_string(m.simRate)}};
    d.tileCount = int64_t(m.tileset.kinds.size()) - 1;
    if (!sheet.file.empty()) {
        d.columns = sheet.columns;
        d.image = sheet.file;
        d.imageWidth = sheet.width;
        d.imageHeight = sheet.height;
    }
    d.tilesetProperties = tilesetProperties(m.tileset);
    for (size_t i = 1; i < m.tileset.kinds.size(); ++i) {
        const TileKind& k = m.tileset.kinds[i];
        d.tiles.push_back({int64_t(i) - 1, shapeName(k.shape), kindProperties(k)});
    }
    d.csv = csvRows(m);
    d.objects = exportObjects(m);
    return d;
}

}  // namespace

std::vector<ExportObject> exportObjects(const Map& m) {
    std::vector<ExportObject> out;
    int64_t nextId = 1;
    for (const Brush& b : m.brushes) {
        ExportObject o;
        o.id = nextId++;
        o.type = "brush";
        o.x = double(b.rect.x);
        o.y = double(b.rect.y);
        o.w = double(b.rect.w);
        o.h = double(b.rect.h);
        out.push_back(o);
    }
    for (const Actor& a : m.actors) {
        const MoverInfo& mi = moverInfo(a.mover);
        ExportObject o;
        o.id = nextId++;
        o.name = a.name;
        o.type = mi.id;
        o.w = a.w;
        o.h = a.h;
        o.ellipse = mi.round;
        // Round movers are placed by their centre; Tiled places the ellipse's box.
        o.x = mi.round ? double(a.x) - a.w / 2.0 : double(a.x);
        o.y = mi.round ? double(a.y) - a.h / 2.0 : double(a.y);
        // Only the parameters the map sets: the others stay the mover's defaults when read back.
        for (int i = 0; i < mi.paramCount; ++i)
            if (paramIsSet(a, i))
                o.properties.push_back(
                    {mi.params[i].name, "float", a.params[size_t(i)].shortest()});
        out.push_back(o);
    }
    addWallRuns(m, out, nextId);
    return out;
}

bool drawKindSheet(const Map& m, KindSheet* sheet, std::vector<uint32_t>* argb) {
    const int64_t cells = int64_t(m.tileset.kinds.size()) - 1, t = m.tileSize;
    if (cells < 1) return false;
    const int64_t columns = std::min<int64_t>(cells, 16), rows = (cells + 15) / 16;
    if (columns * t > 4096 || rows * t > 4096) return false;
    sheet->columns = int32_t(columns);
    sheet->width = int32_t(columns * t);
    sheet->height = int32_t(rows * t);
    argb->assign(size_t(sheet->width) * size_t(sheet->height), 0);
    for (int64_t k = 1; k <= cells; ++k) {
        const TileKind& kind = m.tileset.kinds[size_t(k)];
        const int64_t x0 = (k - 1) % 16 * t, y0 = (k - 1) / 16 * t;
        for (int64_t c = 0; c < t; ++c) {
            // Solid part of the column; one-way tiles as a quarter-tile ledge, empty-shaped
            // kinds as a full cell (their colour usually says they are decoration).
            int64_t top = t - shapeColumnHeight(kind.shape, int(c), int(t)), bottom = t;
            if (kind.shape == Shape::OneWay) bottom = std::max<int64_t>(1, t / 4);
            if (kind.shape == Shape::Empty) top = 0;
            for (int64_t r = top; r < bottom; ++r)
                (*argb)[size_t((y0 + r) * sheet->width + x0 + c)] = kind.color;
        }
    }
    return true;
}

std::string exportNumber(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string mapToTmx(const Map& m, const KindSheet& sheet) {
    return writeTmx(exportDoc(m, sheet));
}

std::string mapToTmj(const Map& m, const KindSheet& sheet) {
    return writeTmj(exportDoc(m, sheet));
}

}  // namespace ts::interop
