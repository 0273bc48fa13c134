// What the plugin host and its client need of the operating system, and nothing else:
// a byte stream between two processes that can be read with a deadline, starting a host
// process on it, killing and reaping it, and loading a library. host_process_posix.cpp
// (a socket pair and a shared page, posix_spawn, SIGKILL, dlopen) and host_process_win32.cpp (a
// named pipe with overlapped reads, CreateProcessW, TerminateProcess, LoadLibraryW); everything
// above them (the wire format, stepping ahead, fault reports) is the same code on both.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace ts::plat {

// One end of the stream: a socket's descriptor on POSIX, a pipe's HANDLE on Windows.
using Pipe = intptr_t;
constexpr Pipe kNoPipe = -1;

// Blocking; false once the other end is gone (never a SIGPIPE).
bool writeAll(Pipe p, const void* data, size_t n);
// Two buffers as one write where the system can (a message's head and its payload).
bool writeTwo(Pipe p, const void* a, size_t an, const void* b, size_t bn);
// Reads 1..n bytes: their count; 0 when the other end is gone; -1 when nothing came within
// timeoutMs (< 0: waits for ever).
int64_t readSome(Pipe p, void* data, size_t n, int64_t timeoutMs);
void closePipe(Pipe p);

// The build of a plugin that a host loads, on every restart the same one, whatever is at
// its path by then: the file held open (POSIX: a descriptor the host inherits; with
// copyFirst, of a copy already unlinked), or a copy in the temporary folder (Windows: a DLL
// cannot be loaded from a handle, and the copy leaves the user's file free to be rebuilt;
// removed by unpinLibrary). *error is "PATH: problem".
struct PinnedLibrary {
    intptr_t fd = -1;
    std::string copy;
};
bool pinLibrary(const std::string& path, bool copyFirst, PinnedLibrary* out, std::string* error);
void unpinLibrary(PinnedLibrary* lib);

// tilestep-plugin-host's file name, and the folder of the running executable ("" if unknown).
extern const char* const kHostProgram;
std::string executableDir();
bool isExecutable(const std::string& path);

// A running host: its process id (POSIX) or process HANDLE (Windows).
struct HostProcess {
    intptr_t id = -1;
    // POSIX: the read end of the pipe the host's stdout and stderr go to (kNoPipe: they go
    // to tilestep's stderr unprefixed, as on Windows).
    Pipe output = kNoPipe;
    // POSIX: a page shared with the host, where it writes the index in its request of each
    // step before running it (hostStepIndex); null where none could be made, and on Windows.
    volatile uint32_t* stepIndex = nullptr;
};
// Which step of the request in progress the host was at when it failed or went quiet (0: the
// frame asked for), even when it could not say so (it closed its connection first, or blocked
// every signal); -1 when unknown (no shared page: Windows).
inline int64_t hostStepIndex(const HostProcess& proc) {
    return proc.stepIndex ? int64_t(*proc.stepIndex) : -1;
}
// What the host wrote since the last call, without waiting; `last` (after killHost or
// reapHost) then closes the pipe.
std::string drainOutput(HostProcess* proc, bool last = false);
// Starts `exe` for the plugin at `pluginPath` (for its messages) with `lib`, connected to
// *pipe. On failure *error is the reason ("No such file or directory").
bool spawnHost(const std::string& exe, const std::string& pluginPath, const PinnedLibrary& lib,
               HostProcess* proc, Pipe* pipe, std::string* error);
// Kills and reaps it (nothing when none runs), with whatever it started (POSIX: its process
// group: a plugin's fork()ed children and threads end with it).
void killHost(HostProcess* proc);
// After its end of the stream closed: reaps it and says how it ended, as the end of a
// sentence about the plugin ("was killed by signal 9 (SIGKILL) in the plugin host"). A host
// that closed the stream but does not end within waitMs is killed (it may block for ever).
std::string reapHost(HostProcess* proc, int64_t waitMs = 2000);
// Asks a host whose call ran past its limit where its stepping thread is: it sends that (a
// kWhere message, plugin_wire.h) and ends. False where it cannot be asked (Windows).
bool interruptHost(const HostProcess& proc);
// Whether a debugger is attached to the host (Linux: TracerPid in /proc/PID/status): a host
// held at a breakpoint is not hung, and is never killed for taking long.
bool debuggerAttached(const HostProcess& proc);
// POSIX: where the host with this process id copies the library it loads, so that a debugger
// attached to it can read the library by path; removed when the host is reaped.
std::string hostLibraryCopy(intptr_t pid);
// Removes the copies of hosts no longer running (a host killed with tilestep cannot).
void removeStaleHostLibraryCopies();

// Loading into the calling process (the host; TILESTEP_PLUGIN_IN_PROCESS). openLibrary's
// *error is the loader's own text.
void* openLibrary(const std::string& path, std::string* error);
void* findSymbol(void* library, const char* name);
void closeLibrary(void* library);
// A copy of `path` under a new name in the temporary folder, ending like a library; "" with
// *error ("PATH: problem") on failure.
std::string copyToTemp(const std::string& path, std::string* error);
// False when it could not be removed (on Windows, a DLL still loaded).
bool removeFile(const std::string& path);
// Whether `path` can be read; else *why is the system's reason.
bool readable(const std::string& path, std::string* why);

}  // namespace ts::plat
