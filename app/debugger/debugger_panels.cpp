// The debugger's ImGui panels: the timeline bar under the canvas and the right-hand panel
// (actors and input logs, inspector, plots, live tuning, overlays with their legend).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "debugger/debugger_ui.h"
#include "debugger/reload_log.h"
#include "debugger/timeline_range.h"
#include "editor/param_widget.h"
#include "debugger/trace_view_panels.h"
#include "gfx/overlay_draw.h"
#include "movers/model_fields.h"

namespace ts {

namespace {

constexpr ImGuiWindowFlags kFixedWindow =
    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoResize;

const ImVec4 kRecColor(1.0f, 0.35f, 0.35f, 1.0f);
const ImVec4 kReplayColor(0.45f, 0.85f, 0.55f, 1.0f);

bool toolButton(const char* label, const char* tip) {
    bool pressed = ImGui::Button(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    ImGui::SameLine();
    return pressed;
}

std::string speedText(double speed) {
    char buf[16];
    if (speed < 1) {
        std::snprintf(buf, sizeof buf, "1/%dx", int(std::lround(1 / speed)));
    } else {
        std::snprintf(buf, sizeof buf, "%dx", int(speed));
    }
    return buf;
}

std::string bytesText(size_t bytes) {
    char buf[32];
    if (bytes < 10 * 1024) {
        std::snprintf(buf, sizeof buf, "%zu B", bytes);
    } else if (bytes < 10 * 1024 * 1024) {
        std::snprintf(buf, sizeof buf, "%zu KB", bytes / 1024);
    } else {
        std::snprintf(buf, sizeof buf, "%zu MB", bytes / (1024 * 1024));
    }
    return buf;
}

ImVec4 toImColor(Rgba c) {
    return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, std::max(0.55f, c.a / 255.0f));
}

void selectActor(EditorState& s, DebugSession& d, int actor) {
    d.dbg.setDrivenActor(actor);
    s.selectedActor = d.dbg.drivenActor();
    d.seenSelection = s.selectedActor;
}

std::string defaultLogPath(const EditorState& s, const DebugSession& d) {
    const Map& m = s.doc.map();
    namespace fs = std::filesystem;
    fs::path map = s.doc.path().empty() ? fs::path("untitled.json") : fs::path(s.doc.path());
    std::string actor = m.actors.empty() ? "actor" : m.actors[size_t(d.dbg.drivenActor())].name;
    return (map.parent_path() / (map.stem().string() + "-" + actor + ".log")).string();
}

void setMessage(DebugSession& d, std::string text, bool error) {
    d.message = std::move(text);
    d.messageIsError = error;
}

void actorsSection(EditorState& s, DebugSession& d) {
    if (d.dbg.recorded()) return recordedActorsSection(s, d);
    Debugger& g = d.dbg;
    const Map& m = s.doc.map();
    if (m.actors.empty()) {
        ImGui::TextWrapped("The map has no actors: place one with the Actors tool (A).");
        return;
    }
    ImGui::TextDisabled("The keyboard drives the selected actor.");
    for (size_t i = 0; i < m.actors.size(); ++i) {
        ImGui::PushID(int(i));
        if (ImGui::RadioButton(m.actors[i].name.c_str(), g.drivenActor() == int(i)))
            selectActor(s, d, int(i));
        ImGui::SameLine();
        ImGui::TextDisabled("%s", moverInfo(m.actors[i].mover).title);
        ImGui::PopID();
    }
    const size_t a = size_t(g.drivenActor());
    std::string& logPath = d.logPaths.field(m.actors[a].name, defaultLogPath(s, d));
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##logpath", &logPath);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Input log of the selected actor: lines COUNT,KEY,... (keys L R U D J)");
    std::string error;
    if (ImGui::Button("Load log")) {
        if (g.loadLog(a, logPath, &error)) {
            setMessage(d, "Loaded " + logPath, false);
        } else {
            setMessage(d, error, true);
        }
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Replaces the selected actor's keys and re-simulates from frame 0");
    ImGui::SameLine();
    if (ImGui::Button("Save log")) {
        if (g.saveLog(a, logPath, &error)) {
            setMessage(d, "Saved " + logPath + " (" + m.actors[a].name + ")", false);
        } else {
            setMessage(d, error, true);
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Idle")) {
        g.setLog(a, InputLog{});
        setMessage(d, m.actors[a].name + " stands idle", false);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clears the selected actor's keys");
    if (!d.message.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(d.messageIsError ? kRecColor : ImVec4(0.7f, 0.75f, 0.8f, 1), "%s",
                           d.message.c_str());
        ImGui::PopTextWrapPos();
    }
}

void row(const char* name, const char* fmt, ...) IM_FMTARGS(2);
void row(const char* name, const char* fmt, ...) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", name);
    ImGui::TableNextColumn();
    va_list args;
    va_start(args, fmt);
    ImGui::TextV(fmt, args);
    va_end(args);
}

const char* facingName(uint8_t f) {
    return f == DIR_LEFT    ? "left"
           : f == DIR_RIGHT ? "right"
           : f == DIR_UP    ? "up"
           : f == DIR_DOWN  ? "down"
                            : "none";
}

void inspectorSection(DebugSession& d) {
    if (d.dbg.recorded()) return recordedInspectorSection(d);
    Debugger& g = d.dbg;
    const int64_t p = g.position();
    if (g.actorCount() == 0) return;
    const size_t a = size_t(g.drivenActor());
    const MoverState& st = g.state(a);
    if (!ImGui::BeginTable("dbg_inspector", 2, ImGuiTableFlags_SizingStretchProp)) return;
    row("frame", "%lld of %lld", (long long)p, (long long)g.length());
    std::string keys = p > 0 ? keysText(g.timeline().keysAt(p - 1, a)) : "";
    row("keys", "%s", p == 0 ? "(spawn)" : keys.empty() ? "none" : keys.c_str());
    // Sub-pixel: whole pixel plus the 1/65536 fraction, and the exact decimal.
    row("x", "%s  (%lld + %lld/65536)", st.x.str().c_str(), (long long)st.x.floor(),
        (long long)st.x.frac().raw);
    row("y", "%s  (%lld + %lld/65536)", st.y.str().c_str(), (long long)st.y.floor(),
        (long long)st.y.frac().raw);
    row("vx", "%s px/frame", st.vx.str().c_str());
    row("vy", "%s px/frame", st.vy.str().c_str());
    row("grounded", "%s", st.grounded ? "yes" : "no");
    row("facing", "%s", facingName(st.facing));
    row("pushing", "%s", st.pushing ? "yes" : "no");
    // The model's own fields by their names (timer / aux mean something else in each model).
    for (const StateField& f : modelStateFields(g.map().actors[a].mover, st)) {
        std::string name = f.name;
        std::replace(name.begin(), name.end(), '_', ' ');
        row(name.c_str(), "%s", f.value.c_str());
    }
    ImGui::EndTable();
}

void plotsSection(DebugSession& d) {
    Debugger& g = d.dbg;
    int n = int(g.historyLength());
    if (ImGui::SliderInt("frames", &n, 30, 2000)) g.setHistoryLength(n);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Frames shown by the plots and the trail");
    if (g.actorCount() == 0) return;
    // A recorded actor without any state line has no values (the inspector says so too): its
    // placeholder state at (0, 0) is not plotted.
    if (g.recorded() && !g.recorded()->stateLine(size_t(g.drivenActor()), g.position())) {
        ImGui::TextDisabled("none recorded");
        return;
    }
    const std::vector<MoverState>& h = g.history(size_t(g.drivenActor()));
    if (h.empty()) return;
    std::vector<float> v(h.size());
    const float width = ImGui::GetContentRegionAvail().x;
    // Each label gives the value now exactly, as the inspector and the files write it
    // (171.75, not "%.4g"'s 171.8); the line itself is drawn from floats.
    auto plot = [&](const char* name, auto get, const std::string& now) {
        for (size_t i = 0; i < h.size(); ++i) v[i] = float(get(h[i]));
        const std::string overlay = std::string(name) + " " + now;
        ImGui::PlotLines((std::string("##") + name).c_str(), v.data(), int(v.size()), 0,
                         overlay.c_str(), FLT_MAX, FLT_MAX, ImVec2(width, 42));
    };
    const MoverState& last = h.back();
    plot(
        "x", [](const MoverState& s) { return s.x.toDouble(); }, last.x.str());
    plot(
        "y", [](const MoverState& s) { return s.y.toDouble(); }, last.y.str());
    plot(
        "vx", [](const MoverState& s) { return s.vx.toDouble(); }, last.vx.str());
    plot(
        "vy", [](const MoverState& s) { return s.vy.toDouble(); }, last.vy.str());
    plot(
        "grounded", [](const MoverState& s) { return s.grounded ? 1.0 : 0.0; },
        last.grounded ? "1" : "0");
    if (g.recorded()) return recordedFieldPlots(d);
    // The mover's own fields (what its describe gives: a built-in's `air_frames`, `walk`, a
    // plugin's declared fields), one plot each, every mover alike. Plotted from the values,
    // not the inspector's text: a Fix as its number, a Bool as 0 / 1; a name (`region` "a")
    // has no scale and is left to the inspector. A value the mover reads as words
    // (MoverInfo::fieldText) is drawn as ownFieldPlot draws one.
    const MoverInfo& info = moverInfo(g.map().actors[size_t(g.drivenActor())].mover);
    struct Series {
        std::string name, now;  // now: the last value as the inspector reads it
        std::vector<float> v;
        std::vector<bool> words;
        bool plotted = true;
    };
    std::vector<Series> fields;
    ModelFields values;
    for (size_t i = 0; i < h.size(); ++i) {
        values.clear();
        info.describe(h[i], values);
        if (fields.empty())
            for (const ModelField& f : values)
                fields.push_back(Series{std::string(f.key), "", std::vector<float>(h.size()),
                                        std::vector<bool>(h.size()),
                                        f.type != ModelField::Type::Name});
        for (size_t k = 0; k < values.size() && k < fields.size(); ++k) {
            const ModelField& f = values[k];
            Series& series = fields[k];
            series.v[i] = f.type == ModelField::Type::Fix ? float(Fix::fromRaw(f.value).toDouble())
                                                          : float(f.value);  // Int, Bool: 0 / 1
            series.words[i] = info.fieldText && !info.fieldText(f).empty();
            if (i + 1 == h.size()) series.now = modelFieldReading(info, f);
        }
    }
    for (Series& series : fields)
        if (series.plotted)
            ownFieldPlot(series.name, series.v, series.words, series.name + " " + series.now);
}

void tuningSection(EditorState& s, DebugSession& d) {
    if (d.dbg.recorded()) return recordedGhostSection(d);
    Debugger& g = d.dbg;
    if (g.actorCount() == 0) return;
    const size_t a = size_t(g.drivenActor());
    const MoverInfo& info = moverInfo(g.map().actors[a].mover);
    bool compare = g.compare();
    if (ImGui::Checkbox("Compare", &compare)) g.setCompare(compare);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "On: a change applies from frame 0 and the run before it stays as a ghost.\n"
            "Off: a change applies from the next step.");
    if (compare) {
        ImGui::SameLine();
        int of = int(g.ghostOf());
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.5f);
        if (ImGui::Combo("##ghostof", &of, "the map's values\0before the last edit\0"))
            g.setGhostOf(Debugger::GhostOf(of));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "What the ghost shows: the run with the map's values (kept\n"
                "through every edit), or the run just before the last edit");
    }
    if (g.ghostActor() >= 0) {
        ImGui::SameLine();
        ImGui::Checkbox("Ghost", &d.showGhost);
        ImGui::SameLine();
        if (ImGui::SmallButton("Drop ghost")) g.clearGhost();
    }
    const ParamValues defaults = defaultParams(info.kind);
    // Room for the name and the reset button beside each field.
    ImGui::PushItemWidth(std::round(ImGui::GetContentRegionAvail().x * 0.4f));
    for (int i = 0; i < info.paramCount; ++i) {
        const ParamSpec& spec = info.params[i];
        ImGui::PushID(i);
        const Fix current = g.params(a)[size_t(i)];
        Fix value;
        const bool changed = paramWidget(spec, current, &value);
        if (ImGui::IsItemActivated()) g.beginTuning(a);  // before the change: the ghost
        if (changed) g.setParam(a, i, value);
        ImGui::SameLine();
        const bool isDefault = current == defaults[size_t(i)];
        if (isDefault) ImGui::BeginDisabled();
        if (ImGui::SmallButton("reset")) {
            g.beginTuning(a);
            g.resetParam(a, i);
        }
        if (isDefault) ImGui::EndDisabled();
        ImGui::PopID();
    }
    ImGui::PopItemWidth();
    // Tuning lives in the recording until it is applied to the map (one undo step each).
    const bool tuned = g.tuned(a);
    if (!tuned) ImGui::BeginDisabled();
    const std::string& name = g.map().actors[a].name;
    if (ImGui::Button("Apply to actor")) applyTuning(s, d, a, false);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Writes these values into %s in the map (undo takes them back)",
                          name.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Apply to all")) applyTuning(s, d, a, true);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Writes these values into every %s actor in the map (one undo step)",
                          info.title);
    if (!tuned) ImGui::EndDisabled();
    if (tuned) {
        ImGui::TextColored(kRecColor, "Tuned values are not in the map yet");
    } else {
        ImGui::TextDisabled("The map has these values");
    }
}

void overlaysSection(DebugSession& d) {
    ImGui::Checkbox("Only the selected actor's probes", &d.onlyDriven);
    if (d.hunt.hasResult()) {  // the same switch as the Snags section's
        ImGui::Checkbox("Snag hunt coverage (heat map)", &d.showCoverage);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The cells the last snag hunt's frames reached, blue (few) to red");
    }
    for (int i = 0; i < int(Overlay::Count); ++i) {
        Overlay o = Overlay(i);
        bool on = (d.overlays & overlayBit(o)) != 0;
        ImGui::PushID(i);
        if (ImGui::Checkbox(overlayTitle(o), &on))
            d.overlays = on ? d.overlays | overlayBit(o) : d.overlays & ~overlayBit(o);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("--overlays name: %s", overlayName(o));
        ImGui::Indent();
        for (const LegendEntry& e : overlayLegend()) {
            if (e.overlay != o) continue;
            ImGui::ColorButton("##swatch", toImColor(e.color),
                               ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoAlpha,
                               ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
            ImGui::SameLine();
            if (on) {
                ImGui::TextUnformatted(e.text);
            } else {
                ImGui::TextDisabled("%s", e.text);
            }
        }
        ImGui::Unindent();
        ImGui::PopID();
    }
}

}  // namespace

float debuggerBarHeight(float uiScale) {
    return std::round(62 * (uiScale > 0 ? uiScale : 1));
}

bool anyPluginFailed() {
    for (MoverKind kind : pluginMoverKinds())
        if (const PluginMover* build = pluginMover(kind); build && !build->lastFault().empty())
            return true;
    return false;
}

bool restartFailedPlugins(EditorState& s, DebugSession& d) {
    std::string said;
    for (MoverKind kind : pluginMoverKinds()) {
        const PluginMover* build = pluginMover(kind);
        if (!build || build->lastFault().empty()) continue;
        const int64_t at = d.dbg.restartPlugin(kind);
        said += (said.empty() ? "" : "; ") + build->id() + ": restarted, at frame " +
                std::to_string(at);
    }
    if (said.empty()) return false;
    d.message = said;
    d.messageIsError = false;
    setMessage(s, said);
    return true;
}

void debuggerMenu(const EditorState& s, DebugSession& d) {
    if (!ImGui::BeginMainMenuBar()) return;
    Debugger& g = d.dbg;
    if (ImGui::BeginMenu("Debug")) {
        if (ImGui::MenuItem("Debug mode", "Tab", d.active, !s.readOnly)) setDebugMode(d, !d.active);
        ImGui::Separator();
        if (ImGui::MenuItem(g.playing() ? "Pause" : "Play", "P, F5", false, d.active))
            g.togglePlaying();
        if (ImGui::MenuItem("Step forward", ".", false, d.active)) g.stepForward(0);
        if (ImGui::MenuItem("Step back", ",", false, d.active)) g.stepBack();
        if (ImGui::MenuItem("Restart", "Ctrl+R", false, d.active)) g.restart();
        if (ImGui::MenuItem("Slower", "[", false, d.active)) g.setSpeedStep(g.speedStep() - 1);
        if (ImGui::MenuItem("Faster", "]", false, d.active)) g.setSpeedStep(g.speedStep() + 1);
        ImGui::Separator();
        const bool hunting = d.hunt.running();
        if (ImGui::MenuItem("Snag hunt", nullptr, false, !hunting && !s.readOnly && !g.recorded()))
            startSnagHunt(s, d);
        if (ImGui::MenuItem("Cancel snag hunt", nullptr, false, hunting)) d.hunt.cancel();
        if (!g.recorded()) {  // a recorded trace takes no keys
            ImGui::Separator();
            ImGui::TextDisabled("Arrows move, Z jumps (the selected actor)");
        }
        ImGui::EndMenu();
    }
    pollSnagHunt(d);
    if (d.hunt.running())
        ImGui::TextColored(kReplayColor, "  hunting %d%%", int(d.hunt.progress().fraction * 100));
    if (d.active) {
        // Following a connected game is live, not paused (issue 29).
        const bool live = !d.liveStatus.empty() && d.liveConnected && g.followLive();
        ImGui::TextColored(g.recording() ? kRecColor : kReplayColor, "  DEBUG  %s",
                           live          ? "live"
                           : g.playing() ? "running"
                                         : "paused");
        if (!g.playing() && !g.lastBreak().empty())
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1), "at breakpoint: %s",
                               g.lastBreak().c_str());
    }
    ImGui::EndMainMenuBar();
}

void debuggerBar(EditorState& s, DebugSession& d, float x, float y, float w, float h) {
    (void)s;
    Debugger& g = d.dbg;
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(w, h));
    ImGui::Begin("Timeline", nullptr, kFixedWindow | ImGuiWindowFlags_NoScrollbar);
    if (toolButton("|<", "Restart: back to frame 0 (Ctrl+R)")) g.restart();
    if (toolButton("<|", "Step back one frame (comma, repeats when held)")) g.stepBack();
    if (toolButton(g.playing() ? "Pause" : " Play", "Play / pause (P or F5)")) g.togglePlaying();
    if (toolButton("|>", g.recorded() ? "Step one frame forward (period, repeats when held)"
                                      : "Step one frame forward (period, repeats when held).\n"
                                        "Hold the arrows or Z while stepping to record keys."))
        g.stepForward(d.keys);
    ImGui::SameLine(0, ImGui::GetFontSize());
    if (toolButton("-", "Slower ( [ )")) g.setSpeedStep(g.speedStep() - 1);
    ImGui::Text("%5s", speedText(g.speed()).c_str());
    ImGui::SameLine();
    if (toolButton("+", "Faster ( ] )")) g.setSpeedStep(g.speedStep() + 1);
    ImGui::SameLine(0, ImGui::GetFontSize());
    if (g.recorded() && !d.liveStatus.empty()) {
        const bool live = g.followLive() && d.liveConnected;
        if (toolButton(live ? "LIVE" : "Live",
                       "Follow the newest frame as the game sends it (End).\n"
                       "Step back or scrub to stay on a frame meanwhile."))
            g.setFollowLive(!g.followLive());
        ImGui::SameLine();
        const ImVec4 failedColor(1.0f, 0.35f, 0.3f, 1);
        ImGui::TextColored(d.liveConnected ? kRecColor
                           : d.liveFailed  ? failedColor
                                           : kReplayColor,
                           "%s", d.liveStatus.c_str());
    } else if (g.recorded()) {
        ImGui::TextColored(kReplayColor, "TRACE");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("A recorded trace: frames as recorded, no re-simulation");
    } else if (g.recording()) {
        ImGui::TextColored(kRecColor, "REC");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Stepping records the keyboard's keys for the selected actor");
    } else {
        ImGui::TextColored(kReplayColor, "REPLAY");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Recorded keys replay; hold a movement key to take over");
    }
    ImGui::SameLine(0, ImGui::GetFontSize());
    ImGui::Text("frame %lld / %lld", (long long)g.position(), (long long)g.length());
    ImGui::SameLine(0, ImGui::GetFontSize());
    const Timeline& tl = g.timeline();
    if (g.recorded()) {
        recordedBarStatus(d);
    } else {
        ImGui::TextDisabled("snapshots %zu every %lld, %s", tl.snapshotCount(),
                            (long long)tl.snapshotInterval(),
                            bytesText(tl.snapshotBytes()).c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Seeking restores the nearest snapshot and re-simulates from it.\n"
                "Snapshot memory is bounded (32 MB); keys: %s",
                bytesText(tl.recordingBytes()).c_str());
    }
    ImGui::SetNextItemWidth(-1);
    // The recording plus room ahead (timeline_range.h): a drag into the room goes to the
    // recording's last frame.
    // A trace file shown by `tilestep view` cannot grow; a live game's recording does.
    const bool grows = !g.recorded() || !d.liveStatus.empty();
    d.timelineRange = timelineRange(d.timelineRange, g.length(), grows);
    int64_t pos = g.position(), lo = 0, hi = d.timelineRange;
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_S64, &pos, &lo, &hi, "frame %lld"))
        g.requestSeek(std::min(pos, g.length()));
    timelineMarkers(d, ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                    ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag to any recorded frame");
    ImGui::End();
}

// The plugins whose last call failed, with "Restart plugin", then the plugin reloads of this
// session, newest first, each with what became of it.
void pluginsSection(EditorState& s, DebugSession& d) {
    if (anyPluginFailed()) {
        ImGui::PushTextWrapPos(0);
        for (MoverKind kind : pluginMoverKinds()) {
            const PluginMover* build = pluginMover(kind);
            const std::string fault = build ? build->lastFault() : "";
            if (!fault.empty())
                ImGui::TextColored(kRecColor, "%s: %s", build->id().c_str(), fault.c_str());
        }
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Restart plugin")) restartFailedPlugins(s, d);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "A new plugin process; the recording is stepped again up to the frame that "
                "failed (Ctrl+Shift+R). Rebuilding the plugin brings it back too.");
        ImGui::Separator();
    }
    // What each plugin printed last (printf debugging): also on stderr, prefixed.
    for (MoverKind kind : pluginMoverKinds()) {
        const PluginMover* build = pluginMover(kind);
        const std::vector<std::string> output =
            build ? build->recentOutput() : std::vector<std::string>();
        if (output.empty()) continue;
        const std::string label = build->id() + " output (last " + std::to_string(output.size()) +
                                  " lines)###output" + build->id();
        if (ImGui::TreeNode(label.c_str())) {
            for (const std::string& line : output) ImGui::TextUnformatted(line.c_str());
            ImGui::TreePop();
        }
    }
    const auto& log = editorReloadLog().entries();
    if (log.empty()) {
        ImGui::TextDisabled("No reload yet: rebuild a --plugin library to reload it");
        return;
    }
    ImGui::PushTextWrapPos(0);
    for (auto e = log.rbegin(); e != log.rend(); ++e) {
        const bool ok = e->result == ReloadLogEntry::Result::Installed;
        ImGui::TextColored(ok ? ImVec4(0.5f, 0.85f, 0.5f, 1) : kRecColor, "%s  %s: %s",
                           e->when.c_str(), e->build.c_str(), resultName(e->result));
        ImGui::TextWrapped("%s", e->detail.c_str());
    }
    ImGui::PopTextWrapPos();
}

void debuggerPanel(EditorState& s, DebugSession& d, float x, float y, float w, float h) {
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(w, h));
    ImGui::Begin("Debugger", nullptr, kFixedWindow);
    logPanelText(s);
    ImGui::PushItemWidth(std::round(w * 0.5f));
    // A recorded trace (`tilestep view`) has no input logs to load or save and nothing to
    // tune: those sections say what they hold there. The IDs after ### keep them the same
    // sections (open or closed) in both.
    const bool recorded = d.dbg.recorded() != nullptr;
    if (ImGui::CollapsingHeader(
            recorded ? "Actors (recorded)###actors" : "Actors & input logs###actors",
            ImGuiTreeNodeFlags_DefaultOpen))
        actorsSection(s, d);
    if (ImGui::CollapsingHeader("Inspector", ImGuiTreeNodeFlags_DefaultOpen)) inspectorSection(d);
    if (ImGui::CollapsingHeader("Decisions", ImGuiTreeNodeFlags_DefaultOpen)) decisionsSection(d);
    if (ImGui::CollapsingHeader("Breakpoints", ImGuiTreeNodeFlags_DefaultOpen))
        breakpointsSection(d);
    if (ImGui::CollapsingHeader("Plots", ImGuiTreeNodeFlags_DefaultOpen)) plotsSection(d);
    if (ImGui::CollapsingHeader(recorded ? "Ghost###tuning" : "Live tuning###tuning",
                                ImGuiTreeNodeFlags_DefaultOpen))
        tuningSection(s, d);
    if (ImGui::CollapsingHeader("Runs to compare", ImGuiTreeNodeFlags_DefaultOpen)) runsSection(d);
    if (!recorded && !s.readOnly) {
        if (d.openSnags) {
            ImGui::SetNextItemOpen(true);
            ImGui::SetScrollHereY(0);
            d.openSnags = false;
        }
        if (ImGui::CollapsingHeader("Snags")) snagsSection(s, d);
    }
    if (ImGui::CollapsingHeader("Overlays", ImGuiTreeNodeFlags_DefaultOpen)) overlaysSection(d);
    if (!pluginMoverKinds().empty() &&
        ImGui::CollapsingHeader("Plugins", ImGuiTreeNodeFlags_DefaultOpen))
        pluginsSection(s, d);
    ImGui::PopItemWidth();
    ImGui::End();
}

}  // namespace ts
