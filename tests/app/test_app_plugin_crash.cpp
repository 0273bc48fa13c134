// A plugin step that crashes in the live editor ends nothing: the plugin runs in its own
// process (core/plugin/plugin_host.h), the fault is reported with its frame, the session
// goes on, and the next step starts the plugin again (which crashes again on the same frame).
// Real input under a private Xvfb (test_app_verify_support.h).
#include <cstdlib>
#include <thread>

#include "plugin/plugin_registry.h"
#include "test_app_verify_support.h"

namespace ts::test {
namespace {

using AppPluginCrash = AppDriver;

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST_F(AppPluginCrash, ACrashingStepIsReportedAndTheEditorGoesOn) {
    // One actor of tests/plugins/crash_step.c, whose step reads a null pointer once J is held;
    // the input log holds J on the first frame.
    startWithPluginActor(TILESTEP_PLUGIN_DIR, "crash_step");
    if (HasFatalFailure()) return;
    const std::string fault =
        "plugin:crash_step: a step of actor 'hero' at frame 0 crashed: SIGSEGV";
    key("period");  // step frame 0: J held, the step crashes
    waitUntil([&] { return count(app_->err(), fault) >= 1; }, 10000);
    EXPECT_EQ(count(app_->err(), fault), 1u) << app_->err();
    EXPECT_NE(app_->err().find("crash_step.c:"), std::string::npos) << app_->err();
    EXPECT_FALSE(app_->waitForExit(1000)) << "the editor ended: " << app_->err();

    key("comma");   // back to frame 0, still steppable
    key("period");  // frame 0 again, its recorded J: a new host, the same crash
    waitUntil([&] { return count(app_->err(), fault) >= 2; }, 10000);
    EXPECT_EQ(count(app_->err(), fault), 2u) << app_->err();
    EXPECT_TRUE(app_->running()) << app_->err();
}

// The x of hero's trace line for `frame`, or -1.
double xAt(const std::string& trace, int frame) {
    const auto at =
        trace.find("{\"frame\":" + std::to_string(frame) + ",\"actor\":\"hero\",\"x\":");
    if (at == std::string::npos) return -1;
    return std::atof(trace.c_str() + trace.find("\"x\":", at) + 4);
}

// "Restart plugin" (Ctrl+Shift+R) after a crash: a new plugin process, the session standing
// before the frame that failed, and the restarted plugin steps that frame with other keys.
// Without it the session would stand after the failed frame, whose state stayed frozen.
TEST_F(AppPluginCrash, RestartPluginStandsBeforeTheFailedFrameAndStepsItAgain) {
    // Frames 0..2 walk right one px each from x = 32; frame 3 holds J: the step crashes.
    const std::string trace = dir_ + "/trace.jsonl";
    startWithPluginActor(TILESTEP_PLUGIN_DIR, "crash_step", "3,R\n1,J\n",
                         "--trace " + shellQuote(trace));
    if (HasFatalFailure()) return;
    const std::string fault =
        "plugin:crash_step: a step of actor 'hero' at frame 3 crashed: SIGSEGV";
    for (int i = 0; i < 4; ++i) key("period");
    for (int i = 0; i < 100 && count(app_->err(), fault) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_EQ(count(app_->err(), fault), 1u) << app_->err();

    key("ctrl+shift+r");
    EXPECT_TRUE(app_->waitForOutput("message plugin:crash_step: restarted, at frame 3", 5000))
        << app_->out();
    // Right held: the driven actor takes frame 3 over, stepped by the new plugin process.
    app_->xdotool("keydown Right sleep 0.4 key period sleep 0.4 keyup Right sleep 0.3");
    key("ctrl+q");
    ASSERT_TRUE(app_->waitForExit(15000)) << "the editor did not quit: " << app_->err();
    EXPECT_EQ(count(app_->err(), fault), 1u) << "no crash after the restart: " << app_->err();
    const std::string written = readFile(trace);
    EXPECT_EQ(xAt(written, 2), 35.0) << written;
    EXPECT_EQ(xAt(written, 3), 36.0) << written;  // stepped, not the failed frame's 35
    EXPECT_EQ(xAt(written, 4), -1.0) << written;
}

}  // namespace
}  // namespace ts::test
