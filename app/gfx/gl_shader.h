// GLSL programs loaded from files at run time (shaders/ in the source tree, see
// TILESTEP_SHADER_DIR), so shader edits need no rebuild.
#pragma once
#include <glad/gl.h>

#include <string>

namespace ts::gfx {

// Folder the shader files are read from: $TILESTEP_SHADER_DIR when set, else the build-time
// TILESTEP_SHADER_DIR.
std::string shaderDir();

// Compiles and links `<dir>/<name>.vert` + `<dir>/<name>.frag`. Returns 0 and sets *error to
// "FILE: compiler log" on failure.
GLuint loadProgram(const std::string& name, std::string* error);

}  // namespace ts::gfx
