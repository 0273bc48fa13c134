#include "gfx/batch_renderer.h"

#include <cmath>
#include <cstddef>

#include "gfx/gl_shader.h"

namespace ts::gfx {

BatchRenderer::~BatchRenderer() {
    if (lineProg_) glDeleteProgram(lineProg_);
    if (rectProg_) glDeleteProgram(rectProg_);
    // Never initialised (no GL context: a test of the debugger's session): nothing to free,
    // and the GL functions are not even loaded.
    if (!lineVbo_ && !rectQuadVbo_ && !rectVbo_ && !lineVao_ && !rectVao_) return;
    GLuint buffers[] = {lineVbo_, rectQuadVbo_, rectVbo_};
    glDeleteBuffers(3, buffers);
    GLuint arrays[] = {lineVao_, rectVao_};
    glDeleteVertexArrays(2, arrays);
}

bool BatchRenderer::init(std::string* error) {
    lineProg_ = loadProgram("lines", error);
    if (!lineProg_) return false;
    rectProg_ = loadProgram("rects", error);
    if (!rectProg_) return false;
    lineViewLoc_ = glGetUniformLocation(lineProg_, "uViewSize");
    rectViewLoc_ = glGetUniformLocation(rectProg_, "uViewSize");

    glGenVertexArrays(1, &lineVao_);
    glGenBuffers(1, &lineVbo_);
    glBindVertexArray(lineVao_);
    glBindBuffer(GL_ARRAY_BUFFER, lineVbo_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(LineVertex), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(LineVertex),
                          (void*)offsetof(LineVertex, rgba));

    // Rectangles: a shared unit quad (triangle strip) plus one instance per rectangle.
    static const float kUnitQuad[] = {0, 0, 1, 0, 0, 1, 1, 1};
    glGenVertexArrays(1, &rectVao_);
    glGenBuffers(1, &rectQuadVbo_);
    glGenBuffers(1, &rectVbo_);
    glBindVertexArray(rectVao_);
    glBindBuffer(GL_ARRAY_BUFFER, rectQuadVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof kUnitQuad, kUnitQuad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, rectVbo_);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(RectInstance), nullptr);
    glVertexAttribDivisor(1, 1);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(RectInstance),
                          (void*)offsetof(RectInstance, rgba));
    glVertexAttribDivisor(2, 1);
    glBindVertexArray(0);
    return true;
}

void BatchRenderer::line(float x0, float y0, float x1, float y1, Color c) {
    uint32_t rgba = toRgbaBytes(c);
    lines_.push_back({x0, y0, rgba});
    lines_.push_back({x1, y1, rgba});
}

void BatchRenderer::rect(float x, float y, float w, float h, Color c) {
    rects_.push_back({x, y, w, h, toRgbaBytes(c)});
}

void BatchRenderer::circle(float cx, float cy, float r, int segments, Color c) {
    for (int i = 0; i < segments; ++i) {
        const float a0 = float(i) * 6.2831853f / float(segments);
        const float a1 = float(i + 1) * 6.2831853f / float(segments);
        line(cx + r * std::cos(a0), cy + r * std::sin(a0), cx + r * std::cos(a1),
             cy + r * std::sin(a1), c);
    }
}

void BatchRenderer::rectOutline(float x, float y, float w, float h, Color c) {
    // Half-pixel inset so 1-px lines land on pixel centres.
    float x0 = x + 0.5f, y0 = y + 0.5f, x1 = x + w - 0.5f, y1 = y + h - 0.5f;
    line(x0, y0, x1, y0, c);
    line(x1, y0, x1, y1, c);
    line(x1, y1, x0, y1, c);
    line(x0, y1, x0, y0, c);
}

void BatchRenderer::frame(float x, float y, float w, float h, float t, Color c) {
    rect(x, y, w, t, c);
    rect(x, y + h - t, w, t, c);
    rect(x, y + t, t, h - 2 * t, c);
    rect(x + w - t, y + t, t, h - 2 * t, c);
}

void BatchRenderer::flush(float width, float height) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    if (!rects_.empty()) {
        glUseProgram(rectProg_);
        glUniform2f(rectViewLoc_, width, height);
        glBindVertexArray(rectVao_);
        glBindBuffer(GL_ARRAY_BUFFER, rectVbo_);
        // Orphan the old storage so the driver never waits on the previous frame.
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(rects_.size() * sizeof(RectInstance)),
                     rects_.data(), GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(rects_.size()));
    }
    if (!lines_.empty()) {
        glUseProgram(lineProg_);
        glUniform2f(lineViewLoc_, width, height);
        glBindVertexArray(lineVao_);
        glBindBuffer(GL_ARRAY_BUFFER, lineVbo_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(lines_.size() * sizeof(LineVertex)), lines_.data(),
                     GL_STREAM_DRAW);
        glDrawArrays(GL_LINES, 0, GLsizei(lines_.size()));
    }
    glBindVertexArray(0);
    glUseProgram(0);
    lines_.clear();
    rects_.clear();
}

}  // namespace ts::gfx
