// Inside the plugin host process (plugin_host.h): what its portable part (plugin_host.cpp:
// the messages and the steps) and its platform part (plugin_host_posix.cpp, _win32.cpp:
// starting, loading the library, the fault handlers, the time budget of the steps ahead)
// share. The handlers read this state while a plugin call is interrupted, so it is set
// before any plugin code runs and written with plain stores.
#pragma once
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <string>

#include "plugin/detail/host_process.h"

namespace ts::host {

extern plat::Pipe g_pipe;                    // to tilestep
extern volatile sig_atomic_t g_inPlugin;     // inside a call of the plugin's code
extern volatile sig_atomic_t g_speculating;  // ... on a frame nobody asked for yet
extern volatile sig_atomic_t g_budgetSpent;  // the steps ahead used their time
// The page tilestep reads after a host ended without a reply (plat::hostStepIndex): the index
// in its request of the step running. Null where the platform gave none.
extern volatile uint32_t* g_stepIndex;
// The reply being built: [u32 count][results...]; `committed` bytes hold whole results.
extern std::string* g_reply;
extern volatile size_t g_committed;

// Text without allocation, for the handlers.
struct Line {
    char text[1536];
    size_t n = 0;
    void add(const char* s);
    void num(uint64_t v, int base = 10);
};

void sendRaw(uint8_t type, const char* data, size_t n, const char* tail, size_t tailN);
void sendFault(const Line& l);
// The results stepped so far (the one asked for among them) and "restart": speculation hit
// something the frame asked for never did, and this host is about to end.
void sendPartialReply();
void sendText(uint8_t type, const std::string& text);

// Calls the plugin's entry point, sends its descriptor, then answers tilestep until it
// closes the stream; the host's exit status.
int serve(void* entry);

// The platform's part.
// Steps ahead from now on stop once their time is spent (g_budgetSpent); one still running
// well after that ends the host with a partial reply.
void startAheadBudget();
void stopAheadBudget();
// The host ran out of memory outside the plugin's code (std::bad_alloc): the text of the
// fault.
void describeOutOfMemory(Line* l);

}  // namespace ts::host
