// SIGTERM, SIGHUP and SIGINT end the editor only after it has written the recovery copy of
// unsaved work. Nothing runs in signal context: the three signals are blocked in every thread
// and one watcher thread takes them with sigwait, records which came and wakes the window
// (glfwPostEmptyEvent may be called from any thread), whose loop then writes the copy and
// returns. A second signal while that is under way ends the process at once.
#pragma once

namespace ts {

// Blocks the signals and starts the watcher. Call before any other thread starts: threads
// inherit the blocked set, and a thread that did not block them could be chosen to take one.
void watchQuitSignals();
// What wakes the window loop; null before the window exists and after it is gone.
void setQuitSignalWake(void (*wake)());
// The signal that came, or 0.
int quitSignalReceived();
const char* quitSignalName(int sig);

}  // namespace ts
