#include "editor/quit_signals.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <thread>

namespace ts {

namespace {

std::atomic<int> g_received{0};
std::mutex g_wakeMutex;  // held while waking, so the window is not closed meanwhile
void (*g_wake)() = nullptr;

sigset_t quitSet() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGINT);
    return set;
}

}  // namespace

void watchQuitSignals() {
    const sigset_t set = quitSet();
    if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;
    std::thread([set] {
        for (;;) {
            int sig = 0;
            if (sigwait(&set, &sig) != 0) continue;
            int none = 0;
            if (!g_received.compare_exchange_strong(none, sig)) _exit(128 + sig);
            std::lock_guard<std::mutex> lock(g_wakeMutex);
            if (g_wake) g_wake();
        }
    }).detach();
}

void setQuitSignalWake(void (*wake)()) {
    std::lock_guard<std::mutex> lock(g_wakeMutex);
    g_wake = wake;
}

int quitSignalReceived() {
    return g_received.load();
}

const char* quitSignalName(int sig) {
    switch (sig) {
        case SIGTERM:
            return "SIGTERM";
        case SIGHUP:
            return "SIGHUP";
        case SIGINT:
            return "SIGINT";
        default:
            return "a signal";
    }
}

}  // namespace ts
