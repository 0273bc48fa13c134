// A growable character buffer written in place, for JSON text formatted by hand: the trace
// writer's lines go into one, so a traced run builds no temporary string per line (issue
// 12). clear() keeps the memory.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "base/fixed.h"
#include "base/json_text.h"

namespace ts {

class TextBuffer {
  public:
    // What was written since the last clear().
    std::string_view text() const { return std::string_view(buf_.data(), used_); }
    size_t size() const { return used_; }
    // Forgets the text but keeps the memory for the next.
    void clear() { used_ = 0; }

    // Room for n more characters; returns where they go. Commit what was written with end().
    char* room(size_t n) {
        if (buf_.size() - used_ < n) grow(n);
        return &buf_[used_];
    }
    void end(char* p) { used_ = size_t(p - buf_.data()); }

    // One field of a JSON object, `,"key":value`. Keys are identifiers ([a-z0-9_], as the
    // movers and plugins declare them) and are written without escapes.
    void intField(std::string_view key, int64_t v) { end(writeInt(putKey(key, kIntChars), v)); }
    void fixField(std::string_view key, Fix v) { end(writeFix(putKey(key, kFixChars), v)); }
    void boolField(std::string_view key, bool v) {
        char* p = putKey(key, 5);
        std::memcpy(p, v ? "true" : "false", v ? 4 : 5);
        end(p + (v ? 4 : 5));
    }
    // `,"key":"name"`: a name without characters JSON must escape ("a", "xy").
    void nameField(std::string_view key, std::string_view name) {
        char* p = putKey(key, name.size() + 2);
        *p++ = '"';
        std::memcpy(p, name.data(), name.size());
        p += name.size();
        *p++ = '"';
        end(p);
    }

  private:
    // Writes `,"key":` with room for `value` more characters after it.
    char* putKey(std::string_view key, size_t value) {
        char* p = room(key.size() + 4 + value);
        *p++ = ',';
        *p++ = '"';
        std::memcpy(p, key.data(), key.size());
        p += key.size();
        *p++ = '"';
        *p++ = ':';
        return p;
    }
    void grow(size_t n);

    std::string buf_;  // sized to its capacity; the first used_ characters are the text
    size_t used_ = 0;
};

}  // namespace ts
