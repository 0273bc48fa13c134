// The tile layer in one draw call: the map's tile ids live in an R16UI texture, the kinds'
// colours, shapes and pass masks in small palette textures, and a fragment shader
// (shaders/tiles.frag) colours each window pixel of the visible part of the map. Slope
// masks come from core's shapeColumnHeight, so the picture is the collision shape.
//
// The tile texture is only written when tiles change (sync() diffs a shadow copy and
// uploads the changed rows), so an idle frame costs the same for any map size.
#pragma once
#include <glad/gl.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "map/map.h"

namespace ts::gfx {

class TileLayer {
  public:
    TileLayer() = default;
    TileLayer(const TileLayer&) = delete;
    TileLayer& operator=(const TileLayer&) = delete;
    ~TileLayer();

    bool init(std::string* error);

    // Brings the textures up to date with the map: uploads the palette when the tileset
    // changed, the whole tile texture when the size changed, else only the band of rows that
    // differ from the shadow copy among rows [rowFirst, rowLast] (callers that know which
    // rows an edit touched pass them; the default diffs every row). Call it when the map may
    // have changed, not every frame. False with *error when the map is larger than the GPU's
    // textures.
    bool sync(const Map& map, std::string* error, int32_t rowFirst = 0,
              int32_t rowLast = INT32_MAX);

    // Optional tileset image (RGBA8, row-major); kinds with imageCell >= 0 show their cell,
    // turned by their imageFlip as Tiled turns a flipped tile (core/map/image_flip.h).
    void setImage(const uint8_t* rgba, int width, int height, int cellSize);
    void clearImage();

    // Draws map pixels [x0, x1) x [y0, y1) (whole tiles) with map pixel (x0, y0) at window
    // point (sx, sy) and `zoom` window pixels per map pixel. viewW/viewH: window size.
    void draw(int64_t cellX0, int64_t cellY0, int64_t cellX1, int64_t cellY1, double sx, double sy,
              double zoom, float viewW, float viewH, float alpha);

    // Texels written by sync() since startup (for tests and the bench).
    uint64_t uploadedTexels() const { return uploaded_; }

  private:
    void uploadPalette(const Map& map);

    GLuint prog_ = 0, vao_ = 0;
    GLuint tilesTex_ = 0, colorTex_ = 0, infoTex_ = 0, heightsTex_ = 0, imageTex_ = 0;
    int imageW_ = 0, imageH_ = 0, imageCell_ = 0;
    int32_t width_ = 0, height_ = 0, tileSize_ = 0;
    int32_t kindCount_ = 0;
    GLint maxTexture_ = 0;
    std::vector<uint16_t> shadow_;
    Tileset tileset_;
    uint64_t uploaded_ = 0;
    struct {
        GLint viewSize, origin, zoom, quadSize, cellOffset, tileSize, kindCount, alpha;
        GLint tiles, colors, info, heights, image, hasImage, imageCells, imageCellSize;
    } loc_{};
};

}  // namespace ts::gfx
