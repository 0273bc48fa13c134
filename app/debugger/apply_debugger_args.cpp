#include "debugger/apply_debugger_args.h"

namespace ts {

bool applyDebuggerArgs(EditorState& s, DebugSession& d, const DebuggerArgs& a, std::string* error) {
    syncDebugger(s, d);
    d.overlays = a.overlays;
    if (!a.any()) return true;
    setDebugMode(d, true);
    const Map& m = s.doc.map();
    int actor = 0;
    if (!a.actor.empty()) {
        const Actor* found = m.findActor(a.actor);
        if (!found) {
            std::string names;
            for (const Actor& x : m.actors) names += (names.empty() ? "" : ", ") + x.name;
            *error = "--actor: no actor named '" + a.actor + "' (actors: " + names + ")";
            return false;
        }
        actor = int(found - m.actors.data());
    }
    if (!m.actors.empty()) {
        s.selectedActor = actor;
        syncDebugger(s, d);
    }
    if (!a.inputs.empty()) {
        if (m.actors.empty()) {
            *error = "--inputs: the map has no actors to drive";
            return false;
        }
        if (!d.dbg.loadLog(size_t(actor), a.inputs, error)) return false;
        d.logPaths.set(m.actors[size_t(actor)].name, a.inputs);
    }
    if (a.frame >= 0) d.dbg.runTo(a.frame);
    return true;
}

bool finishDebuggerArgs(const EditorState& s, DebugSession& d, const DebuggerArgs& a,
                        std::string* error) {
    if (!a.recordLog.empty() && d.dbg.actorCount() > 0 &&
        !d.dbg.saveLog(size_t(d.dbg.drivenActor()), a.recordLog, error))
        return false;
    if (!a.trace.empty() && !d.dbg.writeTrace(a.trace, s.doc.path(), a.probes, error)) return false;
    return true;
}

}  // namespace ts
