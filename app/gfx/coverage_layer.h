// Many overlapping rectangles (the map's brushes) drawn as one textured quad: their union
// filled once and their 1-px outlines, whatever their number and overlap. Each rectangle adds
// four corners to a difference grid of the visible region (O(1) a rectangle); one pass of
// prefix sums turns it into coverage (O(region's pixels)); the coverage is one texture drawn
// by shaders/coverage.{vert,frag} in a single call. Drawing each brush as its own blended
// fill cost fill rate times the overlap: 8192 stacked half-map brushes took about 1 s a frame
// under llvmpipe.
#pragma once
#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gfx/batch_renderer.h"

namespace ts::gfx {

class CoverageLayer {
  public:
    CoverageLayer() = default;
    CoverageLayer(const CoverageLayer&) = delete;
    CoverageLayer& operator=(const CoverageLayer&) = delete;
    ~CoverageLayer();

    // Needs a current GL context; false with *error when the shader does not build.
    bool init(std::string* error);

    // Starts a frame over the region (window logical pixels) that can show rectangles.
    void begin(float x, float y, float w, float h);
    // A rectangle in window logical pixels, filled and outlined as BatchRenderer's rect and
    // rectOutline would draw it (pixel centres inside the fill, the outline on the border
    // pixels); clipped to the region.
    void add(float x, float y, float w, float h);
    // Draws the union's fill and the outlines (outline over fill), blended; `width` and
    // `height` are the window's logical size.
    void draw(Color fill, Color outline, float width, float height);

  private:
    void addCounts(std::vector<int32_t>& d, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                   int32_t delta);

    int64_t rx_ = 0, ry_ = 0, rw_ = 0, rh_ = 0;  // region, whole pixels
    size_t added_ = 0;
    // Difference grids ((rw_ + 1) x (rh_ + 1)) of the fills and of the outlines; left zeroed
    // by draw() as it reads them.
    std::vector<int32_t> fill_, line_;
    std::vector<int32_t> fillCol_, lineCol_;  // running column sums
    std::vector<uint8_t> texels_;             // 1 fill, 2 outline
    GLuint prog_ = 0, vao_ = 0, tex_ = 0;
    GLint viewLoc_ = -1, rectLoc_ = -1, fillLoc_ = -1, lineLoc_ = -1, texLoc_ = -1;
    int64_t texW_ = 0, texH_ = 0;
};

}  // namespace ts::gfx
