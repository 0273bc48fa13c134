#include "io/layer_data.h"

#include <zlib.h>
#include <zstd.h>

#include <cstring>

namespace ts::interop {

namespace {

int base64Value(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// zlib (windowBits 15) or gzip (15 + 16). The output grows with the data actually
// produced and stops one byte past `limit`: a small bomb or a header claiming a huge layer
// cannot make us allocate gigabytes up front.
constexpr size_t kStep = 1 << 16;

bool inflateLimited(const std::string& in, int windowBits, size_t limit, std::string* out,
                    std::string* problem) {
    z_stream zs{};
    if (inflateInit2(&zs, windowBits) != Z_OK) {
        *problem = "cannot start the decompressor";
        return false;
    }
    out->clear();
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    zs.avail_in = uInt(in.size());
    int rc = Z_OK;
    char buf[kStep];
    while (rc == Z_OK && out->size() <= limit) {
        zs.next_out = reinterpret_cast<Bytef*>(buf);
        zs.avail_out = uInt(sizeof buf);
        rc = inflate(&zs, Z_NO_FLUSH);
        out->append(buf, sizeof buf - zs.avail_out);
        if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;
    }
    inflateEnd(&zs);
    if (out->size() > limit) {
        *problem = "decompressed data is larger than the layer";
        return false;
    }
    if (rc != Z_STREAM_END) {
        *problem = rc == Z_OK || rc == Z_BUF_ERROR ? "compressed data ends early (truncated?)"
                                                   : "corrupt compressed data";
        return false;
    }
    return true;
}

bool zstdLimited(const std::string& in, size_t limit, std::string* out, std::string* problem) {
    ZSTD_DStream* ds = ZSTD_createDStream();
    if (!ds) {
        *problem = "cannot start the decompressor";
        return false;
    }
    out->clear();
    ZSTD_inBuffer src{in.data(), in.size(), 0};
    char buf[kStep];
    size_t rc = 1;
    while (out->size() <= limit) {
        ZSTD_outBuffer dst{buf, sizeof buf, 0};
        rc = ZSTD_decompressStream(ds, &dst, &src);
        if (ZSTD_isError(rc)) break;
        out->append(buf, dst.pos);
        if (rc == 0 || (src.pos == src.size && dst.pos < dst.size)) break;
    }
    ZSTD_freeDStream(ds);
    if (ZSTD_isError(rc)) {
        *problem = std::string("corrupt zstd data: ") + ZSTD_getErrorName(rc);
        return false;
    }
    if (out->size() > limit) {
        *problem = "decompressed data is larger than the layer";
        return false;
    }
    if (rc != 0) {
        *problem = "zstd data ends early (truncated?)";
        return false;
    }
    return true;
}

}  // namespace

std::string parseCsvGids(const std::string& text, size_t count, std::vector<uint32_t>* out) {
    out->clear();
    size_t i = 0, n = text.size();
    size_t values = 0;
    while (true) {
        while (i < n && isSpace(text[i])) ++i;
        if (i == n) break;
        size_t start = i;
        uint64_t v = 0;
        while (i < n && text[i] >= '0' && text[i] <= '9' && v <= 0xffffffffu)
            v = v * 10 + uint64_t(text[i++] - '0');
        if (i == start || v > 0xffffffffu) {
            size_t end = start;
            while (end < n && text[end] != ',' && !isSpace(text[end]) && end - start < 12) ++end;
            return "\"" + text.substr(start, end - start) + "\" is not a tile GID";
        }
        if (++values > count)
            return "more than " + std::to_string(count) + " values for the layer's tiles";
        out->push_back(uint32_t(v));
        while (i < n && isSpace(text[i])) ++i;
        if (i < n && text[i] == ',') ++i;
    }
    if (values != count)
        return std::to_string(values) + " values for " + std::to_string(count) + " tiles";
    return "";
}

bool base64Decode(const std::string& text, std::string* out) {
    out->clear();
    out->reserve(text.size() / 4 * 3);
    uint32_t acc = 0;
    int bits = 0;
    size_t padding = 0;
    for (unsigned char c : text) {
        if (isSpace(char(c))) continue;
        if (c == '=') {
            ++padding;
            continue;
        }
        int v = base64Value(c);
        if (v < 0 || padding) return false;  // a bad character, or data after the padding
        acc = acc << 6 | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out->push_back(char((acc >> bits) & 0xff));
        }
    }
    return padding <= 2 && bits < 6;
}

std::string base64Encode(const std::string& bytes) {
    static const char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint32_t((unsigned char)bytes[i]) << 16 |
                     uint32_t((unsigned char)bytes[i + 1]) << 8 | (unsigned char)bytes[i + 2];
        for (int k = 3; k >= 0; --k) out += kChars[(v >> (6 * k)) & 63];
    }
    if (i < bytes.size()) {
        uint32_t v = uint32_t((unsigned char)bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= uint32_t((unsigned char)bytes[i + 1]) << 8;
        out += kChars[(v >> 18) & 63];
        out += kChars[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? kChars[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

bool decompress(const std::string& in, const std::string& compression, size_t limit,
                std::string* out, std::string* problem) {
    if (compression.empty()) {
        *out = in;
        return true;
    }
    if (compression == "zlib") return inflateLimited(in, 15, limit, out, problem);
    if (compression == "gzip") return inflateLimited(in, 15 + 16, limit, out, problem);
    if (compression == "zstd") return zstdLimited(in, limit, out, problem);
    *problem = "unknown compression \"" + compression + "\" (known: zlib, gzip, zstd)";
    return false;
}

std::string compress(const std::string& bytes, const std::string& compression) {
    if (compression == "zstd") {
        std::string out(ZSTD_compressBound(bytes.size()), '\0');
        size_t n = ZSTD_compress(&out[0], out.size(), bytes.data(), bytes.size(), 3);
        out.resize(ZSTD_isError(n) ? 0 : n);
        return out;
    }
    if (compression != "zlib" && compression != "gzip") return bytes;
    z_stream zs{};
    deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, compression == "gzip" ? 31 : 15, 8,
                 Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&zs, uLong(bytes.size())) + 32, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = uInt(bytes.size());
    zs.next_out = reinterpret_cast<Bytef*>(&out[0]);
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(out.size() - zs.avail_out);
    deflateEnd(&zs);
    return out;
}

std::string decodeBase64Gids(const std::string& text, const std::string& compression, size_t count,
                             std::vector<uint32_t>* out) {
    std::string raw, bytes, problem;
    if (!base64Decode(text, &raw)) return "invalid base64 data";
    const size_t expected = count * 4;
    if (!decompress(raw, compression, expected, &bytes, &problem)) return problem;
    if (bytes.size() != expected)
        return std::to_string(bytes.size()) + " bytes of tile data for " + std::to_string(count) +
               " tiles (" + std::to_string(expected) + " expected)";
    out->resize(count);
    for (size_t i = 0; i < count; ++i) {
        const unsigned char* p = reinterpret_cast<const unsigned char*>(bytes.data()) + 4 * i;
        (*out)[i] =
            uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    }
    return "";
}

}  // namespace ts::interop
