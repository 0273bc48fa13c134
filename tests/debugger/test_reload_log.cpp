// The debugger panel's log of plugin reloads (app/debugger/reload_log.h): when, which build,
// the result and what changed, newest kept, oldest dropped past the limit.
#include <gtest/gtest.h>

#include "debugger/reload_log.h"

namespace ts {
namespace {

std::time_t at(int h, int m, int s) {
    std::tm tm{};
    tm.tm_year = 126;
    tm.tm_mday = 1;
    tm.tm_hour = h;
    tm.tm_min = m;
    tm.tm_sec = s;
    tm.tm_isdst = -1;
    return std::mktime(&tm);
}

TEST(ReloadLog, AnEntrySaysWhenWhichBuildTheResultAndWhatChanged) {
    ReloadOutcome ok;
    ok.installed = true;
    ok.message =
        "plugin:reload: reloaded /tmp/x/reload.so, deterministic over 40 frames; "
        "parameters: speed default 2 (was 1); 1 actor updated";
    const ReloadLogEntry e = reloadLogEntry("/tmp/x/reload.so", at(14, 3, 21), ok, at(14, 3, 22));
    EXPECT_EQ(e.when, "14:03:22");
    EXPECT_EQ(e.build, "reload.so (file 14:03:21)");
    EXPECT_EQ(e.result, ReloadLogEntry::Result::Installed);
    EXPECT_STREQ(resultName(e.result), "installed");
    EXPECT_EQ(e.detail, ok.message);

    ReloadOutcome stuck;
    stuck.stuck = true;
    EXPECT_EQ(reloadLogEntry("r.so", 0, stuck, 0).result, ReloadLogEntry::Result::Stuck);
    EXPECT_EQ(reloadLogEntry("r.so", 0, ReloadOutcome{}, 0).result, ReloadLogEntry::Result::Kept);
    EXPECT_EQ(reloadLogEntry("r.so", 0, ReloadOutcome{}, 0).build.rfind("r.so (file ", 0), 0u);
}

TEST(ReloadLog, KeepsTheNewestEntries) {
    ReloadLog log;
    for (size_t i = 0; i < ReloadLog::kMaxEntries + 5; ++i) {
        ReloadLogEntry e;
        e.detail = std::to_string(i);
        log.add(e);
    }
    ASSERT_EQ(log.entries().size(), ReloadLog::kMaxEntries);
    EXPECT_EQ(log.entries().front().detail, "5");
    EXPECT_EQ(log.entries().back().detail, std::to_string(ReloadLog::kMaxEntries + 4));
}

}  // namespace
}  // namespace ts
