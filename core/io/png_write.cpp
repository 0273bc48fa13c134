#include "io/png_write.h"

#include <zlib.h>

namespace ts::interop {

namespace {

void put32(std::string& out, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out += char((v >> s) & 0xff);
}

void chunk(std::string& out, const char* type, const std::string& data) {
    put32(out, uint32_t(data.size()));
    std::string body = std::string(type, 4) + data;
    out += body;
    put32(out, uint32_t(crc32(0, reinterpret_cast<const Bytef*>(body.data()), uInt(body.size()))));
}

}  // namespace

std::string encodePng(int32_t width, int32_t height, const std::vector<uint32_t>& argb) {
    std::string raw;  // each row: filter byte 0 (none), then RGBA
    raw.reserve(size_t(height) * (size_t(width) * 4 + 1));
    for (int32_t y = 0; y < height; ++y) {
        raw += '\0';
        for (int32_t x = 0; x < width; ++x) {
            uint32_t p = argb[size_t(y) * size_t(width) + size_t(x)];
            raw += char((p >> 16) & 0xff);
            raw += char((p >> 8) & 0xff);
            raw += char(p & 0xff);
            raw += char(p >> 24);
        }
    }
    uLongf size = compressBound(uLong(raw.size()));
    std::string packed(size, '\0');
    compress2(reinterpret_cast<Bytef*>(&packed[0]), &size,
              reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), 6);
    packed.resize(size);

    std::string header;
    put32(header, uint32_t(width));
    put32(header, uint32_t(height));
    header += char(8);               // bit depth
    header += char(6);               // colour type: RGBA
    header += std::string(3, '\0');  // compression, filter, interlace
    std::string out = "\x89PNG\r\n\x1a\n";
    chunk(out, "IHDR", header);
    chunk(out, "IDAT", packed);
    chunk(out, "IEND", "");
    return out;
}

}  // namespace ts::interop
