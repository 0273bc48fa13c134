// The scrub bar's range: the recording plus a margin, kept while the recording grows into
// it. Playing past the end of a recording records idle frames, one a frame; were the bar's
// range the recording's length, every marker would creep toward the start each frame and
// end squeezed against the bar's left edge. With room ahead the markers stand still; when
// the recording reaches the end of the range, the range grows by half again (markers move
// once, to two thirds of where they were). A recording much shorter than the range (another
// map, a loaded log) gets a range of its own size again.
#pragma once
#include <algorithm>
#include <cstdint>

namespace ts {

// The range for a recording of `length` frames, the bar having shown `shown` (0 at first).
// A recording that cannot grow (`tilestep view` of a file: play stops at its last frame, and
// nothing records) gets no room: its last frame is at the bar's end, not two thirds along
// with the rest of the bar leading nowhere.
inline int64_t timelineRange(int64_t shown, int64_t length, bool grows = true) {
    length = std::max<int64_t>(length, 0);
    if (!grows) return std::max<int64_t>(length, 1);
    const int64_t fit = length + std::max<int64_t>(length / 2, 60);
    if (shown <= length || shown > 2 * fit) return fit;
    return shown;
}

}  // namespace ts
