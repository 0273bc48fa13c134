// The debugger panel's "Runs to compare": named runs kept beside the one Compare ghost, so
// several tunings or inputs can be compared with the live run on the canvas.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "debugger/debugger_ui.h"

namespace ts {

void runsSection(DebugSession& d) {
    Debugger& g = d.dbg;
    if (g.actorCount() == 0) return;
    const size_t a = size_t(g.drivenActor());
    if (d.runName.empty()) d.runName = "run " + std::to_string(g.runs().size() + 1);
    ImGui::SetNextItemWidth(std::round(ImGui::GetContentRegionAvail().x * 0.5f));
    ImGui::InputText("##runname", &d.runName);
    ImGui::SameLine();
    if (ImGui::Button("Keep this run")) {
        g.keepRun(a, d.runName);
        d.runName.clear();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(g.recorded()
                              ? "Keeps the selected actor's recorded run, drawn beside the "
                                "recording shown (a later game's or restart's, to compare)"
                              : "Keeps the selected actor's whole run as it is now, drawn beside "
                                "the live one (change keys or tuning, then compare)");
    std::vector<Debugger::SavedRun>& runs = g.runs();
    for (size_t i = 0; i < runs.size(); ++i) {
        ImGui::PushID(int(i));
        const Rgba c = runColour(i);
        ImGui::ColorButton("##colour", ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1),
                           ImGuiColorEditFlags_NoTooltip,
                           ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
        ImGui::SameLine();
        ImGui::Checkbox(runs[i].name.c_str(), &runs[i].visible);
        ImGui::SameLine();
        // A run kept from an earlier game's recording may name an actor this one lacks.
        ImGui::TextDisabled("%s", runs[i].actor < g.actorCount()
                                      ? g.actorName(runs[i].actor).c_str()
                                      : "(no such actor now)");
        ImGui::SameLine();
        const bool drop = ImGui::SmallButton("drop");
        ImGui::PopID();
        if (drop) {
            runs.erase(runs.begin() + long(i));
            break;
        }
    }
}

}  // namespace ts
