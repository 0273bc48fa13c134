// PNG files through stb_image / stb_image_write, and the window's pixels for screenshots.
#pragma once
#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ts::gfx {

struct Image {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // row-major, top row first
};

// Loads any image stb_image reads as RGBA8; false with *error = "PATH: reason".
bool loadImage(const std::string& path, Image* out, std::string* error);
bool writePng(const std::string& path, const Image& image, std::string* error);
// The current framebuffer's pixels [0, w) x [0, h), top row first.
Image readFramebuffer(int width, int height);

// A plain RGBA8 texture, for showing images in ImGui (ImTextureID is the GL name).
class Texture {
  public:
    Texture() = default;
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;
    ~Texture();
    void upload(const Image& image);
    GLuint id() const { return id_; }
    int width() const { return width_; }
    int height() const { return height_; }

  private:
    GLuint id_ = 0;
    int width_ = 0, height_ = 0;
};

}  // namespace ts::gfx
