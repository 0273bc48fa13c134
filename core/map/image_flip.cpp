#include "map/image_flip.h"

#include <utility>

namespace ts {

namespace {

// Where `flip` moves the point (x, y), taken about the cell's centre: D swaps the axes,
// then H negates x, then V negates y.
std::pair<int, int> forward(uint8_t flip, int x, int y) {
    if (flip & kImageFlipD) std::swap(x, y);
    if (flip & kImageFlipH) x = -x;
    if (flip & kImageFlipV) y = -y;
    return {x, y};
}

}  // namespace

void imageFlipSource(uint8_t flip, int32_t size, int32_t x, int32_t y, int32_t* sx, int32_t* sy) {
    // The forward steps undone in reverse order.
    if (flip & kImageFlipV) y = size - 1 - y;
    if (flip & kImageFlipH) x = size - 1 - x;
    if (flip & kImageFlipD) std::swap(x, y);
    *sx = x;
    *sy = y;
}

uint8_t composeImageFlips(uint8_t first, uint8_t then) {
    // The eight orientations move the point (1, 2) to eight different places, so the one
    // that lands where both steps do is the composition.
    const auto [x1, y1] = forward(first & kImageFlipMax, 1, 2);
    const auto target = forward(then & kImageFlipMax, x1, y1);
    for (uint8_t f = 0; f <= kImageFlipMax; ++f)
        if (forward(f, 1, 2) == target) return f;
    return 0;  // not reached
}

const char* imageFlipLetters(uint8_t flip) {
    static const char* const kLetters[] = {"", "d", "v", "vd", "h", "hd", "hv", "hvd"};
    return kLetters[flip & kImageFlipMax];
}

const char* imageFlipDescription(uint8_t flip) {
    static const char* const kWords[] = {
        "as in the image",      "flipped diagonally (x and y swapped)",
        "flipped vertically",   "rotated 90 degrees counter-clockwise",
        "flipped horizontally", "rotated 90 degrees clockwise",
        "rotated 180 degrees",  "flipped along the other diagonal",
    };
    return kWords[flip & kImageFlipMax];
}

}  // namespace ts
