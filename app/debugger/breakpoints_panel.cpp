// The debugger panel's "Breakpoints" section and the markers on the timeline: what makes
// playing pause by itself (core/sim/breakpoints.h), for the selected actor.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

#include "debugger/debugger_ui.h"

namespace ts {

void breakpointsSection(DebugSession& d) {
    Debugger& g = d.dbg;
    Breakpoints& b = g.breakpoints();
    if (!g.lastBreak().empty())
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1), "Paused: %s", g.lastBreak().c_str());
    ImGui::TextDisabled("Playing pauses after a step of the selected actor where:");
    ImGui::Checkbox("grounded changes", &b.groundedChanges);
    ImGui::SameLine();
    ImGui::Checkbox("pushing changes", &b.pushingChanges);
    // Probe kinds: the ones chosen, and the ones this frame's probes show, to pick from.
    std::set<std::string> kinds(b.probeKinds.begin(), b.probeKinds.end());
    for (const Probe& p : g.trace().probes)
        if (p.actor == g.drivenActor() && p.shape != ProbeShape::Cell) kinds.insert(p.why);
    if (!kinds.empty()) ImGui::TextDisabled("a probe of this kind blocks or hits:");
    int n = 0;
    for (const std::string& k : kinds) {
        bool on = b.probeKinds.count(k) > 0;
        if (n++ % 3 != 0) ImGui::SameLine();
        if (ImGui::Checkbox(k.c_str(), &on)) {
            if (on) {
                b.probeKinds.insert(k);
            } else {
                b.probeKinds.erase(k);
            }
        }
    }
    if (kinds.empty()) ImGui::TextDisabled("(step a frame to list its probe kinds)");
    const int64_t p = g.position();
    const bool here = b.markers.count(p) > 0;
    if (ImGui::Button(here ? "Remove marker (M)" : "Marker here (M)")) b.toggleMarker(p);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Playing pauses at a marked frame; markers show on the timeline");
    if (!b.markers.empty()) {
        ImGui::SameLine();
        if (ImGui::SmallButton("Clear markers")) b.markers.clear();
        for (int64_t m : b.markers) {
            ImGui::PushID(int(m));
            char label[32];
            std::snprintf(label, sizeof label, "%lld", (long long)m);
            if (ImGui::SmallButton(label)) g.requestSeek(m);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Go to frame %lld", (long long)m);
            ImGui::SameLine();
            ImGui::PopID();
        }
        ImGui::NewLine();
    }
}

void timelineMarkers(const DebugSession& d, float x0, float y0, float x1, float y1) {
    const Debugger& g = d.dbg;
    const int64_t len = std::max<int64_t>(g.length(), 1);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float grab = ImGui::GetStyle().GrabMinSize;  // the slider's travel is inset by it
    const float a = x0 + grab / 2, w = (x1 - x0) - grab;
    for (int64_t m : g.breakpoints().markers) {
        if (m > len) continue;
        const float x = std::round(a + w * float(double(m) / double(len)));
        dl->AddTriangleFilled(ImVec2(x - 4, y0), ImVec2(x + 4, y0), ImVec2(x, y0 + 6),
                              IM_COL32(255, 190, 80, 255));
        dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 190, 80, 200), 1);
    }
}

}  // namespace ts
