// The snag hunt's coverage heat map: where the hunt's explored frames were, per map cell.
// Cells never visited stay clear, so what the hunt did not reach stands out; the others are
// tinted from cool (a few frames) to hot (the most visited cell), on a log scale, because a
// spawn cell takes orders of magnitude more frames than a far ledge.
#pragma once
#include <cstdint>

#include "draw/debug_draw.h"
#include "hunt/hunt.h"

namespace ts {

// The tint of a cell visited `visits` times when the busiest cell has `most` (0 < visits <= most).
Rgba coverageColour(uint32_t visits, uint32_t most);

// One filled rectangle per visited cell of `coverage` (cells of `tileSize` px).
void drawCoverage(const HuntCoverage& coverage, int32_t tileSize, DebugDraw& draw);

}  // namespace ts
