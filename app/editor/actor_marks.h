// How actors look in Edit mode: each mover has its own colour, and each actor's name is
// written above its box (they were all the same pink box, without names).
#pragma once
#include <cstdint>

#include "editor/editor_state.h"
#include "gfx/batch_renderer.h"

namespace ts {

// Outline colour of a mover's actors (0xAARRGGBB); fills use it with less alpha.
inline gfx::Color moverColour(MoverKind k) {
    switch (k) {
        case MoverKind::PixelSweep:
            return 0xffff7eb0;  // pink
        case MoverKind::GridWalls:
            return 0xff7ee0a0;  // green
        case MoverKind::TopDownAabb:
            return 0xff7ec8ff;  // blue
        case MoverKind::ScanlineSlide:
            return 0xffffb45a;  // orange
        default:
            return 0xffe0e0e0;
    }
}
inline gfx::Color moverFill(MoverKind k) {
    return (moverColour(k) & 0xffffff) | 0x66000000u;
}

// Queues the actors' names above their spawn boxes on ImGui's background list, clipped to
// the canvas (call before ImGui::Render, in Edit mode).
void queueActorNames(const EditorState& s);

}  // namespace ts
