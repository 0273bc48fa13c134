#include "editor/editor_window.h"

#include <glad/gl.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>  // GetTopMostPopupModal, ClearActiveID

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "editor/actor_marks.h"
#include "editor/canvas_input.h"
#include "editor/file_actions.h"
#include "editor/input_gate.h"
#include "editor/recovery.h"
#include "editor/ui_font.h"
#include "editor/window_title.h"
#include "editor/panel_splitter.h"
#include "editor/panels.h"

namespace ts {

namespace {

std::string g_glfwError;  // GLFW reports errors through a plain callback

void onGlfwError(int, const char* text) {
    g_glfwError = text ? text : "unknown error";
}

void applyStyle() {
    // From ImGui's defaults every time: ScaleAllSizes multiplies what is there, so scaling
    // the previous scale's sizes again piled up padding with each change.
    ImGui::GetStyle() = ImGuiStyle();
    ImGui::StyleColorsDark();
    ImGuiStyle& st = ImGui::GetStyle();
    st.WindowRounding = 0;
    st.FrameRounding = 3;
    st.GrabRounding = 3;
    st.WindowBorderSize = 0;
    st.FramePadding = ImVec2(6, 3);
    st.ItemSpacing = ImVec2(6, 5);
    ImVec4* c = st.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.145f, 0.157f, 0.180f, 1.0f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.118f, 0.129f, 0.149f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.118f, 0.129f, 0.149f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.22f, 0.33f, 0.48f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.27f, 0.40f, 0.58f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.20f, 0.23f, 0.27f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.27f, 0.40f, 0.58f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.24f, 0.47f, 0.78f, 1.0f);
}

}  // namespace

EditorWindow::EditorWindow() = default;

EditorWindow::~EditorWindow() {
    if (window_) glfwMakeContextCurrent(window_);
    renderer_.reset();  // GL objects go before the context
    ext_.reset();
    if (imguiReady_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
    if (window_) glfwDestroyWindow(window_);
    glfwTerminate();
}

bool EditorWindow::open(const WindowOptions& opt, std::string* error) {
    opt_ = opt;
    state_ = std::make_unique<EditorState>();
    EditorState& s = *state_;
    s.interactive = opt.interactive;
    s.verbose = opt.verbose;
    s.readOnly = opt.readOnly;
    if (opt.interactive) {
        s.configDir = configDir();
        s.settings = loadSettings(s.configDir);
        s.panelWidth = s.settings.panelWidth;
        // Its own slot, so that a second editor running beside it keeps a separate copy. A
        // read-only window has no work to keep, and must neither offer nor take the copy a
        // crashed editor left (offerRecovery finds none without a slot).
        if (!opt.readOnly) s.recovery.acquire(s.configDir);
    }
    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) {
        *error = "cannot open a window: " + g_glfwError + " (no display? try xvfb-run)";
        return false;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_RESIZABLE, opt.interactive ? GLFW_TRUE : GLFW_FALSE);
    window_ = glfwCreateWindow(opt.width, opt.height, "tilestep", nullptr, nullptr);
    if (!window_) {
        *error = "cannot open a window: " + g_glfwError;
        return false;
    }
    glfwMakeContextCurrent(window_);
    if (!gladLoadGL(glfwGetProcAddress)) {
        *error = "cannot load OpenGL 3.3 core functions";
        return false;
    }
    glfwSwapInterval(opt.vsync ? 1 : 0);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // The layout lives with the user's settings, never in the working directory.
    if (opt.interactive && !s.configDir.empty()) {
        iniPath_ = s.configDir + "/imgui.ini";
        io.IniFilename = iniPath_.c_str();
    } else {
        io.IniFilename = nullptr;
    }
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    glfwSetWindowUserPointer(window_, this);
    gate_ = std::make_unique<InputGate>(window_);
    glfwSetKeyCallback(window_, onKey);  // forwards to ImGui's, see onKey
    watchEvents();
    ImGui_ImplOpenGL3_Init("#version 330 core");
    imguiReady_ = true;

    float scale = opt.uiScale;
    if (scale <= 0 && opt.interactive) scale = s.settings.uiScale;
    if (scale <= 0 && opt.interactive) {
        float sx = 1, sy = 1;
        glfwGetWindowContentScale(window_, &sx, &sy);
        scale = sx;
    }
    applyUiScale(scale > 0 ? scale : 1);

    renderer_ = std::make_unique<CanvasRenderer>();
    if (!renderer_->init(error)) return false;
    if (ext_ && !ext_->open(s, error)) return false;
    offerRecovery(s);
    return true;
}

void EditorWindow::applyUiScale(float scale) {
    uiScale_ = std::clamp(scale, 0.5f, 4.0f);
    state_->uiScale = uiScale_;
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float px = std::round(13.0f * uiScale_);
    ImFont* font = nullptr;
    // DejaVu Sans (editor/ui_font.h) rasterised at each scale: the built-in bitmap font
    // scaled up is blurry and wider than its metrics say.
    const std::string fontPath = uiFontPath();
    if (FILE* f = std::fopen(fontPath.c_str(), "rb")) {  // ImGui asserts on a missing file
        std::fclose(f);
        font = io.Fonts->AddFontFromFileTTF(fontPath.c_str(), px);
    }
    if (!font) {
        static bool warned = false;
        if (!warned)
            std::fprintf(stderr, "tilestep: warning: %s not found (%s); using the built-in font\n",
                         fontPath.c_str(), kUiFontSource);
        warned = true;
        ImFontConfig cfg;
        cfg.SizePixels = px;
        io.Fonts->AddFontDefault(&cfg);
    }
    applyStyle();
    ImGui::GetStyle().ScaleAllSizes(uiScale_);
    // Small enough for a laptop, large enough that the bars, the panels and a canvas never
    // overlap: the toolbar, the narrowest panel and canvas; the bars and a short canvas.
    if (window_ && opt_.interactive) {
        const PanelLayout l = panelLayout(uiScale_);
        glfwSetWindowSizeLimits(
            window_, int(l.toolbarW + (kMinPanelWidth + kMinCanvasWidth) * uiScale_),
            int(l.menuH + l.statusH + (ext_ ? ext_->barHeight(uiScale_) : 0) + 160 * uiScale_),
            GLFW_DONT_CARE, GLFW_DONT_CARE);
    }
    if (imguiReady_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

void EditorWindow::countEvent(GLFWwindow* w) {
    ++static_cast<EditorWindow*>(glfwGetWindowUserPointer(w))->events_;
}

void EditorWindow::watchEvents() {
    // Each callback counts the event and hands it to ImGui's (installed before these); keys,
    // characters and mouse buttons go through the gate, which orders them into frames.
    static GLFWcursorposfun cursorPos;
    static GLFWscrollfun scroll;
    static GLFWcursorenterfun cursorEnter;
    static GLFWwindowfocusfun focus;
    cursorPos = glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double x, double y) {
        countEvent(w);
        if (cursorPos) cursorPos(w, x, y);
    });
    glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int b, int a, int m) {
        countEvent(w);
        static_cast<EditorWindow*>(glfwGetWindowUserPointer(w))->gate_->button(b, a, m);
    });
    scroll = glfwSetScrollCallback(window_, [](GLFWwindow* w, double x, double y) {
        countEvent(w);
        if (scroll) scroll(w, x, y);
    });
    glfwSetCharCallback(window_, [](GLFWwindow* w, unsigned int c) {
        countEvent(w);
        static_cast<EditorWindow*>(glfwGetWindowUserPointer(w))->gate_->character(c);
    });
    cursorEnter = glfwSetCursorEnterCallback(window_, [](GLFWwindow* w, int entered) {
        countEvent(w);
        if (cursorEnter) cursorEnter(w, entered);
    });
    focus = glfwSetWindowFocusCallback(window_, [](GLFWwindow* w, int focused) {
        countEvent(w);
        if (focused) static_cast<EditorWindow*>(glfwGetWindowUserPointer(w))->focusGained_ = true;
        if (focus) focus(w, focused);
    });
    glfwSetWindowSizeCallback(window_, [](GLFWwindow* w, int, int) { countEvent(w); });
    glfwSetWindowRefreshCallback(window_, [](GLFWwindow* w) { countEvent(w); });
}

void EditorWindow::ignoreResidentPointer() {
    // A screenshot shows the window as the command line asked for it: a pointer that just
    // happens to rest over the window (the user's own mouse) must not hover, highlight or
    // open a tooltip. One moved while the screenshot runs (by a test) counts.
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    if (!pointerSeen_) {
        pointerSeen_ = true;
        firstPointerX_ = x;
        firstPointerY_ = y;
    }
    if (!pointerMoved_ && (x != firstPointerX_ || y != firstPointerY_)) pointerMoved_ = true;
    if (!pointerMoved_) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
}

void EditorWindow::onKey(GLFWwindow* w, int key, int scancode, int action, int mods) {
    EditorWindow* self = static_cast<EditorWindow*>(glfwGetWindowUserPointer(w));
    ++self->events_;
    self->gate_->key(key, scancode, action, mods);
}

bool EditorWindow::frame(double waitSeconds, gfx::Image* capture) {
    EditorState& s = *state_;
    if (pumpEvents(waitSeconds)) quietFrames_ = 0;
    if (mayStayIdle(capture != nullptr)) {
        updateRecovery(s, glfwGetTime());
        return true;
    }
    ++quietFrames_;
    takeCloseRequest();
    if (focusGained_) {
        // Back from another program (Tiled, a terminal with git): was a file changed there?
        focusGained_ = false;
        checkOutsideChanges(s);
    }
    applyPendingUiScale();
    int winW = 0, winH = 0, fbW = 0, fbH = 0;
    glfwGetWindowSize(window_, &winW, &winH);
    glfwGetFramebufferSize(window_, &fbW, &fbH);
    if (winW <= 0 || winH <= 0) return !s.quit;  // minimised

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (!opt_.interactive) ignoreResidentPointer();
    ImGui::NewFrame();
    gate_->afterNewFrame();
    // --verbose --screenshot: the captured frame's panel text goes to stdout as well
    // (logPanelText), between marker lines, so tests can read what the panels say.
    s.logPanelText = opt_.verbose && capture;
    if (s.logPanelText) std::printf("ui text begin\n");
    if (ext_) ext_->beginFrame(s, glfwGetTime());  // before the layout: Tab switches the mode
    PanelLayout layout = panelLayout(uiScale_);
    sidePanelSplitter(s, layout, float(winW), float(winH));
    const float barH = extensionActive() ? ext_->barHeight(uiScale_) : 0;
    layoutCanvas(layout, float(winW), float(winH), barH);
    // A dialog opened this frame takes a frame or two more to show (ImGui sizes it first):
    // the settling frames draw them even when no input comes (a close request, a reload).
    const bool dialogToOpen = s.dialogs.anyToOpen() || s.askTuning;
    buildUi(layout, float(winW), float(winH), barH);
    if (dialogToOpen) quietFrames_ = 0;
    // A closed modal hands the keyboard focus to the window under it, and ImGui always tabs
    // into the focused window's fields; its own field stays active for a frame more. Either
    // way Tab would go into a field instead of switching modes. After a dialog no field is
    // active and no window keeps the focus, as after a click on the canvas.
    const bool modalOpen = ImGui::GetTopMostPopupModal() != nullptr;
    if (modalWasOpen_ && !modalOpen) {
        ImGui::ClearActiveID();
        ImGui::SetWindowFocus(nullptr);
    }
    modalWasOpen_ = modalOpen;
    if (s.logPanelText) {
        std::printf("\nui text end\n");
        std::fflush(stdout);
        s.logPanelText = false;
    }
    ImGui::Render();
    logViewMapping();
    render(float(winW), float(winH), fbW, fbH, capture);
    updateTitle();
    updateRecovery(s, glfwGetTime());
    return !s.quit;
}

bool EditorWindow::pumpEvents(double waitSeconds) {
    // Held events must reach ImGui in the coming frames, so do not sleep on them.
    const bool held = gate_->beginFrame();
    if (held) waitSeconds = 0;
    const uint64_t eventsBefore = events_;
    if (waitSeconds > 0) {
        glfwWaitEventsTimeout(waitSeconds);
    } else {
        glfwPollEvents();
    }
    return events_ != eventsBefore || held;
}

// Drawing only when something changed keeps an idle editor off the CPU: after input (and 10
// frames for ImGui to settle hovers and for dialogs that open a frame or two later), while the
// debugger plays, a drag or a widget is active, or a status message is still showing.
bool EditorWindow::mayStayIdle(bool capturing) {
    const EditorState& s = *state_;
    const bool animating = (ext_ && ext_->animating()) || s.pendingUiScale > 0 ||
                           s.drag.kind != CanvasDrag::Kind::None || s.fitRequested ||
                           s.dialogs.anyToOpen() || s.askTuning || ImGui::IsAnyItemActive() ||
                           (!s.message.empty() && ImGui::GetTime() - s.messageTime < 6.5);
    return opt_.interactive && !capturing && !animating && quietFrames_ >= kSettleFrames &&
           !glfwWindowShouldClose(window_) && !s.quit;
}

void EditorWindow::takeCloseRequest() {
    if (!glfwWindowShouldClose(window_)) return;
    glfwSetWindowShouldClose(window_, GLFW_FALSE);
    // No input came with it (a window manager's close button is no GLFW event): the dialog
    // it may open needs the settling frames to show without waiting for the mouse.
    quietFrames_ = 0;
    requestQuit(*state_);
}

void EditorWindow::applyPendingUiScale() {
    EditorState& s = *state_;
    if (s.pendingUiScale <= 0) return;
    applyUiScale(s.pendingUiScale);
    s.settings.uiScale = uiScale_;
    saveSettings(s.configDir, s.settings);
    s.pendingUiScale = 0;
    s.fitRequested = true;  // the canvas changed size: show the whole map again
}

void EditorWindow::layoutCanvas(const PanelLayout& layout, float winW, float winH, float barH) {
    EditorState& s = *state_;
    const CanvasRect before = s.view.canvas;
    s.view.canvas = canvasRect(layout, winW, winH);
    s.view.canvas.h = std::max(1.0f, s.view.canvas.h - barH);
    // A resized window (or the timeline bar coming and going): a view that showed the whole
    // map shows it again; one the user moved keeps its centre where it was.
    if (s.view.canvas.w != before.w || s.view.canvas.h != before.h) {
        if (s.view.fitted) {
            s.fitRequested = true;
        } else {
            s.view.pan(std::round((s.view.canvas.w - before.w) / 2),
                       std::round((s.view.canvas.h - before.h) / 2));
        }
    }
    // The content moved inside the map (a resize with an anchor, or its undo or redo): move
    // the view with it, so that what the user was looking at stays where it was.
    const ContentShift shift = s.doc.contentShift();
    if (shift != s.seenShift) {
        if (!s.fitRequested)
            s.view.pan(-double(shift.x - s.seenShift.x) * s.view.zoom(),
                       -double(shift.y - s.seenShift.y) * s.view.zoom());
        s.seenShift = shift;
    }
    if (s.fitRequested) {
        s.view.fit(s.doc.map().widthPx(), s.doc.map().heightPx(), 16);
        s.fitRequested = false;
    }
}

void EditorWindow::buildUi(const PanelLayout& layout, float winW, float winH, float barH) {
    EditorState& s = *state_;
    handleHotkeys(s);
    handleCanvasMouse(s);
    menuBar(s);
    if (ext_) ext_->menu(s);
    toolbar(s, layout, winH);
    if (extensionActive()) {
        const CanvasRect& c = s.view.canvas;
        ext_->bar(s, c.x, c.y + c.h, c.w, barH);
        ext_->panel(s, winW - layout.panelW, layout.menuH, layout.panelW,
                    winH - layout.menuH - layout.statusH);
    } else {
        sidePanel(s, *renderer_, layout, winW, winH);
    }
    statusBar(s, layout, winW, winH);
    warningsPanel(s, winW, winH);
    fileDialogs(s);
    if (ext_) ext_->dialogs(s);
    endPanelEdits(s);
    if (ext_) ext_->prepareCanvas(s);
    if (!extensionActive()) queueActorNames(s);
}

// --verbose: the map-to-window mapping, each time it changes.
void EditorWindow::logViewMapping() {
    const View& v = state_->view;
    const bool canvasMoved = v.canvas.x != lastCanvas_.x || v.canvas.y != lastCanvas_.y ||
                             v.canvas.w != lastCanvas_.w || v.canvas.h != lastCanvas_.h;
    if (!opt_.verbose || !(canvasMoved || v.zoom() != lastZoom_ || v.originX != lastOriginX_ ||
                           v.originY != lastOriginY_))
        return;
    lastCanvas_ = v.canvas;
    lastZoom_ = v.zoom();
    lastOriginX_ = v.originX;
    lastOriginY_ = v.originY;
    // window_x = x0 + map_px_x * zoom, window_y = y0 + map_px_y * zoom
    std::printf("view x0=%g y0=%g zoom=%g canvas=%g,%g,%g,%g\n", v.canvas.x + v.originX,
                v.canvas.y + v.originY, v.zoom(), double(v.canvas.x), double(v.canvas.y),
                double(v.canvas.w), double(v.canvas.h));
    std::fflush(stdout);
}

void EditorWindow::render(float winW, float winH, int fbW, int fbH, gfx::Image* capture) {
    EditorState& s = *state_;
    glViewport(0, 0, fbW, fbH);
    glClearColor(0.1f, 0.1f, 0.12f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const float scaleX = float(fbW) / winW, scaleY = float(fbH) / winH;
    // In Debug mode the actors are drawn where the simulation has them, not at their spawns.
    const bool spawns = s.visible[kLayerActors];
    if (extensionActive()) s.visible[kLayerActors] = false;
    drawCanvas(s, *renderer_, winW, winH, scaleX, scaleY);
    s.visible[kLayerActors] = spawns;
    if (ext_) ext_->flushCanvas(s, winW, winH, scaleX, scaleY);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (capture) *capture = gfx::readFramebuffer(fbW, fbH);
    glfwSwapBuffers(window_);
}

void EditorWindow::updateTitle() {
    std::string title = windowTitle(*state_);
    if (title == title_) return;
    title_ = title;
    glfwSetWindowTitle(window_, title.c_str());
}

}  // namespace ts
