// The shaders of shaders/, compiled into the binary at build time (cmake/embed_shaders.cmake)
// so that `tilestep` runs from any folder and after `cmake --install`.
#pragma once

namespace ts::gfx {

struct EmbeddedShader {
    const char* name;  // file name in shaders/: "tiles.frag"
    const char* text;  // GLSL source
};

extern const EmbeddedShader kEmbeddedShaders[];
extern const int kEmbeddedShaderCount;

}  // namespace ts::gfx
