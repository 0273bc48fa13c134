// Tiled itself as the test peer of the interop code: `tiled --export-map` run headless
// (Qt's offscreen platform, no X server needed) and its Lua output read back. The Lua form
// lists every tile layer's GIDs as plain numbers whatever the source's encoding, so it is an
// independent account of what Tiled reads from a file.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::test {

bool tiledAvailable();

struct TiledLayerDump {
    std::string name;
    int64_t x0 = 0, y0 = 0, width = 0, height = 0;  // infinite maps: chunks merged
    std::vector<uint32_t> gids;                     // row-major, flip bits included
};

// Runs `tiled --export-map FORMAT IN OUT`; returns the exit code (0 = Tiled read and wrote
// the map) and stores Tiled's messages in *messages.
int tiledExport(const std::string& format, const std::string& in, const std::string& out,
                std::string* messages = nullptr);

// The tile layers Tiled reads from IN (through its Lua export), in file order. Fails the
// calling test (ADD_FAILURE) and returns {} when Tiled cannot read it.
std::vector<TiledLayerDump> tiledTileLayers(const std::string& in);

// Renders IN with Tiled's tmxrasterizer (only the tile layer LAYER, no smoothing, scale 1)
// and decodes the PNG (8-bit RGB or RGBA, any filters) into 0xAARRGGBB pixels. False, with
// a test failure, when either step fails.
bool tiledRender(const std::string& in, const std::string& layer, int* width, int* height,
                 std::vector<uint32_t>* argb);

}  // namespace ts::test
