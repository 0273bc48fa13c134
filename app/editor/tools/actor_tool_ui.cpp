// The Actors tool: a click on empty map places an actor of the chosen mover centred on the
// click, a drag moves one.
#include <GLFW/glfw3.h>

#include "editor/panels.h"
#include "editor/tools/tool.h"

namespace ts {

namespace {

using DragKind = CanvasDrag::Kind;

void actorsPress(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    CanvasDrag& d = s.drag;
    int idx = findActorAt(m, p.px, p.py);
    if (idx >= 0) {
        s.selectedActor = idx;
        s.doc.beginStroke("Move actor");
        d.kind = DragKind::MoveActor;
        d.startX = m.actors[size_t(idx)].x;
        d.startY = m.actors[size_t(idx)].y;
    } else if (m.inside(p.cell.x, p.cell.y)) {
        // The box lands centred on the click, where the user looks; one that overlaps
        // solid (the collision world's answer) may be stuck from its first frame: said.
        const size_t count = m.actors.size();
        if (!applyEdit(s, addActorCentred(m, s.newActorMover, p.px, p.py))) return;
        s.selectedActor = int(count);
        const Actor& placed = s.doc.map().actors[count];
        if (actorOverlapsSolid(s.doc.map(), placed))
            setMessage(s, "Placed " + placed.name +
                              " overlapping solid: it may be stuck from its first frame "
                              "(drag it clear, or Ctrl+Z)");
    } else {
        s.selectedActor = -1;
    }
}

void actorsDrag(EditorState& s, const ToolPoint& p) {
    const Map& m = s.doc.map();
    const CanvasDrag& d = s.drag;
    if (d.kind != DragKind::MoveActor || s.selectedActor < 0 ||
        size_t(s.selectedActor) >= m.actors.size())
        return;
    const Actor& a = m.actors[size_t(s.selectedActor)];
    applyEdit(s, moveActor(m, size_t(s.selectedActor), d.startX + (p.px - d.startPx) - a.x,
                           d.startY + (p.py - d.startPy) - a.y));
}

// The mover an actor placed by a click gets.
void actorsOptions(EditorState& s) {
    MoverKind mover = s.newActorMover;
    bool changed = false;
    moverCombo("New actors", s.newActorMover, &mover, &changed);
    if (changed) s.newActorMover = mover;
}

void actorsDelete(EditorState& s) {
    if (s.selectedActor < 0 || s.locked[kLayerActors]) return;
    const std::string name = s.doc.map().actors[size_t(s.selectedActor)].name;
    applyEdit(s, deleteActor(s.doc.map(), size_t(s.selectedActor)));
    s.selectedActor = -1;
    setMessage(s, "Deleted actor " + name + " (Ctrl+Z brings it back)");
}

}  // namespace

// clang-format off
const ToolSpec kActorsTool = {Tool::Actors, "Actors", "A", GLFW_KEY_A, kLayerActors, false, false, false, false, false,
                              actorsPress, nullptr, actorsDrag, nullptr, nullptr, actorsDelete, actorsOptions,
                              "Click: place. Drag to move. Del deletes."};
// clang-format on

}  // namespace ts
