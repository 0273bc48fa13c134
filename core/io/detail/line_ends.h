// A patched text (core/base/json_patch.h) keeps its source's line ends: the text a patch
// inserts (a new member, written by the writer with "\n") gets "\r\n" in a file whose every
// line ends so, as the rest of it does. A file with any bare "\n" is left as patched.
#pragma once
#include <string>

namespace ts::interop {

inline std::string withSourceLineEnds(const std::string& source, std::string patched) {
    bool crlf = false;
    for (size_t i = 0; i < source.size(); ++i)
        if (source[i] == '\n') {
            if (i == 0 || source[i - 1] != '\r') return patched;  // a bare LF: mixed or LF
            crlf = true;
        }
    if (!crlf) return patched;
    std::string out;
    out.reserve(patched.size() + patched.size() / 32);
    for (size_t i = 0; i < patched.size(); ++i) {
        if (patched[i] == '\n' && (i == 0 || patched[i - 1] != '\r')) out += '\r';
        out += patched[i];
    }
    return out;
}

}  // namespace ts::interop
