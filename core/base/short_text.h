// Copying and comparing texts of a few bytes (keys, actor names) without a libc call: the
// trace writers do it several times per line, and memcpy / memcmp calls of variable size
// cost more than the bytes themselves there (issue 19).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ts {

namespace short_text {
inline uint64_t load8(const char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
inline uint32_t load4(const char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
}  // namespace short_text

// Copies n bytes from src to out in whole words (the last one overlapping the one before);
// returns out + n.
[[gnu::always_inline]] inline char* copyShort(char* out, const char* src, size_t n) {
    using namespace short_text;
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8) {
            const uint64_t w = load8(src + i);
            std::memcpy(out + i, &w, 8);
        }
        const uint64_t last = load8(src + n - 8);
        std::memcpy(out + n - 8, &last, 8);
    } else if (n >= 4) {
        const uint32_t first = load4(src), last = load4(src + n - 4);
        std::memcpy(out, &first, 4);
        std::memcpy(out + n - 4, &last, 4);
    } else {
        for (size_t i = 0; i < n; ++i) out[i] = src[i];
    }
    return out + n;
}

[[gnu::always_inline]] inline bool sameShort(std::string_view a, std::string_view b) {
    using namespace short_text;
    const size_t n = a.size();
    if (n != b.size()) return false;
    const char *p = a.data(), *q = b.data();
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (load8(p + i) != load8(q + i)) return false;
        return load8(p + n - 8) == load8(q + n - 8);
    }
    if (n >= 4) return load4(p) == load4(q) && load4(p + n - 4) == load4(q + n - 4);
    for (size_t i = 0; i < n; ++i)
        if (p[i] != q[i]) return false;
    return true;
}

// Sets `to` to the n bytes at s, in place when its length stays (fields read line after line
// mostly keep theirs): no std::string::assign call.
inline void assignShort(std::string& to, const char* s, size_t n) {
    if (to.size() == n)
        copyShort(&to[0], s, n);
    else
        to.assign(s, n);
}
inline void assignShort(std::string& to, std::string_view s) {
    assignShort(to, s.data(), s.size());
}

}  // namespace ts
