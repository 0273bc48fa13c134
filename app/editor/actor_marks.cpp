#include "editor/actor_marks.h"

#include <imgui.h>

namespace ts {

void queueActorNames(const EditorState& s) {
    if (!s.visible[kLayerActors]) return;
    const Map& m = s.doc.map();
    const View& v = s.view;
    const CanvasRect& c = v.canvas;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(c.x, c.y), ImVec2(c.x + c.w, c.y + c.h), false);
    const float fs = ImGui::GetFontSize();
    for (const Actor& a : m.actors) {
        const RectI box = actorBox(a);
        const float x = float(v.toScreenX(double(box.x))), y = float(v.toScreenY(double(box.y)));
        const gfx::Color k = moverColour(a.mover);
        const ImU32 colour = IM_COL32((k >> 16) & 0xff, (k >> 8) & 0xff, k & 0xff, 0xff);
        dl->AddText(ImVec2(x, y - fs - 2), colour, a.name.c_str());
    }
    dl->PopClipRect();
}

}  // namespace ts
