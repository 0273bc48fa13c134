// The debugger's per-frame work and its layer on the canvas: following the document and the
// clock, the hotkeys, the actors at their simulated positions, the Compare ghost, the
// overlays (through core/draw/overlays.h) and the hover tooltip of the probe under the mouse.
#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "debugger/debugger_ui.h"
#include "draw/coverage_overlay.h"
#include "editor/actor_marks.h"
#include "draw/overlays.h"
#include "editor/canvas_input.h"
#include "gfx/overlay_draw.h"
#include "trace/probe_text.h"

namespace ts {

namespace {

// A recorded trace's actors' colours in Debug mode (0xAARRGGBB), by index.
constexpr gfx::Color kActorColors[] = {0xffff7eb0, 0xff7ed3ff, 0xffffcf6e,
                                       0xff9cf07a, 0xffc99bff, 0xffff9f6e};
constexpr gfx::Color kDriven = 0xffffffff;
// Grey and dashed: told apart from the current run's solid purple trail at a glance.
constexpr Rgba kGhost{215, 215, 215, 200};
constexpr gfx::Color kHoverMark = 0xffffffff;
// Edits during a drag re-simulate at once only up to this position (each costs O(position)).
constexpr int64_t kLiveResimulationFrames = 20000;
// How far from a probe the mouse still shows it, in window pixels: a scanline's mark is
// kScanlineMarkPx across, and the whole of it (its corners too) shows the tooltip.
constexpr double kHoverRadiusPx = 5;
static_assert(kHoverRadiusPx * kHoverRadiusPx >= 2 * (kScanlineMarkPx / 2) * (kScanlineMarkPx / 2),
              "the hover zone covers a scanline's whole mark");

// An actor of the map has its mover's colour, as in Edit mode (it used to change colour
// between the modes); a recorded trace's actors, whose movers may be unknown, by index.
gfx::Color actorColor(const Debugger& g, size_t i, uint32_t alpha) {
    gfx::Color c = kActorColors[i % (sizeof kActorColors / sizeof kActorColors[0])];
    if (!g.recorded() && i < g.map().actors.size()) c = moverColour(g.map().actors[i].mover);
    return (c & 0xffffff) | alpha << 24;
}

// Map-pixel box of a state: top-left box, or the circle's bounding box for round movers.
void stateBox(const MoverState& st, bool round, double* x, double* y, double* w, double* h) {
    *w = st.w;
    *h = round ? st.w : st.h;
    *x = st.x.toDouble() - (round ? *w / 2 : 0);
    *y = st.y.toDouble() - (round ? *h / 2 : 0);
}

void drawActors(const EditorState& s, DebugSession& d) {
    const View& v = s.view;
    const double z = v.zoom();
    for (size_t i = 0; i < d.dbg.actorCount(); ++i) {
        if (!d.dbg.hasState(i)) continue;  // a recorded actor before its first line
        const bool round = d.dbg.actorRound(i);
        double x, y, w, h;
        stateBox(d.dbg.state(i), round, &x, &y, &w, &h);
        float sx = float(v.toScreenX(x)), sy = float(v.toScreenY(y));
        float sw = float(w * z), sh = float(h * z);
        if (round) {
            // A filled square inside the circle keeps round actors as visible as boxes.
            float k = sw * 0.35f;
            d.batch.rect(sx + sw / 2 - k, sy + sh / 2 - k, 2 * k, 2 * k,
                         actorColor(d.dbg, i, 0x70));
            d.batch.circle(sx + sw / 2, sy + sh / 2, sw / 2, 28, actorColor(d.dbg, i, 0xff));
        } else {
            d.batch.rect(sx, sy, sw, sh, actorColor(d.dbg, i, 0x70));
            d.batch.rectOutline(sx, sy, sw, sh, actorColor(d.dbg, i, 0xff));
        }
        if (int(i) == d.dbg.drivenActor() && d.dbg.actorCount() > 1)
            d.batch.frame(sx - 3, sy - 3, sw + 6, sh + 6, 1, kDriven);
    }
}

// A kept run of one actor: its path as a thin dashed line (a solid thick one read as a wall),
// its box at the current position and its label under the box.
void drawRun(const Debugger& g, const View& v, gfx::BatchRenderer& batch, gfx::OverlayDraw& draw,
             size_t a, const std::vector<MoverState>& run, Rgba colour, const std::string& label) {
    if (a >= g.actorCount() || run.empty()) return;
    const bool round = g.actorRound(a);  // recorded actors too
    auto centre = [&](const MoverState& st, double* cx, double* cy) {
        double x, y, w, h;
        stateBox(st, round, &x, &y, &w, &h);
        *cx = v.toScreenX(x + w / 2);
        *cy = v.toScreenY(y + h / 2);
    };
    const gfx::Color line = gfx::Color(colour.a) << 24 | gfx::Color(colour.r) << 16 |
                            gfx::Color(colour.g) << 8 | colour.b;
    // At most a few thousand segments however long the recording is.
    const size_t stride = std::max<size_t>(1, run.size() / 4000);
    double px = 0, py = 0, along = 0;  // window px of path so far, for the dashes
    centre(run[0], &px, &py);
    for (size_t k = stride; k < run.size(); k += stride) {
        double cx, cy;
        centre(run[k], &cx, &cy);
        if (std::fmod(along, 9.0) < 5.0)  // 5 px on, 4 off
            batch.line(float(px), float(py), float(cx), float(cy), line);
        along += std::hypot(cx - px, cy - py);
        px = cx;
        py = cy;
    }
    const MoverState& now = run[size_t(std::min<int64_t>(g.position(), int64_t(run.size()) - 1))];
    double x, y, w, h;
    stateBox(now, round, &x, &y, &w, &h);
    draw.rect(x, y, x + w, y + h, Rgba{colour.r, colour.g, colour.b, 60}, true);
    draw.rect(x, y, x + w, y + h, colour, false);
    draw.text(x, y + h + 2, label, colour);
}

void drawGhost(const EditorState& s, DebugSession& d, gfx::OverlayDraw& draw) {
    const Debugger& g = d.dbg;
    if (d.showGhost && g.ghostActor() >= 0)
        drawRun(g, s.view, d.batch, draw, size_t(g.ghostActor()), g.ghost(), kGhost,
                g.ghostLabel());
    for (size_t i = 0; i < g.runs().size(); ++i) {
        const Debugger::SavedRun& r = g.runs()[i];
        if (r.visible) drawRun(g, s.view, d.batch, draw, r.actor, r.states, runColour(i), r.name);
    }
}

// Canvas labels placed without overlapping: each one that would cover an earlier one moves
// down a line at a time (at most 6), joined to where it belongs by a leader line.
struct Label {
    float x, y;
    gfx::Color color;
    std::string text;
};
void drawLabels(ImDrawList* dl, const std::vector<Label>& labels) {
    std::vector<ImVec4> placed;  // x0, y0, x1, y1
    const float lineH = ImGui::GetFontSize() + 1;
    for (const Label& l : labels) {
        const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
        float y = l.y;
        auto overlaps = [&](float ty) {
            for (const ImVec4& r : placed)
                if (l.x < r.z && r.x < l.x + size.x && ty < r.w && r.y < ty + size.y) return true;
            return false;
        };
        for (int tries = 0; tries < 6 && overlaps(y); ++tries) y += lineH;
        const ImU32 col =
            IM_COL32((l.color >> 16) & 0xff, (l.color >> 8) & 0xff, l.color & 0xff, 0xff);
        if (y != l.y) dl->AddLine(ImVec2(l.x, l.y + 1), ImVec2(l.x, y + 1), col);
        dl->AddText(ImVec2(l.x + (y != l.y ? 3.0f : 0.0f), y), col, l.text.c_str());
        placed.push_back(ImVec4(l.x, y, l.x + size.x + 3, y + size.y));
    }
}

// Bounding box of a probe in map px, for the hover mark.
bool probeBox(const Probe& p, double* x0, double* y0, double* x1, double* y1) {
    double a = p.x0.toDouble(), b = p.y0.toDouble(), c = p.x1.toDouble(), e = p.y1.toDouble();
    switch (p.shape) {
        case ProbeShape::Point:
            c = a + 1;
            e = b + 1;
            break;
        case ProbeShape::Value:
            return false;
        default:
            break;
    }
    *x0 = std::min(a, c);
    *y0 = std::min(b, e);
    *x1 = std::max(a, c);
    *y1 = std::max(b, e);
    return true;
}

void hoverProbe(const EditorState& s, DebugSession& d) {
    ImGuiIO& io = ImGui::GetIO();
    const View& v = s.view;
    if (!s.interactive || io.WantCaptureMouse || !ImGui::IsMousePosValid() ||
        !v.canvas.contains(io.MousePos.x, io.MousePos.y) || s.drag.kind != CanvasDrag::Kind::None)
        return;
    const double radius = std::max(1.0, kHoverRadiusPx / v.zoom());
    const Probe* p = probeAt(d.dbg.trace(), d.overlays, v.toMapX(io.MousePos.x),
                             v.toMapY(io.MousePos.y), radius);
    if (!p || (d.onlyDriven && p->actor != d.dbg.drivenActor())) return;
    double x0, y0, x1, y1;
    if (probeBox(*p, &x0, &y0, &x1, &y1)) {
        float sx = float(v.toScreenX(x0)), sy = float(v.toScreenY(y0));
        d.batch.rectOutline(sx - 2, sy - 2, float((x1 - x0) * v.zoom()) + 4,
                            float((y1 - y0) * v.zoom()) + 4, kHoverMark);
    }
    const std::string actor = p->actor >= 0 && size_t(p->actor) < d.dbg.actorCount()
                                  ? d.dbg.actorName(size_t(p->actor))
                                  : "?";
    // A recorded trace's own frame numbers (they may start anywhere or skip).
    const RecordedFrames* rec = d.dbg.recorded();
    const int64_t frame = rec ? rec->frameNumber(d.dbg.position()) : d.dbg.position() - 1;
    ImGui::BeginTooltip();
    ImGui::TextDisabled("%s, frame %lld", actor.c_str(), (long long)frame);
    ImGui::TextUnformatted(readableProbe(*p).c_str());
    // A scanline alone says only where it looked: the rate its cast reached decides.
    if (const Probe* rate = scanlineThreshold(d.dbg.trace(), *p))
        ImGui::TextUnformatted(readableProbe(*rate).c_str());
    ImGui::TextDisabled("exact: %s", describeProbe(*p).c_str());
    ImGui::EndTooltip();
}

}  // namespace

void setDebugMode(DebugSession& d, bool on) {
    if (!on) d.dbg.setPlaying(false);
    if (!on && d.active && d.dbg.anyTuned()) {
        d.keepAsk = DebugSession::KeepAsk::LeaveDebug;
        d.openKeepAsk = true;
        return;
    }
    d.active = on;
}

void syncDebugger(EditorState& s, DebugSession& d) {
    const uint64_t rev = s.doc.revision();
    if (rev != d.seenRevision) {
        // New / Open replace the document and leave no history: a fresh recording. Any
        // other change is an edit: same keys, re-simulated from frame 0.
        if (s.doc.historySize() == 0 && !s.doc.inStroke()) {
            d.dbg.mapReplaced();
            d.hunt.clear();  // its findings were of the map replaced
            d.openedSnag = -1;
            d.logPaths.clear();
            d.message.clear();
            d.seenRevision = rev;
        } else if (d.active && (!s.doc.inStroke() || d.dbg.position() <= kLiveResimulationFrames)) {
            d.dbg.mapChanged();
            d.seenRevision = rev;
        }
        // Otherwise the re-simulation waits for Debug mode, or for the end of a drag far
        // into a long recording, so that editing stays smooth.
    }
    if (s.selectedActor != d.seenSelection) {
        if (s.selectedActor >= 0) d.dbg.setDrivenActor(s.selectedActor);
        d.seenSelection = s.selectedActor;
    }
}

void showMapUnderRecording(EditorState& s, DebugSession& d, Map m,
                           std::shared_ptr<const RecordedTrace> fallback,
                           std::shared_ptr<const RecordedTrace> ghost) {
    Debugger& g = d.dbg;
    const RecordedFrames* rec = g.recorded();
    std::shared_ptr<const RecordedTrace> shown = rec ? rec->shared() : std::move(fallback);
    const int64_t position = g.position();
    const bool follow = g.followLive();
    std::vector<Debugger::SavedRun> runs = std::move(g.runs());
    std::set<int64_t> markers = g.breakpoints().markers;
    s.doc.replace(std::move(m), "");
    s.fitRequested = true;
    syncDebugger(s, d);  // a new document: clears the recording, shown again below
    g.showRecording(std::move(shown), std::move(ghost));
    g.seekNow(position);
    g.setFollowLive(follow);
    g.runs() = std::move(runs);
    g.breakpoints().markers = std::move(markers);
}

void debuggerFrame(EditorState& s, DebugSession& d, double now) {
    syncDebugger(s, d);
    const double dt = d.lastTime < 0 ? 0 : std::clamp(now - d.lastTime, 0.0, 0.25);
    d.lastTime = now;
    d.liveChanged = false;  // this frame draws it
    ImGuiIO& io = ImGui::GetIO();
    const bool free = s.interactive && keysAreHotkeys();
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    // A read-only window (`tilestep view`) shows only the recording: no Edit mode to go to.
    if (free && !io.KeyCtrl && !s.readOnly && pressed(GLFW_KEY_TAB)) setDebugMode(d, !d.active);
    s.unappliedTuning = d.dbg.anyTuned();
    if (d.active != s.debugMode) {
        s.debugMode = d.active;
        s.inspecting = d.active;  // a click inspects rather than paints
        if (s.verbose) {
            std::printf("mode %s\n", d.active ? "debug" : "edit");  // tests wait for this line
            std::fflush(stdout);
        }
    }
    d.keys = 0;
    if (!d.active) return;
    Debugger& g = d.dbg;
    if (free && !io.KeyCtrl) {
        // Arrows move, Z jumps: none of them is an editor hotkey (Ctrl+Z stays undo).
        if (ImGui::IsKeyDown(GLFW_KEY_LEFT)) d.keys |= KEY_L;
        if (ImGui::IsKeyDown(GLFW_KEY_RIGHT)) d.keys |= KEY_R;
        if (ImGui::IsKeyDown(GLFW_KEY_UP)) d.keys |= KEY_U;
        if (ImGui::IsKeyDown(GLFW_KEY_DOWN)) d.keys |= KEY_D;
        if (ImGui::IsKeyDown(GLFW_KEY_Z)) d.keys |= KEY_J;
        // A live view (`view --listen`) following the game pauses on P: it stays on the frame
        // shown while frames keep arriving; End (or the Live button) follows again. A game that
        // polls (docs/emitters.md, Control) is paused itself, `.` advances it one frame and End
        // resumes it, the view following its newest frame.
        const bool following = !d.liveStatus.empty() && g.followLive() && !g.playing();
        const auto game = [&](char c) { return following && d.liveCommand && d.liveCommand(c); };
        if (pressed(GLFW_KEY_P) || pressed(GLFW_KEY_F5)) {
            if (game('p'))
                ;  // the game holds on its frame: the view stays on it, following
            else if (following)
                g.setFollowLive(false);
            else
                g.togglePlaying();
        }
        if (pressed(GLFW_KEY_END) && g.recorded()) {
            g.setFollowLive(true);
            if (d.liveCommand) d.liveCommand('e');
        }
        if (ImGui::IsKeyPressed(GLFW_KEY_PERIOD, true) && !game('.')) g.stepForward(d.keys);
        if (ImGui::IsKeyPressed(GLFW_KEY_COMMA, true)) g.stepBack();
        if (pressed(GLFW_KEY_M)) g.breakpoints().toggleMarker(g.position());
        if (pressed(GLFW_KEY_LEFT_BRACKET)) g.setSpeedStep(g.speedStep() - 1);
        if (pressed(GLFW_KEY_RIGHT_BRACKET)) g.setSpeedStep(g.speedStep() + 1);
    }
    if (free && io.KeyCtrl && !io.KeyShift && pressed(GLFW_KEY_R) &&
        !(d.liveCommand && d.liveCommand('r')))  // a live game that polls restarts its level
        g.restart();
    if (free && io.KeyCtrl && io.KeyShift && pressed(GLFW_KEY_R)) restartFailedPlugins(s, d);
    d.latched = g.playing() ? InputBits(d.latched | d.keys) : 0;
    if (g.advance(dt, d.latched) > 0) d.latched = 0;
    g.applyPendingSeek();
    // Where a click inspects: the actors where the simulation has them.
    s.inspectBoxes.clear();
    for (size_t i = 0; i < g.actorCount(); ++i) {
        if (!g.hasState(i)) {  // nothing drawn there, nothing to click (the index stays)
            s.inspectBoxes.push_back(RectI{0, 0, 0, 0});
            continue;
        }
        double x, y, w, h;
        stateBox(g.state(i), g.actorRound(i), &x, &y, &w, &h);  // recorded actors too
        const int64_t x0 = int64_t(std::floor(x)), y0 = int64_t(std::floor(y));
        s.inspectBoxes.push_back(
            RectI{x0, y0, int64_t(std::ceil(x + w)) - x0, int64_t(std::ceil(y + h)) - y0});
    }
}

void prepareDebuggerCanvas(EditorState& s, DebugSession& d) {
    syncDebugger(s, d);  // an edit earlier in this frame may have removed an actor
    if (!d.active) return;
    const Map& m = s.doc.map();
    const View& v = s.view;
    gfx::OverlayDraw draw(d.batch, v.canvas.x + v.originX, v.canvas.y + v.originY, v.zoom());
    if (d.showCoverage && d.hunt.hasResult()) drawCoverage(d.hunt.coverage(), m.tileSize, draw);
    drawGhost(s, d, draw);
    drawActors(s, d);
    std::vector<ActorView> views;
    for (size_t i = 0; i < d.dbg.actorCount(); ++i)
        views.push_back(
            d.dbg.recorded()  // round -1 without an actor: no state to draw (drawOverlays)
                ? ActorView{nullptr, d.dbg.state(i), d.dbg.history(i),
                            int8_t(d.dbg.hasState(i) ? d.dbg.actorRound(i) : -1)}
                : ActorView{&m.actors[i], d.dbg.state(i), d.dbg.history(i)});
    drawOverlays(views, d.dbg.trace(), d.overlays, d.onlyDriven ? int32_t(d.dbg.drivenActor()) : -1,
                 draw);
    hoverProbe(s, d);

    // Labels: actor names and the overlays' words, with ImGui's font, clipped to the canvas.
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const CanvasRect& c = v.canvas;
    dl->PushClipRect(ImVec2(c.x, c.y), ImVec2(c.x + c.w, c.y + c.h), false);
    const float fs = ImGui::GetFontSize();
    std::vector<Label> labels;
    for (size_t i = 0; i < d.dbg.actorCount() && d.dbg.actorCount() > 1; ++i) {
        if (!d.dbg.hasState(i)) continue;
        double x, y, w, h;
        stateBox(d.dbg.state(i), d.dbg.actorRound(i), &x, &y, &w, &h);
        labels.push_back({float(v.toScreenX(x)), float(v.toScreenY(y)) - fs - 4,
                          actorColor(d.dbg, i, 0xff), d.dbg.actorName(i)});
    }
    for (const gfx::OverlayDraw::Text& t : draw.texts())
        labels.push_back({t.x, t.y, t.color, t.text});
    drawLabels(dl, labels);
    dl->PopClipRect();
}

void flushDebuggerCanvas(const EditorState& s, DebugSession& d, float winW, float winH,
                         float fbScaleX, float fbScaleY) {
    const CanvasRect& c = s.view.canvas;
    glEnable(GL_SCISSOR_TEST);
    glScissor(int(c.x * fbScaleX), int((winH - c.y - c.h) * fbScaleY), int(c.w * fbScaleX),
              int(c.h * fbScaleY));
    d.batch.flush(winW, winH);
    glDisable(GL_SCISSOR_TEST);
}

}  // namespace ts
