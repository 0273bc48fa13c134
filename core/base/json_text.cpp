#include "base/json_text.h"

#include <cstring>

#include "base/number_text.h"

namespace ts {

char* writeInt(char* out, int64_t v) {
    return writeIntInline(out, v);
}

char* writeFix(char* out, Fix v) {
    return writeFixInline(out, v);
}

char* writeJsonString(char* out, const char* s, size_t n) {
    static const char kHex[] = "0123456789abcdef";
    *out++ = '"';
    for (size_t i = 0; i < n; ++i) {
        const unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            *out++ = char(c);
            continue;
        }
        *out++ = '\\';
        switch (c) {
            case '"':
            case '\\':
                *out++ = char(c);
                break;
            case '\n':
                *out++ = 'n';
                break;
            case '\r':
                *out++ = 'r';
                break;
            case '\t':
                *out++ = 't';
                break;
            default:
                *out++ = 'u';
                *out++ = '0';
                *out++ = '0';
                *out++ = kHex[c >> 4];
                *out++ = kHex[c & 15];
        }
    }
    *out++ = '"';
    return out;
}

void appendJsonString(std::string& out, const std::string& s) {
    const size_t at = out.size();
    out.resize(at + jsonStringChars(s.size()));
    out.resize(size_t(writeJsonString(&out[at], s.data(), s.size()) - out.data()));
}

void appendJsonString(std::string& out, const char* s) {
    appendJsonString(out, std::string(s));
}

void appendInt(std::string& out, int64_t v) {
    char buf[kIntChars];
    out.append(buf, size_t(writeInt(buf, v) - buf));
}

void appendFix(std::string& out, Fix v) {
    char buf[kFixChars];
    out.append(buf, size_t(writeFix(buf, v) - buf));
}

}  // namespace ts
