#include "io/tiled/tiled_compose.h"

#include <algorithm>
#include <cmath>

#include "io/layer_data.h"

namespace ts::interop {

void flippedSource(uint32_t gid, int32_t w, int32_t h, int32_t dx, int32_t dy, int32_t* sx,
                   int32_t* sy) {
    if (gid & kFlipH) dx = w - 1 - dx;
    if (gid & kFlipV) dy = h - 1 - dy;
    if (gid & kFlipD) std::swap(dx, dy);
    *sx = dx;
    *sy = dy;
}

namespace {

// Qt's qt_div_255 on a product of two bytes.
inline uint32_t div255(uint32_t t) {
    return (t + (t >> 8) + 0x80) >> 8;
}

class Canvas {
  public:
    Canvas(int32_t w, int32_t h) : w_(w), h_(h), px_(size_t(w) * size_t(h) * 4, 0) {}

    // Qt's painter opacity: qRound(opacity * 256), then scaled to 0..255 by (a * 255) >> 8.
    void setLayer(double opacity, uint32_t tint) {
        const int a = int(std::lround(std::clamp(opacity, 0.0, 1.0) * 256));
        constAlpha_ = a >= 256 ? 255u : uint32_t(a * 255) >> 8;
        tint_ = tint;
    }

    // Source pixel (not premultiplied) over the canvas at (x, y).
    void blend(int32_t x, int32_t y, const uint8_t* s) {
        if (x < 0 || y < 0 || x >= w_ || y >= h_ || s[3] == 0) return;
        uint32_t r = s[0], g = s[1], b = s[2], a = s[3];
        if (tint_ != 0xffffffffu) {
            r = div255(r * ((tint_ >> 16) & 0xff));
            g = div255(g * ((tint_ >> 8) & 0xff));
            b = div255(b * (tint_ & 0xff));
        }
        uint8_t* d = &px_[(size_t(y) * size_t(w_) + size_t(x)) * 4];
        if (a == 255 && constAlpha_ != 255) {
            // An opaque source under painter opacity: Qt interpolates in one rounding
            // (INTERPOLATE_PIXEL_255), not source-over of a faded source.
            const uint32_t k = constAlpha_, inv = 255 - k;
            d[0] = uint8_t(div255(r * k + d[0] * inv));
            d[1] = uint8_t(div255(g * k + d[1] * inv));
            d[2] = uint8_t(div255(b * k + d[2] * inv));
            d[3] = uint8_t(div255(255 * k + d[3] * inv));
            return;
        }
        // Premultiplied, as Qt keeps pixmaps.
        r = div255(r * a);
        g = div255(g * a);
        b = div255(b * a);
        if (constAlpha_ != 255) {
            r = div255(r * constAlpha_);
            g = div255(g * constAlpha_);
            b = div255(b * constAlpha_);
            a = div255(a * constAlpha_);
        }
        const uint32_t inv = 255 - a;
        d[0] = uint8_t(r + div255(d[0] * inv));
        d[1] = uint8_t(g + div255(d[1] * inv));
        d[2] = uint8_t(b + div255(d[2] * inv));
        d[3] = uint8_t(a + div255(d[3] * inv));
    }

    // The source rectangle of `img` drawn into the w x h rectangle at (x, y), scaled
    // nearest-neighbour when the sizes differ, turned by gid's flip bits.
    void drawTile(const RgbaImage& img, const TileArt& t, uint32_t gid, int32_t x, int32_t y,
                  int32_t w, int32_t h) {
        if (w <= 0 || h <= 0) return;
        const bool diag = (gid & kFlipD) != 0;
        // The source as seen after the diagonal flip, so that scaling follows the drawn axes.
        const int32_t sw = diag ? t.height : t.width, sh = diag ? t.width : t.height;
        for (int32_t dy = std::max(0, -y); dy < h && y + dy < h_; ++dy)
            for (int32_t dx = std::max(0, -x); dx < w && x + dx < w_; ++dx) {
                const int32_t ux = int32_t(int64_t(dx) * sw / w),
                              uy = int32_t(int64_t(dy) * sh / h);
                int32_t sx = 0, sy = 0;
                flippedSource(gid, sw, sh, ux, uy, &sx, &sy);
                sx += t.srcX;
                sy += t.srcY;
                if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
                blend(x + dx, y + dy, &img.rgba[(size_t(sy) * size_t(img.width) + size_t(sx)) * 4]);
            }
    }

    RgbaImage finish() {
        RgbaImage out;
        out.width = w_;
        out.height = h_;
        out.rgba = std::move(px_);
        for (size_t i = 0; i < out.rgba.size(); i += 4) {
            const uint32_t a = out.rgba[i + 3];
            if (a == 0 || a == 255) continue;
            for (int c = 0; c < 3; ++c)
                out.rgba[i + size_t(c)] =
                    uint8_t(std::min<uint32_t>(255, (out.rgba[i + size_t(c)] * 255 + a / 2) / a));
        }
        return out;
    }

  private:
    int32_t w_, h_;
    std::vector<uint8_t> px_;  // premultiplied while drawing
    uint32_t constAlpha_ = 255, tint_ = 0xffffffffu;
};

int32_t whole(double v) {
    return int32_t(std::lround(std::clamp(v, -1e9, 1e9)));
}

void drawTiles(const TiledArt& art, const ArtLayer& l, Canvas& c) {
    const bool up = art.renderOrder == "right-up" || art.renderOrder == "left-up";
    const bool left = art.renderOrder == "left-down" || art.renderOrder == "left-up";
    for (int64_t i = 0; i < l.height; ++i) {
        const int64_t cy = up ? l.height - 1 - i : i;
        for (int64_t j = 0; j < l.width; ++j) {
            const int64_t cx = left ? l.width - 1 - j : j;
            const uint32_t gid = l.gids[size_t(cy * l.width + cx)];
            TileArt t;
            if (!art.tileArt(gid, &t) || t.image < 0) continue;
            const bool diag = (gid & kFlipD) != 0;
            const int32_t w = diag ? t.height : t.width, h = diag ? t.width : t.height;
            // Bottom-left on the cell, as Tiled's orthogonal renderer.
            const int32_t x = whole(double((l.x0 + cx) * art.tileWidth) + l.offsetX) + t.offsetX;
            const int32_t y =
                whole(double((l.y0 + cy + 1) * art.tileHeight) + l.offsetY) + t.offsetY - h;
            c.drawTile(art.images[size_t(t.image)], t, gid, x, y, w, h);
        }
    }
}

void drawObjects(const TiledArt& art, const ArtLayer& l, Canvas& c) {
    for (const ArtObject& o : l.objects) {
        TileArt t;
        if (o.rotation != 0 || !art.tileArt(o.gid, &t) || t.image < 0) continue;
        const int32_t w = whole(o.width), h = whole(o.height);
        const int32_t x = whole(o.x + l.offsetX) + t.offsetX;
        const int32_t y = whole(o.y + l.offsetY) + t.offsetY - h;
        c.drawTile(art.images[size_t(t.image)], t, o.gid & ~kFlipD, x, y, w, h);
    }
}

void drawImage(const TiledArt& art, const ArtLayer& l, Canvas& c) {
    if (l.image < 0) return;
    const RgbaImage& img = art.images[size_t(l.image)];
    const TileArt t{l.image, 0, 0, img.width, img.height, 0, 0};
    c.drawTile(img, t, 0, whole(l.offsetX), whole(l.offsetY), img.width, img.height);
}

}  // namespace

RgbaImage composeTiledArt(const TiledArt& art, const std::vector<bool>* shown) {
    const int64_t w = art.pixelWidth(), h = art.pixelHeight();
    if (w <= 0 || h <= 0 || w > kMaxComposedPixels / h) return {};
    Canvas c{int32_t(w), int32_t(h)};
    for (size_t i = 0; i < art.layers.size(); ++i) {
        const ArtLayer& l = art.layers[i];
        const bool show = shown && i < shown->size() ? (*shown)[i] : l.visible;
        if (!show) continue;
        c.setLayer(l.opacity, l.tint);
        switch (l.kind) {
            case ArtLayer::Kind::Tiles:
                drawTiles(art, l, c);
                break;
            case ArtLayer::Kind::Objects:
                drawObjects(art, l, c);
                break;
            case ArtLayer::Kind::Image:
                drawImage(art, l, c);
                break;
        }
    }
    return c.finish();
}

}  // namespace ts::interop
