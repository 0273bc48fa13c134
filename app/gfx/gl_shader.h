// GLSL programs from shaders/, built into the binary; with $TILESTEP_SHADER_DIR set they are
// read from that folder at run time instead, so shader edits need no rebuild.
#pragma once
#include <glad/gl.h>

#include <string>

namespace ts::gfx {

// Compiles and links `<name>.vert` + `<name>.frag`. Returns 0 and sets *error to
// "FILE: compiler log" on failure.
GLuint loadProgram(const std::string& name, std::string* error);

}  // namespace ts::gfx
