// The debugger panel's "Breakpoints" section and the markers on the timeline: what makes
// playing pause by itself (core/sim/breakpoints.h), for the selected actor.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

#include "debugger/debugger_ui.h"
#include "sim/break_check.h"
#include "sim/break_expr.h"

namespace ts {

namespace {

// The field names the selected actor's trace lines have: an expression naming another is
// refused with the list.
std::vector<std::string> selectedFields(const Debugger& g) {
    std::vector<std::string> out;
    const size_t a = size_t(std::max(0, g.drivenActor()));
    if (a >= g.actorCount()) return out;
    for (const StateField& f : g.breakFields(a)) out.push_back(f.name);
    return out;
}

// The expression field and its Add button, on the row of the marker button (so the panels
// below keep their place while no expression is listed).
void expressionField(DebugSession& d, Breakpoints& b) {
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Add").x - ImGui::GetStyle().FramePadding.x * 4);
    const bool entered = ImGui::InputTextWithHint("##breakexpr", "e.g. x > 300", &d.breakText,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Pause where an expression holds: the selected actor's trace fields compared\n"
            "(x > 300, frame == 120), 'changes', 'changes sign', 'becomes VALUE',\n"
            "'probe KIND [VERDICT]', joined with and, or, not and ( ): see docs/debugger.md");
    ImGui::SameLine();
    if ((ImGui::Button("Add") || entered) && !d.breakText.empty()) {
        BreakExpr e;
        if (BreakExpr::parse(d.breakText, selectedFields(d.dbg), &e, &d.breakError)) {
            b.rules.push_back(Breakpoints::Rule{std::move(e), true});
            d.breakText.clear();
            d.breakError.clear();
        }
    }
}

// Why `e` can never pause for the selected actor ("" when it can): a probe kind or verdict
// its mover never gives, a field its trace lines lack (core/sim/break_check.h). A recorded
// trace's probes are the game's own: only its fields are checked.
std::string cannotFire(const Debugger& g, const BreakExpr& e) {
    const size_t a = size_t(std::max(0, g.drivenActor()));
    if (a >= g.actorCount()) return "";
    const std::vector<std::string> fields = selectedFields(g);
    if (g.recorded()) return breakWarning(e, "the recording", nullptr, fields);
    if (a >= g.map().actors.size()) return "";
    return breakWarning(e, moverInfo(g.map().actors[a].mover), fields);
}

// The field's error, and the expressions with their on / off boxes and remove buttons, each
// with what stops it from ever firing for the selected actor.
void expressionList(DebugSession& d, Breakpoints& b) {
    if (!d.breakError.empty()) {
        ImGui::PushTextWrapPos(0.0f);  // the list of fields is longer than the panel is wide
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1), "%s", d.breakError.c_str());
        ImGui::PopTextWrapPos();
    }
    for (size_t i = 0; i < b.rules.size(); ++i) {
        ImGui::PushID(int(i));
        ImGui::Checkbox(b.rules[i].expr.text().c_str(), &b.rules[i].enabled);
        ImGui::SameLine();
        const bool remove = ImGui::SmallButton("x");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this breakpoint");
        const std::string warning = cannotFire(d.dbg, b.rules[i].expr);
        if (!warning.empty()) {
            ImGui::Indent();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1), "%s", warning.c_str());
            ImGui::PopTextWrapPos();
            ImGui::Unindent();
        }
        ImGui::PopID();
        if (remove) {
            b.rules.erase(b.rules.begin() + std::ptrdiff_t(i));
            break;
        }
    }
}

}  // namespace

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
    ImGui::SameLine();
    expressionField(d, b);
    expressionList(d, b);
    if (!b.markers.empty()) {
        if (ImGui::SmallButton("Clear markers")) b.markers.clear();
        ImGui::SameLine();
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
    // The scrub bar's range, as debuggerBar set it this frame.
    const int64_t len = std::max<int64_t>(d.timelineRange, 1);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float grab = ImGui::GetStyle().GrabMinSize;  // the slider's travel is inset by it
    const float a = x0 + grab / 2, w = (x1 - x0) - grab;
    for (int64_t m : g.breakpoints().markers) {
        if (m > g.length()) continue;
        // Never cut by the bar's ends: the whole triangle stays inside it.
        const float x =
            std::clamp(std::round(a + w * float(double(m) / double(len))), x0 + 4, x1 - 4);
        dl->AddTriangleFilled(ImVec2(x - 4, y0), ImVec2(x + 4, y0), ImVec2(x, y0 + 6),
                              IM_COL32(255, 190, 80, 255));
        dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 190, 80, 200), 1);
    }
}

}  // namespace ts
