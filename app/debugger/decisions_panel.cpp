// The debugger panel's "Decisions" section: what decided the selected actor's last step,
// read from its probes: thresholds (a scanline actor's pass rate against the rate it needs
// to slide) and every probe that hit or blocked, with why. Numbers are rounded for reading;
// hovering a line shows the exact values, "Exact" shows them all.
#include <imgui.h>

#include <algorithm>

#include "debugger/debugger_ui.h"
#include "trace/probe_text.h"

namespace ts {

namespace {

constexpr size_t kMaxLines = 40;  // a frame of a wide actor can block hundreds of probes

ImVec4 verdictColour(Verdict v) {
    switch (v) {
        case Verdict::Pass:
        case Verdict::Miss:
            return ImVec4(0.45f, 0.85f, 0.55f, 1);
        case Verdict::Block:
        case Verdict::Hit:
            return ImVec4(1.0f, 0.45f, 0.45f, 1);
        default:
            return ImVec4(0.75f, 0.78f, 0.82f, 1);
    }
}

}  // namespace

void decisionsSection(DebugSession& d) {
    Debugger& g = d.dbg;
    if (g.actorCount() == 0) return;
    if (g.position() == 0) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("At the spawn: step a frame to see what decides it.");
        ImGui::PopTextWrapPos();
        return;
    }
    const int32_t actor = int32_t(g.drivenActor());
    const std::vector<const Probe*> decisions = frameDecisions(g.trace(), actor);
    // A recorded trace's own frame numbers (a game's may start anywhere or skip), as the
    // inspector and the probes' tooltips name them.
    const RecordedFrames* rec = g.recorded();
    const int64_t frame = rec ? rec->frameNumber(g.position()) : g.position() - 1;
    ImGui::TextDisabled("frame %lld", (long long)frame);
    ImGui::SameLine();
    ImGui::Checkbox("Exact", &d.exactNumbers);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every number exactly (fixed point, 1/65536 px) instead of rounded");
    if (decisions.empty()) {
        ImGui::TextDisabled("Nothing blocked; no thresholds.");
        return;
    }
    ImGui::PushTextWrapPos(0);
    for (size_t i = 0; i < std::min(decisions.size(), kMaxLines); ++i) {
        const Probe& p = *decisions[i];
        const std::string text = d.exactNumbers ? describeProbe(p) : readableProbe(p);
        ImGui::TextColored(verdictColour(p.verdict), "%s", text.c_str());
        if (!d.exactNumbers && ImGui::IsItemHovered())
            ImGui::SetTooltip("exact: %s", describeProbe(p).c_str());
    }
    if (decisions.size() > kMaxLines)
        ImGui::TextDisabled("... and %zu more", decisions.size() - kMaxLines);
    ImGui::PopTextWrapPos();
}

}  // namespace ts
