// Draws the map canvas with GL: background, tile layer, grid, walls, brushes, actors and the
// current tool's highlight. Only what is visible is drawn; the tile texture and the wall
// list are rebuilt only when the document's revision changes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "editor/editor_state.h"
#include "gfx/batch_renderer.h"
#include "gfx/coverage_layer.h"
#include "gfx/image.h"
#include "gfx/tile_layer.h"
#include "gfx/tiled_art_layers.h"

namespace ts {

struct CanvasRenderer {
    gfx::BatchRenderer batch;
    gfx::TileLayer tiles;
    gfx::CoverageLayer brushes;  // the map's brushes: their union and outlines, one quad
    gfx::TiledArtLayers art;     // an imported Tiled map's layers, as Tiled draws them
    uint64_t artGeneration = 0;
    gfx::Texture imageTexture;  // the tileset image, for the tileset panel
    gfx::Image image;
    std::string imageKey;   // resolved path + cell size of the loaded image
    int imageCellSize = 0;  // px of one image cell
    std::string imageError;
    uint64_t syncedRevision = 0;
    std::string syncError;
    // Walls as sorted edge lists, so a frame visits only the visible rows.
    std::vector<Edge> horizWalls, vertWalls;

    bool init(std::string* error);
};

// Window size in logical pixels and the framebuffer scale (HiDPI).
void drawCanvas(EditorState& s, CanvasRenderer& r, float winW, float winH, float fbScaleX,
                float fbScaleY);

// Brings the tile texture, wall lists and tileset image up to date with the document.
void syncCanvas(EditorState& s, CanvasRenderer& r);

// Shapes the tools draw over the map (tools/*_tool_ui.cpp), in the canvas's colours: cells
// a..c outlined (red when the tool removes), the wall edge a click would toggle, a brush
// being drawn.
void drawCellRange(const EditorState& s, gfx::BatchRenderer& b, CellPos a, CellPos c, bool remove);
void drawEdgeMark(const EditorState& s, gfx::BatchRenderer& b, Edge e);
// The same mark, red when `remove` (a drag's edges: the walls it has set are not to go).
void drawEdgeMark(const EditorState& s, gfx::BatchRenderer& b, Edge e, bool remove);
void drawBrushPreview(const EditorState& s, gfx::BatchRenderer& b, const RectI& r);
// The eight resize handles of the selected brush, when there is one and its layer shows.
void drawSelectedBrushHandles(const EditorState& s, gfx::BatchRenderer& b);

// The tileset image's path on disk (relative paths are relative to the map file).
std::string resolveImagePath(const EditorState& s);

}  // namespace ts
