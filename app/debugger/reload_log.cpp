#include "debugger/reload_log.h"

namespace ts {

namespace {

std::string clock(std::time_t t) {
    std::tm tm{};
#ifdef _WIN32
    localtime_s(&tm, &t);  // the same thread-safe call, arguments the other way round
#else
    localtime_r(&t, &tm);
#endif
    char buf[16];
    std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
    return buf;
}

}  // namespace

ReloadLogEntry reloadLogEntry(const std::string& path, std::time_t fileTime,
                              const ReloadOutcome& outcome, std::time_t now) {
    ReloadLogEntry e;
    e.when = clock(now);
    const size_t slash = path.rfind('/');
    e.build = (slash == std::string::npos ? path : path.substr(slash + 1)) + " (file " +
              clock(fileTime) + ")";
    e.result = outcome.installed ? ReloadLogEntry::Result::Installed
               : outcome.stuck   ? ReloadLogEntry::Result::Stuck
                                 : ReloadLogEntry::Result::Kept;
    e.detail = outcome.message;
    return e;
}

const char* resultName(ReloadLogEntry::Result r) {
    switch (r) {
        case ReloadLogEntry::Result::Installed:
            return "installed";
        case ReloadLogEntry::Result::Stuck:
            return "stuck, previous build kept";
        case ReloadLogEntry::Result::Kept:
            return "refused, previous build kept";
    }
    return "";
}

void ReloadLog::add(ReloadLogEntry e) {
    entries_.push_back(std::move(e));
    if (entries_.size() > kMaxEntries) entries_.pop_front();
}

ReloadLog& editorReloadLog() {
    static ReloadLog log;
    return log;
}

}  // namespace ts
