// Bytes of a trace from a file or from memory, read in pieces, with the read error kept.
#pragma once
#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <string>

namespace ts {

class ByteInput {
  public:
    ByteInput(std::FILE* f, std::string name) : file_(f), name_(std::move(name)) {}
    ByteInput(const std::string* text, std::string name) : text_(text), name_(std::move(name)) {}
    ~ByteInput() {
        if (file_) std::fclose(file_);
    }
    ByteInput(const ByteInput&) = delete;
    ByteInput& operator=(const ByteInput&) = delete;

    const std::string& name() const { return name_; }
    // Up to n bytes; 0 at the end or on an error (then failed() and *error says why).
    size_t read(char* out, size_t n, std::string* error) {
        if (!again_.empty()) {
            const size_t k = std::min(n, again_.size());
            std::memcpy(out, again_.data(), k);
            again_.erase(0, k);
            return k;
        }
        if (text_) {
            const size_t k = std::min(n, text_->size() - pos_);
            std::memcpy(out, text_->data() + pos_, k);
            pos_ += k;
            return k;
        }
        const size_t k = std::fread(out, 1, n, file_);
        if (k < n && std::ferror(file_)) {
            *error = std::string("read failed (") + std::strerror(errno) + ")";
            failed_ = true;
        }
        return k;
    }
    bool failed() const { return failed_; }
    // Bytes already read (a sniffed magic) to be read again first.
    void unread(const char* s, size_t n) { again_.insert(0, s, n); }

  private:
    std::FILE* file_ = nullptr;
    const std::string* text_ = nullptr;
    size_t pos_ = 0;
    std::string name_;
    std::string again_;
    bool failed_ = false;
};

}  // namespace ts
