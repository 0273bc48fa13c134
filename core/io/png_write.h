// A minimal PNG writer (8-bit RGBA, no filtering) on zlib, for the tileset image the Tiled
// export generates. core has no image library; this is all the export needs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::interop {

// `argb` holds width * height pixels, row-major, 0xAARRGGBB. Returns the PNG file's bytes.
std::string encodePng(int32_t width, int32_t height, const std::vector<uint32_t>& argb);

}  // namespace ts::interop
