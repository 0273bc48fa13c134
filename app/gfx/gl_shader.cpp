#include "gfx/gl_shader.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

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

GLuint compile(GLenum type, const std::string& path, std::string* error) {
    std::string src;
    if (!readText(path, &src)) {
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

std::string shaderDir() {
    const char* env = std::getenv("TILESTEP_SHADER_DIR");
    if (env && *env) return env;
#ifdef TILESTEP_SHADER_DIR
    return TILESTEP_SHADER_DIR;
#else
    return "shaders";
#endif
}

GLuint loadProgram(const std::string& name, std::string* error) {
    std::string base = shaderDir() + "/" + name;
    GLuint vs = compile(GL_VERTEX_SHADER, base + ".vert", error);
    if (!vs) return 0;
    GLuint fs = compile(GL_FRAGMENT_SHADER, base + ".frag", error);
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
        *error = base + ": link: " + log;
        glDeleteProgram(prog);
        return 0;
    }
    return prog;
}

}  // namespace ts::gfx
