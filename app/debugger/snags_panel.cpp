// The Snags section of the debugger panel and Debug > Snag hunt: the hunt runs on its own
// thread (SnagHuntSession) while the window draws its progress; the findings are listed by
// map feature, a click opens one paused on its bad frame with the overlays that show why.
#include <imgui.h>

#include <cinttypes>
#include <cstdio>

#include "debugger/debugger_ui.h"
#include "hunt/ignore_list.h"
#include "sim/input_log.h"

namespace ts {

namespace {

const ImVec4 kStillThere(1.0f, 0.55f, 0.45f, 1), kFixed(0.5f, 0.9f, 0.5f, 1);

void say(DebugSession& d, std::string text, bool error) {
    d.message = std::move(text);
    d.messageIsError = error;
}

void openFinding(EditorState& s, DebugSession& d, size_t i) {
    const SnagFinding& f = d.hunt.findings()[i];
    setDebugMode(d, true);
    OverlayMask overlays = 0;
    std::string note;
    if (!openSnagFinding(d.dbg, f, &overlays, &note)) {
        say(d, note, true);
        return;
    }
    s.selectedActor = d.dbg.drivenActor();
    d.seenSelection = s.selectedActor;
    d.overlays |= overlays;
    d.onlyDriven = true;     // the finding's actor's probes, not every actor's
    d.showCoverage = false;  // the heat map would cover them
    std::printf("snag opened %s %s frame %lld\n", snagKindName(f.kind), f.actorName.c_str(),
                (long long)f.frame);  // window tests wait for this line
    std::fflush(stdout);
    d.openedSnag = int(i);
    say(d,
        std::string(snagKindName(f.kind)) + " at frame " + std::to_string(f.frame) + ": " +
            f.detail + (note.empty() ? "" : " (" + note + ")"),
        !note.empty());
}

void progressLine(const DebugSession& d) {
    const HuntProgress p = d.hunt.progress();
    char text[160];
    std::snprintf(text, sizeof text, "%" PRId64 " frames, %zu cells, %zu findings", p.frames,
                  p.cells, p.findings);
    ImGui::ProgressBar(float(p.fraction), ImVec2(-1, 0), text);
}

// One finding's row; false when Ignore removed it (the list is drawn again next frame).
bool findingRow(EditorState& s, DebugSession& d, size_t i) {
    const SnagFinding& f = d.hunt.findings()[i];
    ImGui::PushID(int(i));
    char label[200];
    // The shrunk case's length: its frames are frame + 1; its key lines (runs) say how simple.
    std::snprintf(label, sizeof label, "%s  %s  frame %" PRId64 "  (%zu line%s)",
                  snagKindName(f.kind), f.actorName.c_str(), f.frame, f.inputs.runs.size(),
                  f.inputs.runs.size() == 1 ? "" : "s");
    if (ImGui::Selectable(label, d.openedSnag == int(i), 0,
                          ImVec2(ImGui::GetContentRegionAvail().x - 5 * ImGui::GetFontSize(), 0)))
        openFinding(s, d, i);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nClick: open it paused on frame %" PRId64 "\n%s", f.detail.c_str(),
                          f.frame, formatInputLog(f.inputs).c_str());
    ImGui::SameLine();
    bool ignored = false;
    if (ImGui::SmallButton("Ignore")) {
        std::string error;
        const std::string key = f.key();  // f goes with the row
        if (d.hunt.ignore(i, &error)) {
            std::printf("snag ignored %s\n", key.c_str());  // window tests wait for this line
            std::fflush(stdout);
            ignored = true;
            d.openedSnag = -1;
            say(d, "Ignored (kept in " + ignoreListPath(s.doc.path()) + ")", false);
        } else {
            say(d, "Ignore: " + error, true);
        }
    }
    if (!ignored && ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Leave it out of every later hunt of this map, here and in CI\n"
            "(a line in MAP.snagignore, beside the map)");
    if (!ignored && d.hunt.check(i) != SnagHuntSession::Check::NotChecked) {
        const bool fixed = d.hunt.check(i) == SnagHuntSession::Check::Fixed;
        ImGui::Indent();
        ImGui::TextColored(fixed ? kFixed : kStillThere, "%s",
                           fixed ? ("fixed: " + d.hunt.checkWhy(i)).c_str() : "still there");
        ImGui::Unindent();
    }
    ImGui::PopID();
    return !ignored;
}

// Which detectors the next hunt runs (docs/hunt.md defines each); at least one stays on.
void detectorChoice(SnagHuntSession::Settings& set) {
    int on = 0;
    for (int k = 0; k < int(SnagKind::Count); ++k) on += (set.kinds & snagBit(SnagKind(k))) != 0;
    if (!ImGui::TreeNode("Detectors", "Detectors (%d of %d)", on, int(SnagKind::Count))) return;
    for (int k = 0; k < int(SnagKind::Count); ++k) {
        const uint32_t bit = snagBit(SnagKind(k));
        bool checked = (set.kinds & bit) != 0;
        if (k % 3 != 0) ImGui::SameLine(float(k % 3) * 6.5f * ImGui::GetFontSize());
        ImGui::BeginDisabled(checked && on == 1);
        if (ImGui::Checkbox(snagKindName(SnagKind(k)), &checked))
            set.kinds = checked ? set.kinds | bit : set.kinds & ~bit;
        ImGui::EndDisabled();
    }
    ImGui::TreePop();
}

}  // namespace

void startSnagHunt(const EditorState& s, DebugSession& d) {
    std::string error;
    if (!d.hunt.start(s.doc.map(), s.doc.path(), d.huntSettings, &error)) {
        say(d, "Snag hunt: " + error, true);
        return;
    }
    setDebugMode(d, true);
    d.openedSnag = -1;
    d.huntRevision = s.doc.revision();
    d.openSnags = true;
    d.showCoverage = true;
    say(d, "Snag hunt running", false);
}

void pollSnagHunt(DebugSession& d) {
    if (d.hunt.running()) d.liveChanged = true;  // the progress bar moves without input
    if (!d.hunt.poll()) return;
    d.liveChanged = true;
    if (!d.hunt.error().empty()) {
        say(d, "Snag hunt: " + d.hunt.error(), true);
        return;
    }
    std::string text = std::string(d.hunt.cancelled() ? "Snag hunt cancelled: " : "Snag hunt: ") +
                       std::to_string(d.hunt.findings().size()) + " findings";
    if (d.hunt.ignoredCount() > 0)
        text += " (" + std::to_string(d.hunt.ignoredCount()) + " ignored)";
    text += ", " + std::to_string(d.hunt.framesExplored()) + " frames explored";
    say(d, text, false);
    std::printf("%s\n", text.c_str());  // window tests wait for this line
    std::fflush(stdout);
}

void snagsSection(EditorState& s, DebugSession& d) {
    SnagHuntSession::Settings& set = d.huntSettings;
    const bool running = d.hunt.running();
    ImGui::BeginDisabled(running);
    ImGui::InputScalar("Frames", ImGuiDataType_S64, &set.frames);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Explored frames: the bound that makes a hunt reproducible");
    ImGui::InputDouble("Seconds", &set.seconds, 0, 0, "%.0f");
    if (set.frames < 1000) set.frames = 1000;
    if (!(set.seconds >= 1)) set.seconds = 1;  // NaN too
    detectorChoice(set);
    ImGui::EndDisabled();
    if (running) {
        if (ImGui::Button("Cancel")) d.hunt.cancel();
        progressLine(d);
    } else if (ImGui::Button("Hunt") && !s.readOnly) {
        startSnagHunt(s, d);
    }
    if (!d.hunt.hasResult()) {
        ImGui::TextDisabled("Searches inputs for stuck, snag, lip, ... (docs/hunt.md)");
        return;
    }
    ImGui::SameLine();
    if (ImGui::Button("Re-check")) {
        d.hunt.recheckAll(s.doc.map());
        say(d, "Re-checked every finding on the map as it is now", false);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Replay each finding's keys on the map as edited now\n"
            "(and the plugins as loaded now): fixed or still there");
    ImGui::Checkbox("Coverage heat map", &d.showCoverage);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Where the hunt's frames were, per cell: clear cells were never reached");
    if (s.doc.revision() != d.huntRevision)
        ImGui::TextDisabled("The map changed since this hunt: Re-check");
    if (d.hunt.findings().empty()) ImGui::TextDisabled("No findings.");
    bool listed = true;  // until an Ignore changes the list under the loop
    for (const SnagHuntSession::Group& g : d.hunt.groups()) {
        ImGui::PushID(g.feature.c_str());
        if (ImGui::TreeNodeEx("##group", ImGuiTreeNodeFlags_DefaultOpen, "%s (%zu)",
                              g.feature.c_str(), g.members.size())) {
            for (size_t i : g.members)
                if (listed) listed = findingRow(s, d, i);
            ImGui::TreePop();
        }
        ImGui::PopID();
        if (!listed) break;
    }
}

}  // namespace ts
