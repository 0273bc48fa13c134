#include "gfx/image.h"

#include <cstring>

// libstb provides the implementations (linked through -lstb), so no *_IMPLEMENTATION here.
#include <stb_image.h>
#include <stb_image_write.h>

namespace ts::gfx {

bool loadImage(const std::string& path, Image* out, std::string* error) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!data) {
        const char* why = stbi_failure_reason();
        *error = path + ": " + (why ? why : "cannot read image");
        return false;
    }
    out->width = w;
    out->height = h;
    out->rgba.assign(data, data + size_t(w) * size_t(h) * 4);
    stbi_image_free(data);
    return true;
}

bool writePng(const std::string& path, const Image& image, std::string* error) {
    if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(),
                        image.width * 4)) {
        *error = path + ": cannot write PNG";
        return false;
    }
    return true;
}

Image readFramebuffer(int width, int height) {
    Image img;
    img.width = width;
    img.height = height;
    img.rgba.resize(size_t(width) * size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data());
    // GL's rows go bottom-up; PNG's top-down.
    const size_t row = size_t(width) * 4;
    std::vector<uint8_t> tmp(row);
    for (int y = 0; y < height / 2; ++y) {
        uint8_t* a = &img.rgba[size_t(y) * row];
        uint8_t* b = &img.rgba[size_t(height - 1 - y) * row];
        std::memcpy(tmp.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, tmp.data(), row);
    }
    // The default framebuffer's alpha is meaningless in a screenshot.
    for (size_t i = 3; i < img.rgba.size(); i += 4) img.rgba[i] = 255;
    return img;
}

Texture::~Texture() {
    if (id_) glDeleteTextures(1, &id_);
}

void Texture::upload(const Image& image) {
    if (!id_) glGenTextures(1, &id_);
    glBindTexture(GL_TEXTURE_2D, id_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image.rgba.data());
    width_ = image.width;
    height_ = image.height;
}

}  // namespace ts::gfx
