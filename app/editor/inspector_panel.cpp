// The inspector: the selected brush or actor (actors: name, mover, position, size and every
// parameter of the mover from moverInfo(kind).params), else the map's own settings.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <vector>

#include "editor/canvas_input.h"
#include "editor/file_actions.h"
#include "editor/panels.h"
#include "editor/param_widget.h"
#include "editor/tools/tool.h"
#include "plugin/plugin_registry.h"

namespace ts {

namespace {

// An int64 field; returns true with the new value once it changed.
bool intField(const char* label, int64_t value, int64_t* out) {
    int v = int(std::clamp<int64_t>(value, INT32_MIN, INT32_MAX));
    if (!ImGui::DragInt(label, &v, 0.25f)) return false;
    *out = v;
    return *out != value;
}

void brushInspector(EditorState& s) {
    const Map& m = s.doc.map();
    size_t i = size_t(s.selectedBrush);
    const RectI r = m.brushes[i].rect;
    ImGui::Text("Brush %zu", i);
    int64_t v = 0;
    if (intField("x", r.x, &v)) panelEdit(s, "Move brush", moveBrush(m, i, v - r.x, 0));
    if (intField("y", r.y, &v)) panelEdit(s, "Move brush", moveBrush(m, i, 0, v - r.y));
    if (intField("width", r.w, &v))
        panelEdit(s, "Resize brush",
                  resizeBrush(m, i, Handle::Right, r.x + std::max<int64_t>(1, v) - 1, r.y));
    if (intField("height", r.h, &v))
        panelEdit(s, "Resize brush",
                  resizeBrush(m, i, Handle::Bottom, r.x, r.y + std::max<int64_t>(1, v) - 1));
    if (ImGui::Button("Delete brush")) deleteSelection(s);
}

void actorInspector(EditorState& s) {
    const Map& m = s.doc.map();
    size_t i = size_t(s.selectedActor);
    const Actor a = m.actors[i];
    std::string name = a.name;
    if (ImGui::InputText("Name", &name, ImGuiInputTextFlags_EnterReturnsTrue) && name != a.name) {
        std::string error;
        if (CommandPtr cmd = renameActor(m, i, name, &error)) {
            applyEdit(s, std::move(cmd));
        } else {
            setMessage(s, "Name refused: " + error);
        }
    }
    MoverKind mover = a.mover;
    bool changed = false;
    moverCombo("Mover", a.mover, &mover, &changed);
    if (changed) applyEdit(s, setActorMover(m, i, mover));
    int64_t v = 0;
    if (intField("x", a.x, &v)) panelEdit(s, "Move actor", moveActor(m, i, v - a.x, 0));
    if (intField("y", a.y, &v)) panelEdit(s, "Move actor", moveActor(m, i, 0, v - a.y));
    const MoverInfo& info = moverInfo(a.mover);
    if (intField(info.round ? "diameter" : "width", a.w, &v))
        panelEdit(s, "Actor size", setActorSize(m, i, int32_t(v), a.h));
    if (!info.round && intField("height", a.h, &v))
        panelEdit(s, "Actor size", setActorSize(m, i, a.w, int32_t(v)));
    ImGui::TextDisabled("%s parameters", info.title);
    for (int p = 0; p < info.paramCount; ++p) {
        const ParamSpec& spec = info.params[p];
        ImGui::PushID(p);
        Fix value;
        if (paramWidget(spec, a.params[size_t(p)], &value)) {
            std::string error;
            if (CommandPtr cmd = setActorParam(m, i, p, value, &error)) {
                panelEdit(s, "Actor parameter", std::move(cmd));
            } else {
                setMessage(s, error);
            }
        }
        ImGui::PopID();
    }
    if (ImGui::Button("Defaults")) applyEdit(s, resetActorParams(m, i));
    ImGui::SameLine();
    if (ImGui::Button("Delete actor")) deleteSelection(s);
}

void mapInspector(EditorState& s) {
    const Map& m = s.doc.map();
    ImGui::Text("Map %d x %d tiles", m.width, m.height);
    ImGui::SameLine();
    if (ImGui::SmallButton("Resize...")) requestResize(s);
    int tile = m.tileSize;
    if (ImGui::InputInt("Tile size", &tile, 1, 4, ImGuiInputTextFlags_EnterReturnsTrue) &&
        tile != m.tileSize) {
        std::string error;
        if (CommandPtr cmd = setTileSize(m, tile, &error)) {
            applyEdit(s, std::move(cmd));
        } else {
            setMessage(s, error);
        }
    }
    int rate = m.simRate;
    if (ImGui::InputInt("Sim rate (Hz)", &rate, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue) &&
        rate != m.simRate) {
        std::string error;
        if (CommandPtr cmd = setSimRate(m, rate, &error)) {
            applyEdit(s, std::move(cmd));
        } else {
            setMessage(s, error);
        }
    }
    ImGui::TextDisabled("%zu walls, %zu brushes, %zu actors", s.wallCount, m.brushes.size(),
                        m.actors.size());
}

}  // namespace

void moverCombo(const char* label, MoverKind current, MoverKind* out, bool* changed) {
    *changed = false;
    if (!ImGui::BeginCombo(label, moverInfo(current).title)) return;
    for (MoverKind k : moverKinds()) {  // the built-ins, then the loaded plugin movers
        if (ImGui::Selectable(moverInfo(k).title, current == k)) {
            *out = k;
            *changed = k != current;
        }
    }
    ImGui::EndCombo();
}

void inspectorSection(EditorState& s) {
    const Map& m = s.doc.map();
    // The selected edit tool's (s.tool, which inspecting keeps).
    if (auto options = toolSpec(s.tool).options) options(s);
    if (s.selectedActor >= 0 && size_t(s.selectedActor) < m.actors.size()) {
        actorInspector(s);
    } else if (s.selectedBrush >= 0 && size_t(s.selectedBrush) < m.brushes.size()) {
        brushInspector(s);
    } else {
        mapInspector(s);
    }
}

}  // namespace ts
