#include "tiled_peer.h"

#include <gtest/gtest.h>

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdlib>

#include "test_support.h"

namespace ts::test {

namespace {

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// The integer after `key = ` at or after `from`, within `limit`.
bool intAfter(const std::string& s, const std::string& key, size_t from, size_t limit,
              int64_t* out) {
    size_t at = s.find(key + " = ", from);
    if (at == std::string::npos || at >= limit) return false;
    *out = std::strtoll(s.c_str() + at + key.size() + 3, nullptr, 10);
    return true;
}

std::vector<uint32_t> decodeBase64(const std::string& text, const std::string& compression);

// The GIDs of the `data = { ... }` list (or base64 `data = "..."`) at or after `from`.
std::vector<uint32_t> dataAfter(const std::string& s, size_t from, size_t* end,
                                const std::string& compression = "") {
    std::vector<uint32_t> out;
    size_t text = s.find("data = \"", from);
    size_t at = s.find("data = {", from);
    if (text != std::string::npos && text < at) {
        size_t close = s.find('"', text + 8);
        *end = close;
        return decodeBase64(s.substr(text + 8, close - text - 8), compression);
    }
    size_t close = s.find('}', at);
    const char* p = s.c_str() + at + 8;
    const char* stop = s.c_str() + close;
    while (p < stop) {
        if (*p >= '0' && *p <= '9') {
            char* next;
            out.push_back(uint32_t(std::strtoull(p, &next, 10)));
            p = next;
        } else {
            ++p;
        }
    }
    *end = close;
    return out;
}

// Tiled's Lua export keeps the source's encoding: base64 data is decoded here with zlib and
// zstd directly, not through the code under test.
std::vector<uint32_t> decodeBase64(const std::string& text, const std::string& compression) {
    static const std::string chars =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string raw;
    uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        size_t v = chars.find(c);
        if (v == std::string::npos) continue;
        acc = acc << 6 | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            raw += char((acc >> bits) & 0xff);
        }
    }
    std::string bytes;
    if (compression == "zstd") {
        unsigned long long size = ZSTD_getFrameContentSize(raw.data(), raw.size());
        bytes.resize(size_t(size));
        bytes.resize(ZSTD_decompress(&bytes[0], bytes.size(), raw.data(), raw.size()));
    } else if (!compression.empty()) {
        z_stream zs{};
        inflateInit2(&zs, 15 + 32);  // zlib or gzip, detected from the header
        zs.next_in = reinterpret_cast<Bytef*>(&raw[0]);
        zs.avail_in = uInt(raw.size());
        char buf[4096];
        int rc = Z_OK;
        while (rc == Z_OK) {
            zs.next_out = reinterpret_cast<Bytef*>(buf);
            zs.avail_out = sizeof buf;
            rc = inflate(&zs, Z_NO_FLUSH);
            bytes.append(buf, sizeof buf - zs.avail_out);
        }
        inflateEnd(&zs);
    } else {
        bytes = raw;
    }
    std::vector<uint32_t> gids;
    for (size_t i = 0; i + 3 < bytes.size(); i += 4)
        gids.push_back(uint32_t((unsigned char)bytes[i]) |
                       uint32_t((unsigned char)bytes[i + 1]) << 8 |
                       uint32_t((unsigned char)bytes[i + 2]) << 16 |
                       uint32_t((unsigned char)bytes[i + 3]) << 24);
    return gids;
}

// A quoted Lua string value `key = "..."` at or after `from`, within `limit`; "" if none.
std::string stringAfter(const std::string& s, const std::string& key, size_t from, size_t limit) {
    size_t at = s.find(key + " = \"", from);
    if (at == std::string::npos || at >= limit) return "";
    at += key.size() + 4;
    return s.substr(at, s.find('"', at) - at);
}

}  // namespace

bool tiledAvailable() {
    return runShell("command -v tiled").exitCode == 0;
}

int tiledExport(const std::string& format, const std::string& in, const std::string& out,
                std::string* messages) {
    CommandResult r =
        runShell("env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=" + quote(tempDir()) +
                 " tiled --export-map " + format + " " + quote(in) + " " + quote(out));
    if (messages) *messages = r.out + r.err;
    return r.exitCode;
}

std::vector<TiledLayerDump> tiledTileLayers(const std::string& in) {
    const std::string lua = tempDir() + "/dump.lua";
    std::string messages;
    if (tiledExport("lua", in, lua, &messages) != 0) {
        ADD_FAILURE() << "tiled cannot read " << in << ": " << messages;
        return {};
    }
    const std::string s = readFile(lua);
    std::vector<TiledLayerDump> layers;
    size_t at = 0;
    while ((at = s.find("type = \"tilelayer\"", at)) != std::string::npos) {
        TiledLayerDump d;
        size_t next = s.find("type = \"tilelayer\"", at + 1);
        size_t limit = next == std::string::npos ? s.size() : next;
        size_t nameAt = s.find("name = \"", at);
        d.name = s.substr(nameAt + 8, s.find('"', nameAt + 8) - nameAt - 8);
        size_t chunks = s.find("chunks = {", at);
        if (chunks != std::string::npos && chunks < limit) {
            // Infinite map: merge the chunks into their bounding box, as the import does.
            struct C {
                int64_t x, y, w, h;
                std::vector<uint32_t> g;
            };
            std::vector<C> list;
            size_t pos = chunks;
            int64_t x, y, w, h;
            const std::string compression = stringAfter(s, "compression", at, limit);
            while (intAfter(s, "x", pos, limit, &x) && s.find("data = ", pos) < limit) {
                intAfter(s, "y", pos, limit, &y);
                intAfter(s, "width", pos, limit, &w);
                intAfter(s, "height", pos, limit, &h);
                size_t end;
                std::vector<uint32_t> g = dataAfter(s, pos, &end, compression);
                list.push_back({x, y, w, h, g});
                pos = end;
            }
            if (!list.empty()) {
                int64_t x0 = list[0].x, y0 = list[0].y, x1 = x0, y1 = y0;
                for (const C& c : list) {
                    x0 = std::min(x0, c.x);
                    y0 = std::min(y0, c.y);
                    x1 = std::max(x1, c.x + c.w);
                    y1 = std::max(y1, c.y + c.h);
                }
                d.x0 = x0;
                d.y0 = y0;
                d.width = x1 - x0;
                d.height = y1 - y0;
                d.gids.assign(size_t(d.width * d.height), 0);
                for (const C& c : list)
                    for (int64_t cy = 0; cy < c.h; ++cy)
                        for (int64_t cx = 0; cx < c.w; ++cx)
                            if (uint32_t g = c.g[size_t(cy * c.w + cx)])
                                d.gids[size_t((c.y - y0 + cy) * d.width + c.x - x0 + cx)] = g;
            }
        } else {
            intAfter(s, "width", at, limit, &d.width);
            intAfter(s, "height", at, limit, &d.height);
            size_t end;
            d.gids = dataAfter(s, at, &end, stringAfter(s, "compression", at, limit));
        }
        layers.push_back(std::move(d));
        at = limit == s.size() ? s.size() : limit;
        if (at == s.size()) break;
    }
    return layers;
}

namespace {

uint32_t be32(const std::string& s, size_t at) {
    return uint32_t((unsigned char)s[at]) << 24 | uint32_t((unsigned char)s[at + 1]) << 16 |
           uint32_t((unsigned char)s[at + 2]) << 8 | uint32_t((unsigned char)s[at + 3]);
}

int paeth(int a, int b, int c) {
    int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// PNG (8-bit, colour type 2 or 6, not interlaced) to pixels, written for the test from the
// PNG specification; the code under test has no PNG reader to share.
bool decodePng(const std::string& png, int* width, int* height, std::vector<uint32_t>* argb) {
    if (png.size() < 33 || png.compare(1, 3, "PNG") != 0) return false;
    const int w = int(be32(png, 16)), h = int(be32(png, 20));
    const int depth = png[24], type = png[25], interlace = png[28];
    if (depth != 8 || (type != 2 && type != 6) || interlace != 0) return false;
    const int bpp = type == 6 ? 4 : 3;
    std::string packed;
    for (size_t at = 8; at + 8 <= png.size();) {
        size_t len = be32(png, at);
        if (png.compare(at + 4, 4, "IDAT") == 0) packed += png.substr(at + 8, len);
        at += 12 + len;
    }
    std::string raw(size_t(h) * (size_t(w) * bpp + 1), '\0');
    uLongf size = uLongf(raw.size());
    if (uncompress(reinterpret_cast<Bytef*>(&raw[0]), &size,
                   reinterpret_cast<const Bytef*>(packed.data()), uLong(packed.size())) != Z_OK)
        return false;
    const size_t stride = size_t(w) * bpp;
    std::vector<unsigned char> prev(stride, 0), cur(stride);
    argb->assign(size_t(w) * size_t(h), 0);
    for (int y = 0; y < h; ++y) {
        const unsigned char* row =
            reinterpret_cast<const unsigned char*>(raw.data()) + size_t(y) * (stride + 1);
        const int filter = row[0];
        for (size_t i = 0; i < stride; ++i) {
            int a = i >= size_t(bpp) ? cur[i - bpp] : 0, b = prev[i],
                c = i >= size_t(bpp) ? prev[i - bpp] : 0;
            int x = row[1 + i];
            int pred = filter == 1   ? a
                       : filter == 2 ? b
                       : filter == 3 ? (a + b) / 2
                       : filter == 4 ? paeth(a, b, c)
                                     : 0;
            cur[i] = (unsigned char)((x + pred) & 0xff);
        }
        for (int x = 0; x < w; ++x) {
            const unsigned char* p = &cur[size_t(x) * bpp];
            uint32_t alpha = bpp == 4 ? p[3] : 255;
            (*argb)[size_t(y) * size_t(w) + size_t(x)] =
                alpha << 24 | uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2];
        }
        prev = cur;
    }
    *width = w;
    *height = h;
    return true;
}

}  // namespace

bool tiledRender(const std::string& in, const std::string& layer, int* width, int* height,
                 std::vector<uint32_t>* argb) {
    const std::string png = tempDir() + "/render.png";
    CommandResult r = runShell("env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=" + quote(tempDir()) +
                               " tmxrasterizer --no-smoothing --show-layer " + quote(layer) + " " +
                               quote(in) + " " + quote(png));
    if (r.exitCode != 0) {
        ADD_FAILURE() << "tmxrasterizer failed on " << in << ": " << r.out << r.err;
        return false;
    }
    if (!decodePng(readFile(png), width, height, argb)) {
        ADD_FAILURE() << "cannot decode tmxrasterizer's " << png;
        return false;
    }
    return true;
}

}  // namespace ts::test
