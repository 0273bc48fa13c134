// An idle editor stays off the CPU: with nothing changing (paused in Debug mode, no input,
// the start-up message gone) it draws nothing. The old loop drew 10 frames a second
// (about 10% of a core under Xvfb's software GL, 21% on the issue's machine).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "io/map_io.h"
#include "xvfb_session.h"

namespace ts::test {
namespace {

// User + system CPU time of a process in clock ticks (/proc/PID/stat fields 14 and 15).
long cpuTicks(int pid) {
    std::string stat = readFile("/proc/" + std::to_string(pid) + "/stat");
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream in(stat.substr(close + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && in >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return utime + stime;
}

class AppIdle : public XvfbTest {};

TEST_F(AppIdle, APausedEditorDrawsNothing) {
    const std::string path = dir_ + "/level.json";
    saveMap(mapFromRows({"........", "........", "########"}), path);
    BackgroundTilestep app(server_->display(), dir_ + "/cfg",
                           shellQuote(path) + " --debug --verbose");
    ASSERT_TRUE(app.waitForOutput("view x0=", 20000)) << app.err();
    app.xdotool("search --name tilestep getwindowpid > " + dir_ + "/pid");
    const int pid = std::atoi(readFile(dir_ + "/pid").c_str());
    ASSERT_GT(pid, 0);
    sleepMs(7500);  // the "Opened" note shows for 6 s
    const long before = cpuTicks(pid);
    sleepMs(3000);
    const long used = cpuTicks(pid) - before;
    // 3 s at 100 ticks/s: drawing 10 frames a second took about 30 ticks here.
    EXPECT_LE(used, 6) << "ticks used in 3 s of idling";
    app.xdotool("key ctrl+q");
    EXPECT_TRUE(app.waitForExit(10000));
}

}  // namespace
}  // namespace ts::test
