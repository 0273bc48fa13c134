// Decoding the tile data of a Tiled layer or chunk: CSV text, base64 (uncompressed, zlib,
// gzip, zstd) and the JSON/XML forms that list the GIDs one by one are turned into GIDs here,
// with the size checked against the expected count before anything large is allocated.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::interop {

// GID bits Tiled uses for flips (docs: "Tile Flipping"); the rest is the tile's global id.
constexpr uint32_t kFlipH = 0x80000000u;
constexpr uint32_t kFlipV = 0x40000000u;
constexpr uint32_t kFlipD = 0x20000000u;      // anti-diagonal: x and y swapped
constexpr uint32_t kRotate120 = 0x10000000u;  // hexagonal maps only; cleared with the others
constexpr uint32_t kGidMask = 0x0fffffffu;

// Parses "1,2,0,\n3,..." into exactly `count` GIDs. Returns an empty string on success,
// else the problem ("37 values for 40 x 1 tiles", "\"x1\" is not a tile GID").
std::string parseCsvGids(const std::string& text, size_t count, std::vector<uint32_t>* out);

// Decodes base64 text (whitespace ignored), then decompresses it with `compression`
// ("" / "zlib" / "gzip" / "zstd") into exactly count * 4 bytes of little-endian GIDs.
std::string decodeBase64Gids(const std::string& text, const std::string& compression, size_t count,
                             std::vector<uint32_t>* out);

// The building blocks, exposed for the tests and for the exporter.
bool base64Decode(const std::string& text, std::string* out);
std::string base64Encode(const std::string& bytes);
// Inflates `in` into at most `limit` bytes; false with *problem set when the data is
// corrupt or larger than the limit.
bool decompress(const std::string& in, const std::string& compression, size_t limit,
                std::string* out, std::string* problem);
// The reverse, for writing test files in every encoding Tiled reads.
std::string compress(const std::string& bytes, const std::string& compression);

}  // namespace ts::interop
