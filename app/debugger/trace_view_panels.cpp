#include "debugger/trace_view_panels.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <vector>

#include "record/recorded_fields.h"

namespace ts {

void recordedActorsSection(EditorState& s, DebugSession& d) {
    Debugger& g = d.dbg;
    const RecordedFrames* rec = g.recorded();
    if (!rec) return;
    if (g.actorCount() == 0) {
        ImGui::TextWrapped("The trace has no actors.");
        return;
    }
    ImGui::TextDisabled("Select one to inspect it.");
    for (size_t i = 0; i < g.actorCount(); ++i) {
        const TraceActorInfo& a = rec->trace().actors[i];
        ImGui::PushID(int(i));
        if (ImGui::RadioButton(a.name.c_str(), g.drivenActor() == int(i))) {
            // The canvas's selection follows (syncDebugger drives what it selects when it
            // changes): left behind, a click on the actor it still named did nothing.
            g.setDrivenActor(int(i));
            s.selectedActor = g.drivenActor();
            d.seenSelection = s.selectedActor;
        }
        ImGui::SameLine();
        ImGui::TextDisabled("%s", a.mover.empty() ? "(mover not named)" : a.mover.c_str());
        ImGui::PopID();
    }
}

void recordedInspectorSection(DebugSession& d) {
    Debugger& g = d.dbg;
    const RecordedFrames* rec = g.recorded();
    if (!rec || g.actorCount() == 0) return;
    const size_t a = size_t(g.drivenActor());
    const int64_t p = g.position();
    if (!ImGui::BeginTable("trace_inspector", 2, ImGuiTableFlags_SizingStretchProp)) return;
    // The keys are a game's own names: the first column fits the longest.
    ImGui::TableSetupColumn("field", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    auto row = [](const char* name, const std::string& value) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", name);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(value.c_str());
    };
    row("position", std::to_string(p) + " of " + std::to_string(g.length()));
    const int64_t frame = rec->frameNumber(p);
    row("frame", frame < 0 ? "(before the first)" : std::to_string(frame));
    const std::optional<RecordedState> line = rec->stateLine(a, p);
    if (!line) {
        row("state", "none recorded");
        ImGui::EndTable();
        return;
    }
    row("line", std::to_string(line->line));
    // Every field as written in the trace (the exact text a game or tilestep recorded), or as
    // the actor's built-in mover reads it, the words the editor's debugger shows.
    for (const StateField& f : recordedStateFields(rec->trace().actors[a].mover, line->fields))
        row(f.name.c_str(), f.value);
    ImGui::EndTable();
}

void ownFieldPlot(const std::string& key, std::vector<float>& v, const std::vector<bool>& words,
                  const std::string& label) {
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (size_t i = 0; i < v.size(); ++i)
        if (!words[i]) lo = std::min(lo, v[i]), hi = std::max(hi, v[i]);
    if (lo > hi) lo = 0, hi = 1;  // every value in words
    if (lo == hi) hi = lo + 1;
    for (size_t i = 0; i < v.size(); ++i)
        if (words[i]) v[i] = hi;
    ImGui::PlotLines(("##field_" + key).c_str(), v.data(), int(v.size()), 0, label.c_str(), lo, hi,
                     ImVec2(ImGui::GetContentRegionAvail().x, 42));
}

void recordedFieldPlots(DebugSession& d) {
    Debugger& g = d.dbg;
    const RecordedFrames* rec = g.recorded();
    if (!rec || g.actorCount() == 0) return;
    const size_t a = size_t(g.drivenActor());
    const int64_t p = g.position();
    const std::optional<RecordedState> now = rec->stateLine(a, p);
    if (!now) return;
    const int64_t from = std::max<int64_t>(0, p - g.historyLength());
    const RecordedFieldReader reader(rec->trace().actors[a].mover);
    // The line in force at each position, decoded once for every field.
    std::vector<std::optional<RecordedState>> lines;
    for (int64_t q = from; q <= p; ++q) lines.push_back(rec->stateLine(a, q));
    std::vector<float> v;
    std::vector<bool> words;
    for (const TraceField& f : now->fields) {
        static const char* const kCommon[] = {"x", "y", "vx", "vy", "grounded", "w", "h"};
        bool common = false;
        for (const char* k : kCommon) common = common || f.key == k;
        if (common || (f.type != TraceField::Type::Number && f.type != TraceField::Type::Bool))
            continue;
        v.clear();
        words.clear();
        float last = 0;
        bool lastWords = false;
        for (const std::optional<RecordedState>& s : lines) {
            // A frame without this field keeps the last value.
            if (s)
                for (const TraceField& x : s->fields)
                    if (x.key == f.key) {
                        last = x.type == TraceField::Type::Bool ? (x.text == "true" ? 1.0f : 0.0f)
                                                                : float(x.number);
                        lastWords = !reader.reading(x).empty();
                    }
            v.push_back(last);
            words.push_back(lastWords);
        }
        // The label reads the value as the inspector does.
        std::string reading = reader.reading(f);
        if (reading.empty()) reading = f.text;
        ownFieldPlot(f.key, v, words, f.key + " " + reading);
    }
}

void recordedGhostSection(DebugSession& d) {
    Debugger& g = d.dbg;
    if (const std::string missing = g.recordedGhostMissing(); !missing.empty()) {
        ImGui::TextWrapped("%s", missing.c_str());
        return;
    }
    if (g.ghostActor() < 0) {
        ImGui::TextWrapped(
            "A recorded trace replays as recorded: nothing to tune. "
            "`tilestep view MAP A.jsonl --ghost B.jsonl` shows B as the ghost.");
        return;
    }
    ImGui::Checkbox("Ghost", &d.showGhost);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The same actor in the --ghost trace, position by position");
}

void recordedBarStatus(const DebugSession& d) {
    const RecordedFrames* rec = d.dbg.recorded();
    if (!rec) return;
    const int64_t frame = rec->frameNumber(d.dbg.position());
    const std::string& map = rec->trace().header.map;
    ImGui::TextDisabled("recorded trace, frame %s%s%s",
                        frame < 0 ? "-" : std::to_string(frame).c_str(),
                        map.empty() ? "" : ", map ", map.c_str());
}

}  // namespace ts
