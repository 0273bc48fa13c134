#pragma once
// Orders keyboard and mouse-button events into frames as Dear ImGui 1.86 needs them.
//
// ImGui 1.86 samples input once per frame and judges which item owns the keyboard from the
// previous frame (io.WantCaptureKeyboard, io.WantTextInput). Events that arrive together
// between two frames, as when the editor was busy or idle-waiting (a click into a field and
// the first keys typed into it), would all reach the same frame: the keys before ImGui has
// seen the click make a field active, so they fire hotkeys ("x" selects Brushes, "." steps a
// frame). The gate holds such events for later frames, in order:
//   - a key release after a press in the same frame (ImGui would never see the key down);
//   - everything after a mouse-button press in the same frame (the click is handled first,
//     so the keys after it meet the field it activated);
//   - a button press right after a frame that had one (ImGui needs a frame with the button
//     up in between, or two quick clicks become one held press).
// Double clicks are judged by when the clicks reached the editor, not by the frames that
// handled them: a held second click, or slow frames, would otherwise push two quick clicks
// apart by more than io.MouseDoubleClickTime, and a double-click on a number field would
// not start editing it.
#include <vector>

struct GLFWwindow;

namespace ts {

class InputGate {
  public:
    explicit InputGate(GLFWwindow* window) : window_(window) {}

    void key(int key, int scancode, int action, int mods);
    void character(unsigned int c);
    void button(int button, int action, int mods);

    // Before a frame's events are read: hands the held events on. True when some were held,
    // so that the caller does not sleep on them.
    bool beginFrame();
    // After ImGui::NewFrame: ImGui's double-click flags as the arrival times say.
    void afterNewFrame();

  private:
    enum class Kind { Key, Char, Button };
    struct Event {
        Kind kind;
        // Key: key, scancode, action, mods. Button: button, -, action, mods. Char: code point.
        int a = 0, b = 0, c = 0, d = 0;
        bool doubleClick = false;
    };
    void offer(const Event& e);
    bool mustHold(const Event& e) const;
    void deliver(const Event& e);

    static constexpr int kButtons = 5;
    GLFWwindow* window_;
    std::vector<Event> held_;
    std::vector<int> keysPressedThisFrame_;
    bool clickedThisFrame_ = false, clickedLastFrame_ = false;
    double lastPressTime_[kButtons] = {-1e9, -1e9, -1e9, -1e9, -1e9};
    double lastPressX_[kButtons] = {}, lastPressY_[kButtons] = {};
    bool doubleClickDelivered_[kButtons] = {};
};

}  // namespace ts
