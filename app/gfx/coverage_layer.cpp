#include "gfx/coverage_layer.h"

#include <algorithm>
#include <cmath>

#include "gfx/gl_shader.h"

namespace ts::gfx {

namespace {

void setColor(GLint loc, Color c) {
    glUniform4f(loc, float((c >> 16) & 0xff) / 255, float((c >> 8) & 0xff) / 255,
                float(c & 0xff) / 255, float(c >> 24) / 255);
}

}  // namespace

CoverageLayer::~CoverageLayer() {
    if (prog_) glDeleteProgram(prog_);
    if (tex_) glDeleteTextures(1, &tex_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
}

bool CoverageLayer::init(std::string* error) {
    prog_ = loadProgram("coverage", error);
    if (!prog_) return false;
    viewLoc_ = glGetUniformLocation(prog_, "uViewSize");
    rectLoc_ = glGetUniformLocation(prog_, "uRect");
    fillLoc_ = glGetUniformLocation(prog_, "uFill");
    lineLoc_ = glGetUniformLocation(prog_, "uLine");
    texLoc_ = glGetUniformLocation(prog_, "uCoverage");
    // The quad's corners come from gl_VertexID; core profile still needs a bound VAO.
    glGenVertexArrays(1, &vao_);
    glGenTextures(1, &tex_);
    glBindTexture(GL_TEXTURE_2D, tex_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return true;
}

void CoverageLayer::begin(float x, float y, float w, float h) {
    rx_ = int64_t(std::floor(x));
    ry_ = int64_t(std::floor(y));
    rw_ = std::max<int64_t>(0, int64_t(std::ceil(x + w)) - rx_);
    rh_ = std::max<int64_t>(0, int64_t(std::ceil(y + h)) - ry_);
    const size_t cells = size_t(rw_ + 1) * size_t(rh_ + 1);
    if (fill_.size() != cells) {
        fill_.assign(cells, 0);
        line_.assign(cells, 0);
    }
    added_ = 0;
}

void CoverageLayer::addCounts(std::vector<int32_t>& d, int64_t x0, int64_t y0, int64_t x1,
                              int64_t y1, int32_t delta) {
    x0 = std::clamp<int64_t>(x0 - rx_, 0, rw_);
    x1 = std::clamp<int64_t>(x1 - rx_, 0, rw_);
    y0 = std::clamp<int64_t>(y0 - ry_, 0, rh_);
    y1 = std::clamp<int64_t>(y1 - ry_, 0, rh_);
    if (x0 >= x1 || y0 >= y1) return;
    const size_t stride = size_t(rw_ + 1);
    d[size_t(y0) * stride + size_t(x0)] += delta;
    d[size_t(y0) * stride + size_t(x1)] -= delta;
    d[size_t(y1) * stride + size_t(x0)] -= delta;
    d[size_t(y1) * stride + size_t(x1)] += delta;
}

void CoverageLayer::add(float x, float y, float w, float h) {
    if (rw_ == 0 || rh_ == 0 || !(w > 0) || !(h > 0)) return;
    // Far-off coordinates (a huge zoom) are clamped before they become integers.
    auto px = [](double v) { return int64_t(std::clamp(v, -1e15, 1e15)); };
    // A quad covers the pixels whose centres it contains.
    addCounts(fill_, px(std::ceil(double(x) - 0.5)), px(std::ceil(double(y) - 0.5)),
              px(std::ceil(double(x) + w - 0.5)), px(std::ceil(double(y) + h - 0.5)), 1);
    // rectOutline's lines run through the centres of these border pixels.
    const int64_t lx = px(std::floor(double(x) + 0.5)), ty = px(std::floor(double(y) + 0.5));
    const int64_t rx = std::max(lx, px(std::floor(double(x) + w - 0.5)));
    const int64_t by = std::max(ty, px(std::floor(double(y) + h - 0.5)));
    addCounts(line_, lx, ty, rx + 1, by + 1, 1);
    addCounts(line_, lx + 1, ty + 1, rx, by, -1);
    ++added_;
}

void CoverageLayer::draw(Color fill, Color outline, float width, float height) {
    if (added_ == 0 || rw_ == 0 || rh_ == 0) return;
    const size_t stride = size_t(rw_ + 1), w = size_t(rw_), h = size_t(rh_);
    fillCol_.assign(w, 0);
    lineCol_.assign(w, 0);
    texels_.resize(w * h);
    // Prefix sums, row by row: the running sum along the row, added into each column's sum.
    for (size_t y = 0; y < h; ++y) {
        int32_t* f = fill_.data() + y * stride;
        int32_t* l = line_.data() + y * stride;
        uint8_t* out = texels_.data() + y * w;
        int32_t fr = 0, lr = 0;
        for (size_t x = 0; x < w; ++x) {
            fr += f[x];
            lr += l[x];
            f[x] = l[x] = 0;
            fillCol_[x] += fr;
            lineCol_[x] += lr;
            out[x] = uint8_t((fillCol_[x] > 0 ? 1 : 0) | (lineCol_[x] > 0 ? 2 : 0));
        }
        f[w] = l[w] = 0;
    }
    std::fill(fill_.end() - long(stride), fill_.end(), 0);
    std::fill(line_.end() - long(stride), line_.end(), 0);

    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex_);
    if (texW_ != rw_ || texH_ != rh_) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, GLsizei(rw_), GLsizei(rh_), 0, GL_RED,
                     GL_UNSIGNED_BYTE, texels_.data());
        texW_ = rw_;
        texH_ = rh_;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, GLsizei(rw_), GLsizei(rh_), GL_RED,
                        GL_UNSIGNED_BYTE, texels_.data());
    }
    glUseProgram(prog_);
    glUniform2f(viewLoc_, width, height);
    glUniform4f(rectLoc_, float(rx_), float(ry_), float(rw_), float(rh_));
    setColor(fillLoc_, fill);
    setColor(lineLoc_, outline);
    glUniform1i(texLoc_, 0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glUseProgram(0);
    added_ = 0;
}

}  // namespace ts::gfx
