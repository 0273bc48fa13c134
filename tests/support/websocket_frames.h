// What a browser sends after the handshake, built by hand for the live-listener tests and
// the intake bench: one final text frame carrying `payload`, masked (clients must mask) with
// a mask of zeros so the bytes after the header are the payload itself (RFC 6455, 5.2).
#pragma once
#include <string>

namespace ts::test {

inline std::string maskedTextFrame(const std::string& payload) {
    std::string f(1, char(0x81));
    if (payload.size() < 126) {
        f += char(0x80 | payload.size());
    } else {
        f += char(0x80 | 126);
        f += char(payload.size() >> 8);
        f += char(payload.size() & 0xff);
    }
    return f + std::string(4, '\0') + payload;
}

}  // namespace ts::test
