#include "gfx/gl_shader.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "gfx/embedded_shaders.h"

namespace ts::gfx {

namespace {

bool readText(const std::string& path, std::string* out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    std::ostringstream ss;
    ss << f.rdbuf();
    *out = ss.str();
    return true;
}

// The source of shaders/NAME: from $TILESTEP_SHADER_DIR when set, else the copy built in.
bool shaderSource(const std::string& name, std::string* out, std::string* where) {
    const char* dir = std::getenv("TILESTEP_SHADER_DIR");
    if (dir && *dir) {
        *where = std::string(dir) + "/" + name;
        return readText(*where, out);
    }
    *where = "shaders/" + name + " (built in)";
    for (int i = 0; i < kEmbeddedShaderCount; ++i)
        if (name == kEmbeddedShaders[i].name) {
            *out = kEmbeddedShaders[i].text;
            return true;
        }
    return false;
}

GLuint compile(GLenum type, const std::string& name, std::string* error) {
    std::string src, path;
    if (!shaderSource(name, &src, &path)) {
        *error = path + ": cannot read shader";
        return 0;
    }
    GLuint sh = glCreateShader(type);
    const char* text = src.c_str();
    glShaderSource(sh, 1, &text, nullptr);
    glCompileShader(sh);
    GLint ok = 0;
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {0};
        glGetShaderInfoLog(sh, sizeof log, nullptr, log);
        *error = path + ": " + log;
        glDeleteShader(sh);
        return 0;
    }
    return sh;
}

}  // namespace

GLuint loadProgram(const std::string& name, std::string* error) {
    GLuint vs = compile(GL_VERTEX_SHADER, name + ".vert", error);
    if (!vs) return 0;
    GLuint fs = compile(GL_FRAGMENT_SHADER, name + ".frag", error);
    if (!fs) {
        glDeleteShader(vs);
        return 0;
    }
    GLuint prog = glCreateProgram();
    glAttachShader(prog, vs);
    glAttachShader(prog, fs);
    glLinkProgram(prog);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {0};
        glGetProgramInfoLog(prog, sizeof log, nullptr, log);
        *error = "shaders/" + name + ": link: " + log;
        glDeleteProgram(prog);
        return 0;
    }
    return prog;
}

}  // namespace ts::gfx
