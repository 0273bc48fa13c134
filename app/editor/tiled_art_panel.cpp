// The Layers panel's rows for an imported Tiled map's (or LDtk level's) own layers
// (tiled_art_state.h).
#include <imgui.h>

#include <string>

#include "editor/panels.h"

namespace ts {

void tiledArtSection(EditorState& s) {
    TiledArtState& ta = s.tiledArt;
    if (!ta.art) return;
    ImGui::Separator();
    ImGui::Text("%s layers", ta.family);
    const bool tiled = std::string(ta.family) == "Tiled";
    for (size_t i = 0; i < ta.art->layers.size() && i < ta.shown.size(); ++i) {
        const interop::ArtLayer& l = ta.art->layers[i];
        std::string label = l.name.empty() ? "(unnamed)" : l.name;
        if (i == ta.collisionLayer) label += " (collision)";
        if (l.kind == interop::ArtLayer::Kind::Image) label += " (image)";
        // An LDtk layer's tiles are the art's tile objects: no suffix for them.
        if (tiled && l.kind == interop::ArtLayer::Kind::Objects) label += " (tile objects)";
        ImGui::PushID(int(i));
        bool shown = ta.shown[i] != 0;
        if (ImGui::Checkbox(label.c_str(), &shown)) ta.shown[i] = shown ? 1 : 0;
        ImGui::PopID();
    }
    ImGui::Checkbox("Dim the art", &ta.dim);
    if (ta.collisionLayer != SIZE_MAX && !ta.kindGid.empty())
        ImGui::Checkbox("Collision kinds over the art", &ta.kindsOverArt);
}

}  // namespace ts
