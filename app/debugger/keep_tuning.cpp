// Keeping live-tuned parameters from the debugger: the "Apply" buttons' edit and the dialog
// that asks before tuned values the map lacks are left behind (Debug mode left, New, Open, Quit).
#include <imgui.h>

#include <cstdio>

#include "debugger/debugger_ui.h"
#include "editor/file_actions.h"

namespace ts {

namespace {

constexpr const char* kKeepTitle = "Keep tuned values?";

// What the question was about goes on once it is answered.
void finishAsk(EditorState& s, DebugSession& d) {
    const DebugSession::KeepAsk ask = d.keepAsk;
    d.keepAsk = DebugSession::KeepAsk::None;
    if (ask == DebugSession::KeepAsk::LeaveDebug) setDebugMode(d, false);
    if (ask == DebugSession::KeepAsk::FileAction) {
        s.unappliedTuning = d.dbg.anyTuned();
        resumeAfterTuning(s);  // now asks about unsaved changes, the applied tuning included
    }
}

}  // namespace

void applyTuning(EditorState& s, DebugSession& d, size_t actor, bool allOfMover) {
    Debugger& g = d.dbg;
    const Map& m = s.doc.map();
    if (actor >= g.actorCount()) return;
    const ParamValues values = g.tunedParams(actor);
    const MoverKind mover = m.actors[actor].mover;
    if (allOfMover) {
        applyEdit(s, applyParamsToMover(m, mover, values));
        for (size_t a = 0; a < g.actorCount(); ++a)
            if (s.doc.map().actors[a].mover == mover) g.dropTuning(a);
    } else {
        applyEdit(s, applyParamsToActor(m, actor, values));
        g.dropTuning(actor);
    }
    s.unappliedTuning = g.anyTuned();
}

void keepTuningDialog(EditorState& s, DebugSession& d) {
    if (s.askTuning) {
        s.askTuning = false;
        d.keepAsk = DebugSession::KeepAsk::FileAction;
        d.openKeepAsk = true;
    }
    if (d.openKeepAsk &&
        !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
        ImGui::OpenPopup(kKeepTitle);
        d.openKeepAsk = false;
        if (s.verbose) {
            std::printf("dialog %s\n", kKeepTitle);  // tests wait for this line
            std::fflush(stdout);
        }
    }
    ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(kKeepTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    Debugger& g = d.dbg;
    const Map& m = s.doc.map();
    ImGui::TextUnformatted("Live tuning changed parameters that the map does not have:");
    for (size_t a = 0; a < g.actorCount(); ++a)
        if (g.tuned(a)) ImGui::BulletText("%s", tuningSummary(m, g, a).c_str());
    ImGui::TextDisabled("Applying is one edit (undo takes it back).");
    if (ImGui::Button("Apply to the actors")) {
        s.doc.beginStroke("Apply tuning");
        for (size_t a = 0; a < g.actorCount(); ++a)
            if (g.tuned(a)) applyEdit(s, applyParamsToActor(s.doc.map(), a, g.tunedParams(a)));
        s.doc.endStroke();
        g.dropAllTuning();
        ImGui::CloseCurrentPopup();
        finishAsk(s, d);
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
        g.dropAllTuning();
        ImGui::CloseCurrentPopup();
        finishAsk(s, d);
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        d.keepAsk = DebugSession::KeepAsk::None;
        s.dialogs.tuningAfter = Dialogs::After::None;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace ts
