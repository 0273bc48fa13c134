#include "editor/input_gate.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <cmath>

namespace ts {

void InputGate::key(int key, int scancode, int action, int mods) {
    offer({Kind::Key, key, scancode, action, mods});
}

void InputGate::character(unsigned int c) {
    offer({Kind::Char, int(c)});
}

void InputGate::button(int button, int action, int mods) {
    Event e{Kind::Button, button, 0, action, mods};
    if (action == GLFW_PRESS && button >= 0 && button < kButtons) {
        const ImGuiIO& io = ImGui::GetIO();
        const double now = glfwGetTime();
        double x = 0, y = 0;
        glfwGetCursorPos(window_, &x, &y);
        const double dist = std::hypot(x - lastPressX_[button], y - lastPressY_[button]);
        e.doubleClick = now - lastPressTime_[button] < io.MouseDoubleClickTime &&
                        dist <= io.MouseDoubleClickMaxDist;
        // A third quick click starts a new pair, as in ImGui.
        lastPressTime_[button] = e.doubleClick ? -1e9 : now;
        lastPressX_[button] = x;
        lastPressY_[button] = y;
    }
    offer(e);
}

bool InputGate::mustHold(const Event& e) const {
    if (!held_.empty() || clickedThisFrame_) return true;
    if (e.kind == Kind::Key && e.c == GLFW_RELEASE && !keysPressedThisFrame_.empty()) return true;
    return e.kind == Kind::Button && e.c == GLFW_PRESS && clickedLastFrame_;
}

void InputGate::offer(const Event& e) {
    if (mustHold(e)) {
        held_.push_back(e);
        return;
    }
    deliver(e);
}

void InputGate::deliver(const Event& e) {
    switch (e.kind) {
        case Kind::Key:
            if (e.c == GLFW_PRESS) keysPressedThisFrame_.push_back(e.a);
            ImGui_ImplGlfw_KeyCallback(window_, e.a, e.b, e.c, e.d);
            break;
        case Kind::Char:
            ImGui_ImplGlfw_CharCallback(window_, unsigned(e.a));
            break;
        case Kind::Button:
            if (e.c == GLFW_PRESS) {
                clickedThisFrame_ = true;
                if (e.a >= 0 && e.a < kButtons) doubleClickDelivered_[e.a] = e.doubleClick;
            }
            ImGui_ImplGlfw_MouseButtonCallback(window_, e.a, e.c, e.d);
            break;
    }
}

bool InputGate::beginFrame() {
    keysPressedThisFrame_.clear();
    clickedLastFrame_ = clickedThisFrame_;
    clickedThisFrame_ = false;
    std::vector<Event> held;
    held.swap(held_);
    for (const Event& e : held) offer(e);
    return !held.empty();
}

void InputGate::afterNewFrame() {
    ImGuiIO& io = ImGui::GetIO();
    for (int b = 0; b < kButtons; ++b) {
        if (io.MouseClicked[b]) io.MouseDoubleClicked[b] = doubleClickDelivered_[b];
        doubleClickDelivered_[b] = false;
    }
}

}  // namespace ts
