// How actors look in Edit mode: each mover has its own colour, and each actor's name is
// written above its box (they were all the same pink box, without names).
#pragma once
#include <cstdint>

#include "editor/editor_state.h"
#include "gfx/batch_renderer.h"

namespace ts {

// Outline colour of a mover's actors: core's moverColour (movers/mover.h), the registry's
// own, so a new mover or a plugin has its own without a table here. Fills use less alpha.
inline gfx::Color moverFill(MoverKind k) {
    return (moverColour(k) & 0xffffff) | 0x66000000u;
}

// Queues the actors' names above their spawn boxes on ImGui's background list, clipped to
// the canvas (call before ImGui::Render, in Edit mode).
void queueActorNames(const EditorState& s);

}  // namespace ts
