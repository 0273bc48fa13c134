// A plugin step that crashes in the live editor ends nothing: the plugin runs in its own
// process (core/plugin/plugin_host.h), the fault is reported with its frame, the session
// goes on, and the next step starts the plugin again (which crashes again on the same frame).
// Real input under a private Xvfb (test_app_verify_support.h).
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

}  // namespace
}  // namespace ts::test
