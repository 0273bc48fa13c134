#include "gfx/tile_layer.h"

#include <algorithm>
#include <cstring>

#include "gfx/gl_shader.h"
#include "map/tileset.h"

namespace ts::gfx {

namespace {
// Texture units, fixed for the program's lifetime.
enum Unit { kUnitTiles = 0, kUnitColors, kUnitInfo, kUnitHeights, kUnitImage };

GLuint newTexture(GLenum filter) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}
}  // namespace

TileLayer::~TileLayer() {
    if (prog_) glDeleteProgram(prog_);
    GLuint tex[] = {tilesTex_, colorTex_, infoTex_, heightsTex_, imageTex_};
    glDeleteTextures(5, tex);
    glDeleteVertexArrays(1, &vao_);
}

bool TileLayer::init(std::string* error) {
    prog_ = loadProgram("tiles", error);
    if (!prog_) return false;
    auto at = [&](const char* n) { return glGetUniformLocation(prog_, n); };
    loc_ = {at("uViewSize"),   at("uOrigin"),   at("uZoom"),       at("uQuadSize"),
            at("uCellOffset"), at("uTileSize"), at("uKindCount"),  at("uAlpha"),
            at("uTiles"),      at("uColors"),   at("uInfo"),       at("uHeights"),
            at("uImage"),      at("uHasImage"), at("uImageCells"), at("uImageCellSize")};
    glUseProgram(prog_);
    glUniform1i(loc_.tiles, kUnitTiles);
    glUniform1i(loc_.colors, kUnitColors);
    glUniform1i(loc_.info, kUnitInfo);
    glUniform1i(loc_.heights, kUnitHeights);
    glUniform1i(loc_.image, kUnitImage);
    glUseProgram(0);
    // The quad's corners come from gl_VertexID; core profile still needs a bound VAO.
    glGenVertexArrays(1, &vao_);
    tilesTex_ = newTexture(GL_NEAREST);
    colorTex_ = newTexture(GL_NEAREST);
    infoTex_ = newTexture(GL_NEAREST);
    heightsTex_ = newTexture(GL_NEAREST);
    imageTex_ = newTexture(GL_NEAREST);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxTexture_);
    return true;
}

void TileLayer::uploadPalette(const Map& map) {
    const auto& kinds = map.tileset.kinds;
    kindCount_ = int32_t(kinds.size());
    std::vector<uint8_t> colors;
    std::vector<int16_t> info;
    for (const TileKind& k : kinds) {
        colors.push_back(uint8_t(k.color >> 16));
        colors.push_back(uint8_t(k.color >> 8));
        colors.push_back(uint8_t(k.color));
        colors.push_back(uint8_t(k.color >> 24));
        info.push_back(int16_t(k.shape));
        info.push_back(int16_t(k.passMask));
        info.push_back(int16_t(std::clamp<int32_t>(k.imageCell, -1, 32767)));
        info.push_back(int16_t(k.imageFlip));
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, colorTex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kindCount_, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 colors.data());
    glBindTexture(GL_TEXTURE_2D, infoTex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16I, kindCount_, 1, 0, GL_RGBA_INTEGER, GL_SHORT,
                 info.data());
    tileset_ = map.tileset;
}

bool TileLayer::sync(const Map& map, std::string* error, int32_t rowFirst, int32_t rowLast) {
    if (map.width > maxTexture_ || map.height > maxTexture_) {
        width_ = height_ = 0;  // draw nothing rather than a stale texture
        shadow_.clear();
        *error = "map is " + std::to_string(map.width) + " x " + std::to_string(map.height) +
                 " tiles; this GPU draws at most " + std::to_string(maxTexture_) + " per side";
        return false;
    }
    if (!(map.tileset == tileset_) || kindCount_ == 0) uploadPalette(map);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (map.tileSize != tileSize_) {
        // Column heights of every shape at this tile size, straight from the collision code.
        tileSize_ = map.tileSize;
        std::vector<uint16_t> heights(size_t(tileSize_) * size_t(Shape::Count));
        for (int s = 0; s < int(Shape::Count); ++s)
            for (int c = 0; c < tileSize_; ++c)
                heights[size_t(s * tileSize_ + c)] =
                    uint16_t(shapeColumnHeight(Shape(s), c, tileSize_));
        glBindTexture(GL_TEXTURE_2D, heightsTex_);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, tileSize_, int(Shape::Count), 0, GL_RED_INTEGER,
                     GL_UNSIGNED_SHORT, heights.data());
    }
    glBindTexture(GL_TEXTURE_2D, tilesTex_);
    if (map.width != width_ || map.height != height_ || shadow_.size() != map.tiles.size()) {
        width_ = map.width;
        height_ = map.height;
        shadow_ = map.tiles;
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, std::max(width_, 1), std::max(height_, 1), 0,
                     GL_RED_INTEGER, GL_UNSIGNED_SHORT, shadow_.empty() ? nullptr : shadow_.data());
        uploaded_ += shadow_.size();
        return true;
    }
    // Same size: upload only the band of rows that differ from what the GPU holds.
    const size_t rowBytes = size_t(width_) * sizeof(uint16_t);
    int32_t first = -1, last = -1;
    for (int32_t y = std::max(0, rowFirst); y <= std::min(height_ - 1, rowLast); ++y) {
        size_t at = size_t(y) * size_t(width_);
        if (std::memcmp(&shadow_[at], &map.tiles[at], rowBytes) != 0) {
            if (first < 0) first = y;
            last = y;
        }
    }
    if (first < 0) return true;
    size_t from = size_t(first) * size_t(width_), to = size_t(last + 1) * size_t(width_);
    std::copy(map.tiles.begin() + long(from), map.tiles.begin() + long(to),
              shadow_.begin() + long(from));
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, first, width_, last - first + 1, GL_RED_INTEGER,
                    GL_UNSIGNED_SHORT, &shadow_[from]);
    uploaded_ += to - from;
    return true;
}

void TileLayer::setImage(const uint8_t* rgba, int width, int height, int cellSize) {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, imageTex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    imageW_ = width;
    imageH_ = height;
    imageCell_ = cellSize;
}

void TileLayer::clearImage() {
    imageW_ = imageH_ = imageCell_ = 0;
}

void TileLayer::draw(int64_t cellX0, int64_t cellY0, int64_t cellX1, int64_t cellY1, double sx,
                     double sy, double zoom, float viewW, float viewH, float alpha) {
    if (cellX1 <= cellX0 || cellY1 <= cellY0 || kindCount_ == 0 || width_ == 0) return;
    glUseProgram(prog_);
    glUniform2f(loc_.viewSize, viewW, viewH);
    glUniform2f(loc_.origin, float(sx), float(sy));
    glUniform1f(loc_.zoom, float(zoom));
    glUniform2f(loc_.quadSize, float((cellX1 - cellX0) * tileSize_),
                float((cellY1 - cellY0) * tileSize_));
    glUniform2i(loc_.cellOffset, int(cellX0), int(cellY0));
    glUniform1i(loc_.tileSize, tileSize_);
    glUniform1i(loc_.kindCount, kindCount_);
    glUniform1f(loc_.alpha, alpha);
    bool hasImage = imageW_ > 0 && imageCell_ > 0;
    glUniform1i(loc_.hasImage, hasImage);
    glUniform1i(loc_.imageCells, hasImage ? imageW_ / imageCell_ : 0);
    glUniform1i(loc_.imageCellSize, imageCell_);
    GLuint tex[] = {tilesTex_, colorTex_, infoTex_, heightsTex_, imageTex_};
    for (int i = 0; i < 5; ++i) {
        glActiveTexture(GLenum(GL_TEXTURE0 + i));
        glBindTexture(GL_TEXTURE_2D, tex[i]);
    }
    glActiveTexture(GL_TEXTURE0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace ts::gfx
