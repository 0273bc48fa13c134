#include "editor/canvas_draw.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "editor/actor_marks.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

constexpr gfx::Color kCanvasBg = 0xff1b1e24;
constexpr gfx::Color kMapBg = 0xff2a2f38;
constexpr gfx::Color kMapBorder = 0xff596273;
constexpr gfx::Color kGrid = 0x22ffffff;
constexpr gfx::Color kWall = 0xfff2c94c;
constexpr gfx::Color kWallHover = 0xffffffff;
constexpr gfx::Color kWallRemove = 0xffff5a5a;
constexpr gfx::Color kBrushFill = 0x553d8fd9;
constexpr gfx::Color kBrushLine = 0xff70b4ff;
constexpr gfx::Color kSelect = 0xffffffff;
constexpr gfx::Color kHover = 0xccffffff;
constexpr gfx::Color kPreview = 0x40ffffff;

struct Visible {
    int64_t cx0, cy0, cx1, cy1;  // visible cells [cx0, cx1) x [cy0, cy1), inside the map
};

Visible visibleCells(const View& v, const Map& m) {
    const double t = m.tileSize;
    auto clampX = [&](double c) { return std::clamp<int64_t>(int64_t(c), 0, m.width); };
    auto clampY = [&](double c) { return std::clamp<int64_t>(int64_t(c), 0, m.height); };
    return {clampX(std::floor(v.toMapX(v.canvas.x) / t)),
            clampY(std::floor(v.toMapY(v.canvas.y) / t)),
            clampX(std::ceil(v.toMapX(v.canvas.x + v.canvas.w) / t)),
            clampY(std::ceil(v.toMapY(v.canvas.y + v.canvas.h) / t))};
}

// A map-pixel rectangle in window coordinates.
struct ScreenRect {
    float x, y, w, h;
};
ScreenRect toScreen(const View& v, double x, double y, double w, double h) {
    double z = v.zoom();
    return {float(v.toScreenX(x)), float(v.toScreenY(y)), float(w * z), float(h * z)};
}

void cellOutline(gfx::BatchRenderer& b, const View& v, const Map& m, CellPos a, CellPos c,
                 gfx::Color color) {
    int64_t x0 = std::min(a.x, c.x), y0 = std::min(a.y, c.y);
    int64_t x1 = std::max(a.x, c.x) + 1, y1 = std::max(a.y, c.y) + 1;
    const int64_t t = m.tileSize;
    ScreenRect r =
        toScreen(v, double(x0 * t), double(y0 * t), double((x1 - x0) * t), double((y1 - y0) * t));
    b.rect(r.x, r.y, r.w, r.h, kPreview);
    b.frame(r.x, r.y, r.w, r.h, 2, color);
}

void drawEdge(gfx::BatchRenderer& b, const View& v, const Map& m, Edge e, float thick,
              gfx::Color color) {
    const double t = m.tileSize;
    double x = e.x * t, y = e.y * t;
    float sx = float(v.toScreenX(x)), sy = float(v.toScreenY(y)), len = float(t * v.zoom());
    if (e.horizontal) {
        b.rect(sx, sy - thick / 2, len, thick, color);
    } else {
        b.rect(sx - thick / 2, sy, thick, len, color);
    }
}

void drawWalls(const EditorState& s, CanvasRenderer& r, const Visible& vis, float thick) {
    const Map& m = s.doc.map();
    auto rowFirst = [](const std::vector<Edge>& list, int64_t y) {
        return std::lower_bound(list.begin(), list.end(), y,
                                [](const Edge& e, int64_t row) { return e.y < row; });
    };
    // Horizontal walls on grid lines cy0..cy1, vertical ones in rows cy0..cy1-1.
    for (auto it = rowFirst(r.horizWalls, vis.cy0); it != r.horizWalls.end() && it->y <= vis.cy1;
         ++it)
        if (it->x >= vis.cx0 && it->x < vis.cx1) drawEdge(r.batch, s.view, m, *it, thick, kWall);
    for (auto it = rowFirst(r.vertWalls, vis.cy0); it != r.vertWalls.end() && it->y < vis.cy1; ++it)
        if (it->x >= vis.cx0 && it->x <= vis.cx1) drawEdge(r.batch, s.view, m, *it, thick, kWall);
}

void drawBrushHandles(gfx::BatchRenderer& b, const ScreenRect& r) {
    const float k = 7;
    float xs[] = {r.x, r.x + r.w / 2, r.x + r.w};
    float ys[] = {r.y, r.y + r.h / 2, r.y + r.h};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            if (i == 1 && j == 1) continue;
            b.rect(xs[i] - k / 2, ys[j] - k / 2, k, k, kSelect);
            b.rectOutline(xs[i] - k / 2, ys[j] - k / 2, k, k, 0xff000000);
        }
}

}  // namespace

void drawCellRange(const EditorState& s, gfx::BatchRenderer& b, CellPos a, CellPos c, bool remove) {
    cellOutline(b, s.view, s.doc.map(), a, c, remove ? kWallRemove : kHover);
}

void drawEdgeMark(const EditorState& s, gfx::BatchRenderer& b, Edge e) {
    drawEdgeMark(s, b, e, hasWall(s.doc.map(), e));
}

void drawEdgeMark(const EditorState& s, gfx::BatchRenderer& b, Edge e, bool remove) {
    const Map& m = s.doc.map();
    float thick = std::clamp(float(m.tileSize * s.view.zoom() / 5), 3.0f, 7.0f);
    drawEdge(b, s.view, m, e, thick, remove ? kWallRemove : kWallHover);
}

void drawSelectedBrushHandles(const EditorState& s, gfx::BatchRenderer& b) {
    const Map& m = s.doc.map();
    if (!s.visible[kLayerBrushes] || s.selectedBrush < 0 ||
        size_t(s.selectedBrush) >= m.brushes.size())
        return;
    const RectI& r = m.brushes[size_t(s.selectedBrush)].rect;
    drawBrushHandles(b, toScreen(s.view, double(r.x), double(r.y), double(r.w), double(r.h)));
}

void drawBrushPreview(const EditorState& s, gfx::BatchRenderer& b, const RectI& r) {
    ScreenRect sr = toScreen(s.view, double(r.x), double(r.y), double(r.w), double(r.h));
    b.rect(sr.x, sr.y, sr.w, sr.h, kBrushFill);
    b.rectOutline(sr.x, sr.y, sr.w, sr.h, kSelect);
}

bool CanvasRenderer::init(std::string* error) {
    return batch.init(error) && tiles.init(error) && art.init(error) && brushes.init(error);
}

std::string resolveImagePath(const EditorState& s) {
    const std::string& image = s.doc.map().tileset.image;
    if (image.empty()) return "";
    std::filesystem::path p(image);
    if (p.is_absolute() || s.doc.path().empty()) return image;
    return (std::filesystem::path(s.doc.path()).parent_path() / p).string();
}

namespace {

// Appends the set entries of a row-major byte grid as edges. Skips zero runs eight bytes at a
// time: a 4096 x 4096 map has 33 MB of wall flags and is mostly empty.
void collectEdges(const std::vector<uint8_t>& flags, int32_t rowLength, bool horizontal,
                  std::vector<Edge>& out) {
    const uint8_t* p = flags.data();
    const size_t n = flags.size();
    size_t i = 0;
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t word;
            std::memcpy(&word, p + i, 8);
            if (word == 0) {
                i += 8;
                continue;
            }
        }
        if (p[i])
            out.push_back(
                {horizontal, int32_t(i % size_t(rowLength)), int32_t(i / size_t(rowLength))});
        ++i;
    }
}

}  // namespace

void syncCanvas(EditorState& s, CanvasRenderer& r) {
    if (r.syncedRevision == s.doc.revision()) return;
    const Map& m = s.doc.map();
    // Only the rows and layers the recorded edits touched, when every change since the last
    // sync is known; otherwise everything (undo, redo, open, resize).
    const EditorState::ChangeHint& h = s.hint;
    bool known = h.valid && h.fromRevision == r.syncedRevision && h.toRevision == s.doc.revision();
    r.syncedRevision = s.doc.revision();
    r.syncError.clear();
    if (known) {
        if (h.rowFirst <= h.rowLast)
            r.tiles.sync(m, &r.syncError, int32_t(h.rowFirst), int32_t(h.rowLast));
        else
            r.tiles.sync(m, &r.syncError, 0, -1);  // palette and size only
    } else {
        r.tiles.sync(m, &r.syncError);
    }
    if (!r.syncError.empty()) setMessage(s, "Tiles not drawn: " + r.syncError);
    if (!known || h.walls) {
        r.horizWalls.clear();
        r.vertWalls.clear();
        collectEdges(m.walls.horiz, m.walls.width, true, r.horizWalls);
        collectEdges(m.walls.vert, m.walls.width + 1, false, r.vertWalls);
        s.wallCount = r.horizWalls.size() + r.vertWalls.size();
    }
    s.hint = EditorState::ChangeHint{};
    // The tileset image: reloaded only when its path or cell size changes.
    std::string path = resolveImagePath(s);
    int32_t cell = m.tileset.imageCellSize > 0 ? m.tileset.imageCellSize : m.tileSize;
    std::string key = path + "|" + std::to_string(cell);
    if (key != r.imageKey) {
        r.imageKey = key;
        r.imageCellSize = cell;
        r.imageError.clear();
        r.image = gfx::Image{};
        r.tiles.clearImage();
        if (!path.empty()) {
            if (gfx::loadImage(path, &r.image, &r.imageError)) {
                r.tiles.setImage(r.image.rgba.data(), r.image.width, r.image.height, cell);
                r.imageTexture.upload(r.image);
            }
        }
    }
    if (r.artGeneration != s.tiledArt.generation) {
        r.artGeneration = s.tiledArt.generation;
        r.art.setArt(s.tiledArt.art);
    }
    clampSelection(s);
}

void drawCanvas(EditorState& s, CanvasRenderer& r, float winW, float winH, float fbScaleX,
                float fbScaleY) {
    syncCanvas(s, r);
    const Map& m = s.doc.map();
    const View& v = s.view;
    const CanvasRect& c = v.canvas;
    glViewport(0, 0, int(winW * fbScaleX), int(winH * fbScaleY));
    glEnable(GL_SCISSOR_TEST);
    glScissor(int(c.x * fbScaleX), int((winH - c.y - c.h) * fbScaleY), int(c.w * fbScaleX),
              int(c.h * fbScaleY));
    glClearColor(float((kCanvasBg >> 16) & 0xff) / 255, float((kCanvasBg >> 8) & 0xff) / 255,
                 float(kCanvasBg & 0xff) / 255, 1);
    glClear(GL_COLOR_BUFFER_BIT);

    ScreenRect mapRect = toScreen(v, 0, 0, double(m.widthPx()), double(m.heightPx()));
    r.batch.rect(mapRect.x, mapRect.y, mapRect.w, mapRect.h, kMapBg);
    r.batch.flush(winW, winH);

    Visible vis = visibleCells(v, m);
    const double t = m.tileSize, z = v.zoom();
    // A Tiled map's layers below the collision layer, the collision layer (its art follows
    // the document's kinds), the kinds' colours when asked for, then the layers above.
    const TiledArtState& ta = s.tiledArt;
    const size_t artLayers = ta.art ? ta.art->layers.size() : 0;
    // A resized map no longer matches the file's layer cell for cell: the file's art is drawn
    // as it is, under the kinds.
    const size_t layer = ta.collisionLayer < artLayers &&
                                 ta.art->layers[ta.collisionLayer].width == m.width &&
                                 ta.art->layers[ta.collisionLayer].height == m.height
                             ? ta.collisionLayer
                             : SIZE_MAX;
    const size_t split = layer < artLayers ? layer + 1 : artLayers;
    const gfx::ArtCollision collision{layer, &m, &ta.kindGid, s.doc.revision()};
    const gfx::ArtView artView{
        v.toScreenX(0),       v.toScreenY(0),      z,    v.toMapX(c.x), v.toMapY(c.y),
        v.toMapX(c.x + c.w),  v.toMapY(c.y + c.h), winW, winH,          ta.dim ? 0.5f : 1.0f,
        int(winW * fbScaleX), int(winH * fbScaleY)};
    if (artLayers) r.art.draw(0, split, ta.shown, collision, artView);
    // Kinds added since the import have no Tiled tile to show: their colours come back. An
    // LDtk level's kinds (no kind is a tile of its art) are drawn in full, as LDtk draws the
    // IntGrid layer.
    const bool kindsShown = artLayers == 0 || ta.kindsOverArt || ta.kindsUndrawable ||
                            layer >= artLayers || m.tileset.kinds.size() > ta.kindGid.size();
    if (s.visible[kLayerTiles] && kindsShown)
        r.tiles.draw(vis.cx0, vis.cy0, vis.cx1, vis.cy1, v.toScreenX(vis.cx0 * t),
                     v.toScreenY(vis.cy0 * t), z, winW, winH,
                     layer < artLayers && !ta.kindGid.empty() && !ta.kindsUndrawable ? 0.5f : 1.0f);
    if (artLayers) r.art.draw(split, artLayers, ta.shown, collision, artView);

    // Grid: only the visible lines, and none when cells are too small to tell apart.
    if (s.visible[kLayerGrid] && t * z >= 6) {
        float top = float(v.toScreenY(vis.cy0 * t)), bottom = float(v.toScreenY(vis.cy1 * t));
        float left = float(v.toScreenX(vis.cx0 * t)), right = float(v.toScreenX(vis.cx1 * t));
        for (int64_t x = vis.cx0; x <= vis.cx1; ++x) {
            float sx = float(v.toScreenX(double(x) * t)) + 0.5f;
            r.batch.line(sx, top, sx, bottom, kGrid);
        }
        for (int64_t y = vis.cy0; y <= vis.cy1; ++y) {
            float sy = float(v.toScreenY(double(y) * t)) + 0.5f;
            r.batch.line(left, sy, right, sy, kGrid);
        }
    }
    r.batch.flush(winW, winH);

    // Walls on tiles smaller than 4 window pixels would be a smear of sub-pixel rectangles
    // (and 100 000 of them when a 4096 x 4096 map is zoomed out): drawn from 4 px up.
    if (s.visible[kLayerWalls] && t * z >= 4)
        drawWalls(s, r, vis, std::clamp(float(t * z / 8), 2.0f, 5.0f));
    if (s.visible[kLayerBrushes]) {
        // Over the walls, under the selection and the actors: one textured quad of their
        // union and outlines, however many brushes overlap.
        r.batch.flush(winW, winH);
        r.brushes.begin(c.x, c.y, c.w, c.h);
        for (size_t i = 0; i < m.brushes.size(); ++i) {
            const RectI& b = m.brushes[i].rect;
            ScreenRect sr = toScreen(v, double(b.x), double(b.y), double(b.w), double(b.h));
            if (sr.x > c.x + c.w || sr.y > c.y + c.h || sr.x + sr.w < c.x || sr.y + sr.h < c.y)
                continue;
            r.brushes.add(sr.x, sr.y, sr.w, sr.h);
        }
        r.brushes.draw(kBrushFill, kBrushLine, winW, winH);
        if (s.selectedBrush >= 0 && size_t(s.selectedBrush) < m.brushes.size()) {
            const RectI& b = m.brushes[size_t(s.selectedBrush)].rect;
            ScreenRect sr = toScreen(v, double(b.x), double(b.y), double(b.w), double(b.h));
            r.batch.rectOutline(sr.x - 1, sr.y - 1, sr.w + 2, sr.h + 2, kSelect);
        }
    }
    if (s.visible[kLayerActors]) {
        for (size_t i = 0; i < m.actors.size(); ++i) {
            const Actor& a = m.actors[i];
            RectI box = actorBox(a);
            ScreenRect sr = toScreen(v, double(box.x), double(box.y), double(box.w), double(box.h));
            bool selected = int(i) == s.selectedActor;
            const gfx::Color line = moverColour(a.mover);
            if (moverInfo(a.mover).round) {
                r.batch.circle(sr.x + sr.w / 2, sr.y + sr.h / 2, sr.w / 2, 24,
                               selected ? kSelect : line);
                r.batch.rect(sr.x + sr.w / 2 - 1, sr.y + sr.h / 2 - 1, 3, 3, line);
            } else {
                r.batch.rect(sr.x, sr.y, sr.w, sr.h, moverFill(a.mover));
                r.batch.rectOutline(sr.x, sr.y, sr.w, sr.h, selected ? kSelect : line);
            }
            if (selected) r.batch.frame(sr.x - 3, sr.y - 3, sr.w + 6, sr.h + 6, 1, kSelect);
        }
    }
    // The tool's highlight: the drag in progress goes to the tool that started it.
    const CanvasDrag::Kind drag = s.drag.kind;
    const bool toolDrag = drag != CanvasDrag::Kind::None && drag != CanvasDrag::Kind::Pan;
    const ToolSpec& tool = toolDrag ? toolSpec(s.drag.tool) : currentTool(s);
    if (tool.highlight) tool.highlight(s, r.batch);
    r.batch.rectOutline(mapRect.x - 1, mapRect.y - 1, mapRect.w + 2, mapRect.h + 2, kMapBorder);
    r.batch.flush(winW, winH);
    glDisable(GL_SCISSOR_TEST);
}

}  // namespace ts
