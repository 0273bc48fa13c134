// The visual debugger in an editor window (Debug mode, Tab): the editor's frame calls it
// through WindowExtension (app/editor/window_extension.h) and it works on the editor's
// document and canvas with the functions of debugger_ui.h.
#pragma once
#include <memory>
#include <string>

#include "debugger/debugger_ui.h"
#include "editor/editor_window.h"
#include "editor/window_extension.h"

namespace ts {

class DebuggerExtension final : public WindowExtension {
  public:
    // Exists once EditorWindow::open has succeeded.
    DebugSession& session() { return *session_; }

    bool open(EditorState& s, std::string* error) override;
    bool animating() const override {
        return session_->dbg.playing() || session_->liveChanged || session_->hunt.running();
    }
    bool active() const override { return session_->active; }
    float barHeight(float uiScale) const override { return debuggerBarHeight(uiScale); }
    void beginFrame(EditorState& s, double now) override { debuggerFrame(s, *session_, now); }
    void menu(EditorState& s) override { debuggerMenu(s, *session_); }
    void bar(EditorState& s, float x, float y, float w, float h) override {
        debuggerBar(s, *session_, x, y, w, h);
    }
    void panel(EditorState& s, float x, float y, float w, float h) override {
        debuggerPanel(s, *session_, x, y, w, h);
    }
    void dialogs(EditorState& s) override { keepTuningDialog(s, *session_); }
    void prepareCanvas(EditorState& s) override { prepareDebuggerCanvas(s, *session_); }
    void flushCanvas(const EditorState& s, float winW, float winH, float fbScaleX,
                     float fbScaleY) override {
        flushDebuggerCanvas(s, *session_, winW, winH, fbScaleX, fbScaleY);
    }

  private:
    std::unique_ptr<DebugSession> session_;
};

// Puts a debugger into `w`; call before w.open.
DebuggerExtension& attachDebugger(EditorWindow& w);

}  // namespace ts
