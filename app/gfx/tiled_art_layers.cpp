#include "gfx/tiled_art_layers.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "gfx/gl_shader.h"
#include "io/layer_data.h"

namespace ts::gfx {

namespace {

GLuint makeTexture(int32_t w, int32_t h, const uint8_t* rgba) {
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return tex;
}

// The six vertices of the quad dst (x, y, w, h in map pixels) showing src (texels), turned
// by gid's flip bits as Tiled turns a tile: anti-diagonal first, then horizontal, vertical.
void pushQuad(std::vector<float>& out, const float dst[4], const float src[4], uint32_t gid) {
    static const int kCorners[6][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}};
    for (const auto& c : kCorners) {
        float u = float(c[0]), v = float(c[1]);
        if (gid & interop::kFlipH) u = 1 - u;
        if (gid & interop::kFlipV) v = 1 - v;
        if (gid & interop::kFlipD) std::swap(u, v);
        out.insert(out.end(), {dst[0] + float(c[0]) * dst[2], dst[1] + float(c[1]) * dst[3],
                               src[0] + u * src[2], src[1] + v * src[3]});
    }
}

}  // namespace

TiledArtLayers::~TiledArtLayers() {
    setArt(nullptr);
    if (prog_) glDeleteProgram(prog_);
    if (vbo_) glDeleteBuffers(1, &vbo_);
    if (blitVbo_) glDeleteBuffers(1, &blitVbo_);
    if (blitVao_) glDeleteVertexArrays(1, &blitVao_);
    for (Cache& c : caches_) {
        if (c.fbo) glDeleteFramebuffers(1, &c.fbo);
        if (c.tex) glDeleteTextures(1, &c.tex);
    }
    if (vao_) glDeleteVertexArrays(1, &vao_);
}

bool TiledArtLayers::init(std::string* error) {
    prog_ = loadProgram("art", error);
    if (!prog_) return false;
    loc_.viewSize = glGetUniformLocation(prog_, "uViewSize");
    loc_.origin = glGetUniformLocation(prog_, "uOrigin");
    loc_.zoom = glGetUniformLocation(prog_, "uZoom");
    loc_.texSize = glGetUniformLocation(prog_, "uTexSize");
    loc_.tex = glGetUniformLocation(prog_, "uTex");
    loc_.tint = glGetUniformLocation(prog_, "uTint");
    loc_.opacity = glGetUniformLocation(prog_, "uOpacity");
    loc_.brightness = glGetUniformLocation(prog_, "uBrightness");
    loc_.premultiplied = glGetUniformLocation(prog_, "uPremultiplied");
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void*)(2 * sizeof(float)));
    glGenVertexArrays(1, &blitVao_);
    glGenBuffers(1, &blitVbo_);
    glBindVertexArray(blitVao_);
    glBindBuffer(GL_ARRAY_BUFFER, blitVbo_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void*)(2 * sizeof(float)));
    glBindVertexArray(0);
    return true;
}

void TiledArtLayers::setArt(std::shared_ptr<const interop::TiledArt> art) {
    if (!textures_.empty()) glDeleteTextures(GLsizei(textures_.size()), textures_.data());
    for (GLuint t : overviews_)
        if (t) glDeleteTextures(1, &t);
    textures_.clear();
    overviews_.clear();
    overviewRevision_.clear();
    haveKey_ = false;
    art_ = std::move(art);
    if (!art_) return;
    for (const interop::RgbaImage& img : art_->images)
        textures_.push_back(img.width > 0 ? makeTexture(img.width, img.height, img.rgba.data())
                                          : 0);
    overviews_.assign(art_->layers.size(), 0);
    overviewRevision_.assign(art_->layers.size(), 0);
    margin_ = 0;
    for (const interop::ArtTileset& ts : art_->tilesets) {
        int32_t w = ts.tileWidth, h = ts.tileHeight;
        for (const interop::ArtTileset::Tile& t : ts.tiles)
            if (t.image >= 0) {
                w = std::max(w, art_->images[size_t(t.image)].width);
                h = std::max(h, art_->images[size_t(t.image)].height);
            }
        margin_ = std::max({margin_, w, h, std::abs(ts.offsetX) + w, std::abs(ts.offsetY) + h});
    }
}

uint32_t TiledArtLayers::gidAt(size_t layer, int64_t cx, int64_t cy,
                               const ArtCollision& collision) const {
    const interop::ArtLayer& l = art_->layers[layer];
    if (layer == collision.layer && collision.map && collision.kindGid) {
        if (cx >= collision.map->width || cy >= collision.map->height) return 0;
        const uint16_t kind = collision.map->tile(cx, cy);
        return kind < collision.kindGid->size() ? (*collision.kindGid)[kind] : 0;
    }
    return l.gids[size_t(cy * l.width + cx)];
}

void TiledArtLayers::addTile(size_t layer, uint32_t gid, double x, double y, double w, double h) {
    interop::TileArt t;
    if (!art_->tileArt(gid, &t) || t.image < 0 || !textures_[size_t(t.image)]) return;
    if (runs_.empty() || runs_.back().layer != layer || runs_.back().image != t.image)
        runs_.push_back({layer, t.image, tiles_, 0});
    const float dst[4] = {float(x + t.offsetX), float(y + t.offsetY - h), float(w), float(h)};
    const float src[4] = {float(t.srcX), float(t.srcY), float(t.width), float(t.height)};
    pushQuad(vertices_, dst, src, gid);
    ++tiles_;
    ++runs_.back().count;
}

void TiledArtLayers::buildOverview(size_t layer, const ArtCollision& collision) {
    const interop::ArtLayer& l = art_->layers[layer];
    std::vector<uint8_t> px(size_t(l.width * l.height) * 4, 0);
    for (int64_t cy = 0; cy < l.height; ++cy)
        for (int64_t cx = 0; cx < l.width; ++cx) {
            interop::TileArt t;
            if (!art_->tileArt(gidAt(layer, cx, cy, collision), &t) || t.image < 0) continue;
            const interop::RgbaImage& img = art_->images[size_t(t.image)];
            const int32_t sx = t.srcX + t.width / 2, sy = t.srcY + t.height / 2;
            if (sx >= img.width || sy >= img.height) continue;
            std::copy_n(&img.rgba[(size_t(sy) * size_t(img.width) + size_t(sx)) * 4], 4,
                        &px[size_t(cy * l.width + cx) * 4]);
        }
    if (overviews_[layer]) glDeleteTextures(1, &overviews_[layer]);
    overviews_[layer] = makeTexture(int32_t(l.width), int32_t(l.height), px.data());
}

void TiledArtLayers::rebuild(const std::vector<char>& shown, const ArtCollision& collision,
                             const Key& key) {
    vertices_.clear();
    tiles_ = 0;
    runs_.clear();
    const interop::TiledArt& a = *art_;
    const double tw = a.tileWidth, th = a.tileHeight;
    for (size_t i = 0; i < a.layers.size(); ++i) {
        if (i >= shown.size() || !shown[i]) continue;
        const interop::ArtLayer& l = a.layers[i];
        if (l.kind == interop::ArtLayer::Kind::Image) {
            if (l.image < 0 || !textures_[size_t(l.image)]) continue;
            const interop::RgbaImage& img = a.images[size_t(l.image)];
            runs_.push_back({i, l.image, tiles_++, 1});
            const float dst[4] = {float(std::lround(l.offsetX)), float(std::lround(l.offsetY)),
                                  float(img.width), float(img.height)};
            const float src[4] = {0, 0, float(img.width), float(img.height)};
            pushQuad(vertices_, dst, src, 0);
        } else if (l.kind == interop::ArtLayer::Kind::Objects) {
            for (const interop::ArtObject& o : l.objects)
                if (o.rotation == 0)
                    addTile(i, o.gid & ~interop::kFlipD, double(std::lround(o.x + l.offsetX)),
                            double(std::lround(o.y + l.offsetY)), double(std::lround(o.width)),
                            double(std::lround(o.height)));
        } else if (tw > 0 && th > 0 && l.width > 0 && l.height > 0) {
            const double ox = double(l.x0) * tw + double(std::lround(l.offsetX));
            const double oy = double(l.y0) * th + double(std::lround(l.offsetY));
            const int64_t cx0 = std::max<int64_t>(
                0, int64_t(std::floor((double(key.cx0) * tw - margin_ - ox) / tw)));
            const int64_t cy0 = std::max<int64_t>(
                0, int64_t(std::floor((double(key.cy0) * th - margin_ - oy) / th)));
            const int64_t cx1 = std::min<int64_t>(
                l.width - 1, int64_t(std::floor((double(key.cx1 + 1) * tw + margin_ - ox) / tw)));
            const int64_t cy1 = std::min<int64_t>(
                l.height - 1, int64_t(std::floor((double(key.cy1 + 1) * th + margin_ - oy) / th)));
            if (cx1 < cx0 || cy1 < cy0) continue;
            if (uint64_t(cx1 - cx0 + 1) * uint64_t(cy1 - cy0 + 1) > kMaxTiles) {
                if (!overviews_[i] ||
                    (i == collision.layer && overviewRevision_[i] != collision.revision)) {
                    buildOverview(i, collision);
                    overviewRevision_[i] = collision.revision;
                }
                runs_.push_back({i, -1, tiles_++, 1});
                const float dst[4] = {float(ox), float(oy), float(double(l.width) * tw),
                                      float(double(l.height) * th)};
                const float src[4] = {0, 0, float(l.width), float(l.height)};
                pushQuad(vertices_, dst, src, 0);
                continue;
            }
            const bool up = a.renderOrder == "right-up" || a.renderOrder == "left-up";
            const bool left = a.renderOrder == "left-down" || a.renderOrder == "left-up";
            for (int64_t r = cy0; r <= cy1; ++r) {
                const int64_t cy = up ? cy1 - (r - cy0) : r;
                for (int64_t c = cx0; c <= cx1; ++c) {
                    const int64_t cx = left ? cx1 - (c - cx0) : c;
                    const uint32_t gid = gidAt(i, cx, cy, collision);
                    if (!(gid & interop::kGidMask)) continue;
                    interop::TileArt t;
                    if (!art_->tileArt(gid, &t)) continue;
                    const bool diag = (gid & interop::kFlipD) != 0;
                    const double w = diag ? t.height : t.width, h = diag ? t.width : t.height;
                    addTile(i, gid, ox + double(cx) * tw, oy + double(cy + 1) * th, w, h);
                }
            }
        }
    }
    built_ += tiles_;
    ++stamp_;
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices_.size() * sizeof(float)), vertices_.data(),
                 GL_DYNAMIC_DRAW);
}

void TiledArtLayers::draw(size_t first, size_t last, const std::vector<char>& shown,
                          const ArtCollision& collision, const ArtView& view) {
    if (!art_ || !prog_ || art_->tileWidth <= 0 || art_->tileHeight <= 0) return;
    Key key;
    key.cx0 = int64_t(std::floor(view.mapX0 / art_->tileWidth));
    key.cy0 = int64_t(std::floor(view.mapY0 / art_->tileHeight));
    key.cx1 = int64_t(std::floor(view.mapX1 / art_->tileWidth));
    key.cy1 = int64_t(std::floor(view.mapY1 / art_->tileHeight));
    key.revision = collision.layer < art_->layers.size() ? collision.revision : 0;
    key.shown = shown;
    if (!haveKey_ || !(key == key_)) {
        rebuild(shown, collision, key);
        key_ = std::move(key);
        haveKey_ = true;
    }
    if (runs_.empty()) return;
    if (view.fbW <= 0 || view.fbH <= 0) {
        drawRuns(first, last, view);
        return;
    }
    drawCached(caches_[first == 0 ? 0 : 1], first, last, view);
}

void TiledArtLayers::drawCached(Cache& c, size_t first, size_t last, const ArtView& view) {
    const bool same = c.valid && c.first == first && c.last == last && c.stamp == stamp_ &&
                      c.w == view.fbW && c.h == view.fbH && c.originX == view.originX &&
                      c.originY == view.originY && c.zoom == view.zoom && c.viewW == view.viewW &&
                      c.viewH == view.viewH && c.brightness == view.brightness;
    if (!same) {
        GLint previous = 0, viewport[4] = {};
        GLfloat clear[4] = {};
        glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
        glGetIntegerv(GL_VIEWPORT, viewport);
        glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
        if (!c.fbo || c.w != view.fbW || c.h != view.fbH) {
            if (c.fbo) glDeleteFramebuffers(1, &c.fbo);
            if (c.tex) glDeleteTextures(1, &c.tex);
            c.tex = makeTexture(view.fbW, view.fbH, nullptr);
            glGenFramebuffers(1, &c.fbo);
            glBindFramebuffer(GL_FRAMEBUFFER, c.fbo);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c.tex, 0);
            c.w = view.fbW;
            c.h = view.fbH;
        }
        const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
        glDisable(GL_SCISSOR_TEST);
        glBindFramebuffer(GL_FRAMEBUFFER, c.fbo);
        glViewport(0, 0, c.w, c.h);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        drawRuns(first, last, view);
        glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous));
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glClearColor(clear[0], clear[1], clear[2], clear[3]);
        if (scissor) glEnable(GL_SCISSOR_TEST);
        c.valid = true;
        c.first = first;
        c.last = last;
        c.stamp = stamp_;
        c.originX = view.originX;
        c.originY = view.originY;
        c.zoom = view.zoom;
        c.viewW = view.viewW;
        c.viewH = view.viewH;
        c.brightness = view.brightness;
    }
    // The picture is premultiplied already; its rows run bottom-up.
    const float w = view.viewW, h = view.viewH, tw = float(c.w), th = float(c.h);
    const float quad[] = {0, 0, 0,  th, w, 0, tw, th, 0, h, 0, 0,
                          w, 0, tw, th, w, h, tw, 0,  0, h, 0, 0};
    glUseProgram(prog_);
    glUniform2f(loc_.viewSize, view.viewW, view.viewH);
    glUniform2f(loc_.origin, 0, 0);
    glUniform1f(loc_.zoom, 1);
    glUniform1i(loc_.tex, 0);
    glUniform1f(loc_.brightness, 1);
    glUniform1f(loc_.opacity, 1);
    glUniform4f(loc_.tint, 1, 1, 1, 1);
    glUniform1i(loc_.premultiplied, 1);
    glUniform2f(loc_.texSize, tw, th);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, c.tex);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(blitVao_);
    glBindBuffer(GL_ARRAY_BUFFER, blitVbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glBindVertexArray(0);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

void TiledArtLayers::drawRuns(size_t first, size_t last, const ArtView& view) {
    glUseProgram(prog_);
    glUniform1i(loc_.premultiplied, 0);
    glUniform2f(loc_.viewSize, view.viewW, view.viewH);
    glUniform2f(loc_.origin, float(view.originX), float(view.originY));
    glUniform1f(loc_.zoom, float(view.zoom));
    glUniform1i(loc_.tex, 0);
    glUniform1f(loc_.brightness, view.brightness);
    glActiveTexture(GL_TEXTURE0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    for (const Run& r : runs_) {
        if (r.layer < first || r.layer >= last) continue;
        const interop::ArtLayer& l = art_->layers[r.layer];
        GLuint tex = 0;
        float texW = 0, texH = 0;
        if (r.image < 0) {
            tex = overviews_[r.layer];
            texW = float(l.width);
            texH = float(l.height);
        } else {
            tex = textures_[size_t(r.image)];
            texW = float(art_->images[size_t(r.image)].width);
            texH = float(art_->images[size_t(r.image)].height);
        }
        glBindTexture(GL_TEXTURE_2D, tex);
        glUniform2f(loc_.texSize, texW, texH);
        glUniform1f(loc_.opacity, float(l.opacity));
        glUniform4f(loc_.tint, float((l.tint >> 16) & 0xff) / 255,
                    float((l.tint >> 8) & 0xff) / 255, float(l.tint & 0xff) / 255, 1);
        glDrawArrays(GL_TRIANGLES, GLint(r.first * 6), GLsizei(r.count * 6));
    }
    glBindVertexArray(0);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
}

}  // namespace ts::gfx
