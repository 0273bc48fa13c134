// The quit "signals" on Windows: the console's Ctrl+C, Ctrl+Break and close events (the
// console window closed, logoff, shutdown), taken by a console control handler, which
// Windows runs on a thread of its own. As on Linux, the first one is recorded and wakes the
// window loop, which writes the recovery copy and returns; a second ends the process at once.
// For a close event Windows ends the process when the handler returns (and after 5 s in any
// case), so the handler waits there while the loop writes the copy and exits.
#include <windows.h>

#include <atomic>
#include <mutex>

#include "editor/quit_signals.h"

namespace ts {

namespace {

std::atomic<int> g_received{0};
std::mutex g_wakeMutex;
void (*g_wake)() = nullptr;

// Recorded as the event's number + 1, so that 0 stays "none" (CTRL_C_EVENT is 0).
BOOL WINAPI onConsoleEvent(DWORD event) {
    const int sig = int(event) + 1;
    int none = 0;
    if (!g_received.compare_exchange_strong(none, sig)) ::ExitProcess(128 + sig);
    {
        std::lock_guard<std::mutex> lock(g_wakeMutex);
        if (g_wake) g_wake();
    }
    if (event == CTRL_CLOSE_EVENT || event == CTRL_LOGOFF_EVENT || event == CTRL_SHUTDOWN_EVENT)
        ::Sleep(4500);  // the loop's exit ends the process first
    return TRUE;
}

}  // namespace

void watchQuitSignals() {
    ::SetConsoleCtrlHandler(onConsoleEvent, TRUE);
}

void setQuitSignalWake(void (*wake)()) {
    std::lock_guard<std::mutex> lock(g_wakeMutex);
    g_wake = wake;
}

int quitSignalReceived() {
    return g_received.load();
}

const char* quitSignalName(int sig) {
    switch (sig - 1) {
        case CTRL_C_EVENT:
            return "Ctrl+C";
        case CTRL_BREAK_EVENT:
            return "Ctrl+Break";
        case CTRL_CLOSE_EVENT:
            return "the console window closed";
        case CTRL_LOGOFF_EVENT:
            return "logoff";
        case CTRL_SHUTDOWN_EVENT:
            return "shutdown";
        default:
            return "a signal";
    }
}

}  // namespace ts
