// The layers of a Tiled map as Tiled draws them (core's TiledArt), in GL: two textured
// triangles per visible tile (plain vertices: llvmpipe's instancing costs more per tile),
// nearest-neighbour, premultiplied blending with the layer's opacity and tint (the same arithmetic
// as core's composeTiledArt, the headless reference).
//
// Only tiles in or near the visible rectangle are drawn, and their vertex buffer is rebuilt
// only when that rectangle, the shown layers or the document's tiles change, so an idle frame
// costs a few draw calls; the drawn layers are also kept as a picture of the window (a
// framebuffer texture per call site) redrawn only when the view or the tiles change, so an
// idle frame draws one textured rectangle per call. Zoomed out until more than kMaxTiles tiles of a
// layer would show, the layer is drawn from a one-texel-per-cell overview texture instead.
#pragma once
#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/tiled/tiled_layers.h"
#include "map/map.h"

namespace ts::gfx {

// The collision layer's tiles come from the document (edits show): each kind drawn as the
// Tiled tile it was imported from.
struct ArtCollision {
    size_t layer = SIZE_MAX;  // index in TiledArt::layers
    const Map* map = nullptr;
    const std::vector<uint32_t>* kindGid = nullptr;  // per kind, its gid (flip bits included)
    uint64_t revision = 0;  // the document's; a change rebuilds the vertices
};

struct ArtView {
    double originX = 0, originY = 0;  // window position of map pixel (0, 0)
    double zoom = 1;
    double mapX0 = 0, mapY0 = 0, mapX1 = 0, mapY1 = 0;  // the visible map pixels
    float viewW = 0, viewH = 0;
    float brightness = 1;
    int fbW = 0, fbH = 0;  // framebuffer pixels; 0: draw directly, no cached picture
};

class TiledArtLayers {
  public:
    static constexpr size_t kMaxTiles = 200000;

    TiledArtLayers() = default;
    TiledArtLayers(const TiledArtLayers&) = delete;
    TiledArtLayers& operator=(const TiledArtLayers&) = delete;
    ~TiledArtLayers();

    bool init(std::string* error);
    // Uploads the images of `art` (nullptr: nothing to draw).
    void setArt(std::shared_ptr<const interop::TiledArt> art);
    const interop::TiledArt* art() const { return art_.get(); }

    // Draws layers [first, last) whose `shown` flag is set.
    void draw(size_t first, size_t last, const std::vector<char>& shown,
              const ArtCollision& collision, const ArtView& view);

    // Tiles written into the vertex buffer since startup (for tests and the bench).
    uint64_t builtTiles() const { return built_; }

  private:
    struct Run {
        size_t layer;
        int32_t image;        // -1: the layer's overview
        size_t first, count;  // tiles (six vertices each)
    };
    struct Key {
        int64_t cx0 = 0, cy0 = 0, cx1 = -1, cy1 = -1;
        uint64_t revision = 0;
        std::vector<char> shown;
        bool operator==(const Key& o) const {
            return cx0 == o.cx0 && cy0 == o.cy0 && cx1 == o.cx1 && cy1 == o.cy1 &&
                   revision == o.revision && shown == o.shown;
        }
    };

    struct Cache {
        GLuint fbo = 0, tex = 0;
        int w = 0, h = 0;
        bool valid = false;
        size_t first = 0, last = 0;
        double originX = 0, originY = 0, zoom = 0;
        float viewW = 0, viewH = 0, brightness = 0;
        uint64_t stamp = 0;
    };
    void drawRuns(size_t first, size_t last, const ArtView& view);
    void drawCached(Cache& c, size_t first, size_t last, const ArtView& view);
    void rebuild(const std::vector<char>& shown, const ArtCollision& collision, const Key& key);
    void addTile(size_t layer, uint32_t gid, double x, double y, double w, double h);
    void buildOverview(size_t layer, const ArtCollision& collision);
    uint32_t gidAt(size_t layer, int64_t cx, int64_t cy, const ArtCollision& collision) const;

    std::shared_ptr<const interop::TiledArt> art_;
    GLuint prog_ = 0, vao_ = 0, vbo_ = 0, blitVao_ = 0, blitVbo_ = 0;
    Cache caches_[2];     // the layers below the collision layer's kinds, those above
    uint64_t stamp_ = 0;  // grows with every rebuild
    struct {
        GLint viewSize, origin, zoom, texSize, tex, tint, opacity, brightness, premultiplied;
    } loc_{};
    std::vector<GLuint> textures_;   // one per art image
    std::vector<GLuint> overviews_;  // per layer, 0 until built
    std::vector<uint64_t> overviewRevision_;
    std::vector<float> vertices_;  // x, y (map px), u, v (texels) per vertex
    size_t tiles_ = 0;
    std::vector<Run> runs_;
    Key key_;
    bool haveKey_ = false;
    int32_t margin_ = 0;  // px a tile may reach beyond its cell (large tiles, tile offsets)
    uint64_t built_ = 0;
};

}  // namespace ts::gfx
