// Batched 2D primitives in window coordinates (ImGui's logical pixels, y down): one vertex
// buffer of lines and one instanced buffer of filled rectangles, each drawn with a single
// call per flush. Walls, brushes, actors, the grid, hover highlights and the debugger's
// overlays all go through here, the way Box2D's samples batch their debug draw.
#pragma once
#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ts::gfx {

// 0xAARRGGBB, the same layout as TileKind::color.
using Color = uint32_t;

class BatchRenderer {
  public:
    BatchRenderer() = default;
    BatchRenderer(const BatchRenderer&) = delete;
    BatchRenderer& operator=(const BatchRenderer&) = delete;
    ~BatchRenderer();

    // Needs a current GL context; false with *error when a shader does not build.
    bool init(std::string* error);

    void line(float x0, float y0, float x1, float y1, Color c);
    void rect(float x, float y, float w, float h, Color c);  // filled
    void rectOutline(float x, float y, float w, float h, Color c);
    // Circle outline as `segments` line segments.
    void circle(float cx, float cy, float r, int segments, Color c);
    // Outline drawn `t` pixels thick, inside the rectangle.
    void frame(float x, float y, float w, float h, float t, Color c);

    // Draws what was added (rects first, then lines) and clears the batches. `width` and
    // `height` are the window's logical size; the current viewport must cover the window.
    void flush(float width, float height);

    size_t lineCount() const { return lines_.size() / 2; }
    size_t rectCount() const { return rects_.size(); }

  private:
    struct LineVertex {
        float x, y;
        uint32_t rgba;  // bytes R, G, B, A in memory
    };
    struct RectInstance {
        float x, y, w, h;
        uint32_t rgba;
    };

    std::vector<LineVertex> lines_;
    std::vector<RectInstance> rects_;
    GLuint lineProg_ = 0, rectProg_ = 0;
    GLuint lineVao_ = 0, lineVbo_ = 0;
    GLuint rectVao_ = 0, rectQuadVbo_ = 0, rectVbo_ = 0;
    GLint lineViewLoc_ = -1, rectViewLoc_ = -1;
};

// 0xAARRGGBB -> the bytes R, G, B, A as one little-endian word (GL_UNSIGNED_BYTE x 4).
inline uint32_t toRgbaBytes(Color c) {
    uint32_t a = c >> 24, r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;
    return r | (g << 8) | (b << 16) | (a << 24);
}

}  // namespace ts::gfx
