// One editor window: GLFW window, GL context, Dear ImGui, the panels and the canvas, with an
// optional extension (the debugger: app/debugger/debugger_window.h). Used by runEditor
// (app/run_editor.cpp), by `tilestep view` and by bench/bench_editor_frame.cpp, which drives
// frames directly to time them.
#pragma once
#include <GLFW/glfw3.h>

#include <memory>
#include <string>
#include <vector>

#include "editor/canvas_draw.h"
#include "editor/editor_state.h"
#include "editor/input_gate.h"
#include "editor/panels.h"
#include "editor/window_extension.h"

namespace ts {

struct WindowOptions {
    int width = 1280, height = 800;  // logical pixels
    float uiScale = 0;               // 0: saved setting, else the monitor's content scale
    bool interactive = true;         // false: screenshot or bench (no input, no config files)
    bool verbose = false;            // print the map-to-window mapping when it changes
    bool vsync = true;
    bool readOnly = false;  // `tilestep view`: EditorState::readOnly, and no recovery copy
};

class EditorWindow {
  public:
    EditorWindow();
    EditorWindow(const EditorWindow&) = delete;
    EditorWindow& operator=(const EditorWindow&) = delete;
    ~EditorWindow();

    // Creates the window and everything in it; false with *error ("cannot open a window:
    // ...", "shaders/tiles.frag: ...") on failure.
    bool open(const WindowOptions& opt, std::string* error);
    // Adds what the extension draws and handles to every frame; call before open.
    void extend(std::unique_ptr<WindowExtension> extension) { ext_ = std::move(extension); }

    // One frame: events (waiting up to `waitSeconds` for one when > 0), UI, canvas, swap.
    // When `capture` is not null, the finished frame's pixels are stored there before the
    // swap. Returns false once the user has quit.
    bool frame(double waitSeconds, gfx::Image* capture = nullptr);

    EditorState& state() { return *state_; }
    CanvasRenderer& renderer() { return *renderer_; }
    GLFWwindow* window() { return window_; }

  private:
    void applyUiScale(float scale);
    // The steps of frame(), in order.
    bool pumpEvents(double waitSeconds);  // true when input arrived
    bool mayStayIdle(bool capturing);
    void takeCloseRequest();
    void applyPendingUiScale();
    void layoutCanvas(const PanelLayout& layout, float winW, float winH, float barH);
    void buildUi(const PanelLayout& layout, float winW, float winH, float barH);
    void logViewMapping();
    void render(float winW, float winH, int fbW, int fbH, gfx::Image* capture);
    void updateTitle();
    bool extensionActive() const { return ext_ && ext_->active(); }

    void ignoreResidentPointer();  // screenshots: see editor_window.cpp
    void watchEvents();            // counts input events in events_
    static void countEvent(GLFWwindow* w);

    // Frames drawn after the last event before an idle editor stops drawing.
    static constexpr int kSettleFrames = 10;
    uint64_t events_ = 0;
    bool focusGained_ = false;  // the window regained focus: look for outside changes
    int quietFrames_ = 0;
    bool modalWasOpen_ = false;  // a modal dialog was up at the end of the last frame
    static void onKey(GLFWwindow* w, int key, int scancode, int action, int mods);
    std::unique_ptr<InputGate> gate_;  // keys, characters and clicks reach ImGui through it

    GLFWwindow* window_ = nullptr;
    bool imguiReady_ = false;
    WindowOptions opt_;
    std::unique_ptr<EditorState> state_;
    std::unique_ptr<CanvasRenderer> renderer_;
    std::unique_ptr<WindowExtension> ext_;  // null: the editor alone
    std::string iniPath_;
    std::string title_;
    float uiScale_ = 1;
    double lastZoom_ = -1, lastOriginX_ = 0, lastOriginY_ = 0;
    CanvasRect lastCanvas_;  // the UI scale and the window size move the canvas
    bool pointerSeen_ = false, pointerMoved_ = false;
    double firstPointerX_ = 0, firstPointerY_ = 0;
};

}  // namespace ts
