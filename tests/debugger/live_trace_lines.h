// The trace lines the live-feed tests send as a game would: a one-actor header and the
// hero's state at a frame, at x (y fixed).
#pragma once
#include <string>

namespace ts::test {

inline const std::string kHeroHeader =
    "{\"tilestep_trace\":1,\"actors\":[{\"name\":\"hero\",\"w\":12,\"h\":16}]}\n";

inline std::string heroState(int frame, int x) {
    return "{\"frame\":" + std::to_string(frame) +
           ",\"actor\":\"hero\",\"x\":" + std::to_string(x) + ",\"y\":2}\n";
}

}  // namespace ts::test
