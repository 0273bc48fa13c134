// What a layer built on the editor adds to its window, called from EditorWindow::frame at fixed
// points: the visual debugger (app/debugger/debugger_window.h) is one. The editor knows only
// this interface, so that the debugger builds on the editor's document and canvas and the
// editor never includes the debugger.
#pragma once
#include <string>

#include "editor/editor_state.h"

namespace ts {

class WindowExtension {
  public:
    virtual ~WindowExtension() = default;

    // Once the window's GL context and document exist; false with *error on failure.
    virtual bool open(EditorState& s, std::string* error) = 0;
    // Something moves without input (the simulation plays): the window keeps drawing.
    virtual bool animating() const = 0;
    // Its own mode is on: its bar under the canvas and its panel replace the side panel, and
    // it draws the actors itself.
    virtual bool active() const = 0;
    // Height of the bar under the canvas while active, in logical pixels.
    virtual float barHeight(float uiScale) const = 0;

    // After ImGui::NewFrame, before the layout; `now` in seconds.
    virtual void beginFrame(EditorState& s, double now) = 0;
    // After the editor's menu bar: its own menu.
    virtual void menu(EditorState& s) = 0;
    // While active: the bar under the canvas and the right-hand panel, at window rectangles.
    virtual void bar(EditorState& s, float x, float y, float w, float h) = 0;
    virtual void panel(EditorState& s, float x, float y, float w, float h) = 0;
    // After the editor's file dialogs: its own modal dialogs.
    virtual void dialogs(EditorState& s) = 0;
    // Before ImGui::Render: queues what it draws on the canvas.
    virtual void prepareCanvas(EditorState& s) = 0;
    // After the editor's canvas: draws what prepareCanvas queued.
    virtual void flushCanvas(const EditorState& s, float winW, float winH, float fbScaleX,
                             float fbScaleY) = 0;
};

}  // namespace ts
