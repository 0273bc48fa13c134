#include "editor/debugger_args.h"

#include <cstdlib>

#include "editor/debugger_ui.h"

namespace ts {

const char* const kDebuggerUsage =
    "debugger:\n"
    "  --debug           start in Debug mode (Tab switches Edit / Debug)\n"
    "  --inputs LOG      input log for an actor (lines COUNT,KEY,... keys L R U D J)\n"
    "  --actor NAME      the actor the log and the keyboard drive (default: the first)\n"
    "  --frame K         simulate K frames and pause there (position K: the state after\n"
    "                    trace frame K-1, with that frame's probes)\n"
    "  --overlays LIST   all (default), none, or a comma list of: probes, scanlines,\n"
    "                    regions, bands, blockers, nudges, facing, hitboxes, trail, velocity\n"
    "  --record-log OUT  on exit, write the driven actor's recorded keys as an input log\n"
    "  --trace OUT       on exit, write the recording as `tilestep run --trace` does\n"
    "  --probes          with --trace: the probe lines too (as run --probes)\n";

int parseDebuggerFlag(int argc, char** argv, int i, DebuggerArgs* out, std::string* error) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* {
        if (i + 1 >= argc) {
            *error = a + ": missing value";
            return nullptr;
        }
        return argv[i + 1];
    };
    if (a == "--debug") {
        out->debug = true;
        return 1;
    }
    if (a == "--probes") {
        out->probes = true;
        return 1;
    }
    if (a != "--inputs" && a != "--actor" && a != "--frame" && a != "--overlays" &&
        a != "--record-log" && a != "--trace")
        return 0;
    const char* v = value();
    if (!v) return -1;
    if (a == "--inputs") {
        out->inputs = v;
    } else if (a == "--actor") {
        out->actor = v;
    } else if (a == "--record-log") {
        out->recordLog = v;
    } else if (a == "--trace") {
        out->trace = v;
    } else if (a == "--overlays") {
        if (!parseOverlayList(v, &out->overlays, error)) {
            *error = "--overlays: " + *error;
            return -1;
        }
    } else {
        char* end = nullptr;
        long long k = std::strtoll(v, &end, 10);
        if (!end || *end != '\0' || end == v || k < 0 || k > 100000000) {
            *error = "--frame: expected a whole number from 0 to 100000000, got '" +
                     std::string(v) + "'";
            return -1;
        }
        out->frame = k;
    }
    return 2;
}

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
