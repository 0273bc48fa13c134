// The plugin host on Windows (detail/host_side.h). Its command line holds the plugin's path,
// tilestep's process id, the pipe's handle and the copy of the DLL to load. A crash (an
// exception nothing handles, abort()) or exit() inside the plugin is reported like on Linux,
// located as the plugin's DLL and the offset in it: Windows has no libbacktrace to read the
// DWARF of a mingw build, and x86_64-w64-mingw32-addr2line turns the address given into
// file:line. The steps ahead's budget is wall time (a timer-queue timer): Windows has no
// CPU-time alarm. The memory limit is its job's (Linux: RLIMIT_AS), on the memory it commits;
// a host whose plugin hangs ends with tilestep, through that job (host_process_win32.cpp).
#include <windows.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cwchar>
#include <string>

#include "base/win32_text.h"
#include "plugin/detail/host_side.h"
#include "plugin/detail/plugin_wire.h"
#include "plugin/plugin_host.h"

namespace ts {

using namespace host;

namespace {

// Wall time: longer than Linux's 2 and 8 ms of CPU time, as the timers of Windows tick every
// 15.6 ms; still far within any step limit.
constexpr DWORD kAheadBudgetMs = 5;
constexpr DWORD kAheadHardLimitMs = 50;

// State the exception handler and the step timer read (the host process's only; set before any
// plugin code runs).
uintptr_t g_pluginBase = 0;
uintptr_t g_pluginEnd = 0;
uint64_t g_pluginImageBase = 0;  // where the DLL asked to be, as addr2line counts
char g_pluginName[260] = "plugin";
HANDLE g_mainThread = nullptr;
HANDLE g_timer = nullptr;

const char* exceptionName(DWORD code) {
    switch (code) {
        case EXCEPTION_ACCESS_VIOLATION:
            return "EXCEPTION_ACCESS_VIOLATION (invalid memory access)";
        case EXCEPTION_IN_PAGE_ERROR:
            return "EXCEPTION_IN_PAGE_ERROR (bad memory access)";
        case EXCEPTION_INT_DIVIDE_BY_ZERO:
            return "EXCEPTION_INT_DIVIDE_BY_ZERO (arithmetic error, division by zero)";
        case EXCEPTION_INT_OVERFLOW:
            return "EXCEPTION_INT_OVERFLOW (arithmetic error)";
        case EXCEPTION_ILLEGAL_INSTRUCTION:
            return "EXCEPTION_ILLEGAL_INSTRUCTION (illegal instruction)";
        case EXCEPTION_PRIV_INSTRUCTION:
            return "EXCEPTION_PRIV_INSTRUCTION (illegal instruction)";
        case EXCEPTION_STACK_OVERFLOW:
            return "EXCEPTION_STACK_OVERFLOW (stack overflow)";
        case EXCEPTION_BREAKPOINT:
            return "EXCEPTION_BREAKPOINT (trap)";
        default:
            return nullptr;
    }
}

bool inPlugin(uintptr_t pc) {
    return pc >= g_pluginBase && pc < g_pluginEnd;
}

// " in walk.dll+0x1139 (...)": the innermost frame in the plugin's DLL from `context` up.
void describeLocation(CONTEXT context, Line* out) {
    for (int frame = 0; frame < 64; ++frame) {
        const uintptr_t pc = uintptr_t(context.Rip);
        if (pc == 0) return;
        if (inPlugin(pc)) {
            const uint64_t offset = pc - g_pluginBase;
            out->add(" in ");
            out->add(g_pluginName);
            out->add("+");
            out->num(offset, 16);
            out->add(" (x86_64-w64-mingw32-addr2line -e ");
            out->add(g_pluginName);
            out->add(" ");
            out->num(g_pluginImageBase + offset, 16);
            out->add(" gives file:line)");
            return;
        }
        DWORD64 base = 0;
        PRUNTIME_FUNCTION f = ::RtlLookupFunctionEntry(context.Rip, &base, nullptr);
        if (!f) {  // a leaf function: its return address is on top of the stack
            context.Rip = *reinterpret_cast<DWORD64*>(context.Rsp);
            context.Rsp += 8;
            continue;
        }
        void* handlerData = nullptr;
        DWORD64 establisher = 0;
        ::RtlVirtualUnwind(UNW_FLAG_NHANDLER, base, context.Rip, f, &context, &handlerData,
                           &establisher, nullptr);
    }
}

// The job's limit on the memory the host commits (host_process_win32.cpp), in MiB; 0 when
// it has none (or, as under Wine, the system does not say).
uint64_t g_limitMb = 0;

void noteMemoryLimit() {
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION l{};
    if (::QueryInformationJobObject(nullptr, JobObjectExtendedLimitInformation, &l, sizeof l,
                                    nullptr) &&
        (l.BasicLimitInformation.LimitFlags & JOB_OBJECT_LIMIT_PROCESS_MEMORY))
        g_limitMb = uint64_t(l.ProcessMemoryLimit) >> 20;
}

// Whether the plugin used up the host's memory: a crash there is most likely the use of an
// allocation that failed (malloc's NULL), so the report says so (as on Linux).
bool reachedMemoryLimit() {
    if (g_limitMb == 0) return false;
    const SIZE_T probe = SIZE_T(64) << 20;
    void* p = ::VirtualAlloc(nullptr, probe, MEM_RESERVE | MEM_COMMIT, PAGE_NOACCESS);
    if (!p) return true;
    ::VirtualFree(p, 0, MEM_RELEASE);
    return false;
}

void addMemoryLimit(Line* l) {
    if (g_limitMb == 0) return l->add("ran out of memory");
    l->add("went past the plugin host's memory limit (");
    l->num(g_limitMb);
    l->add(" MiB; TILESTEP_PLUGIN_MEMORY_MB sets it)");
}

[[noreturn]] void endHost(UINT code) {
    ::TerminateProcess(::GetCurrentProcess(), code);
    for (;;) ::Sleep(INFINITE);
}

// A crash in a step nobody asked for yet ends the host with the steps before it.
void endIfAhead() {
    if (!g_speculating) return;
    sendPartialReply();
    endHost(0);
}

void reportCrash(const char* what, const CONTEXT& context, UINT code) {
    endIfAhead();
    Line l;
    if (reachedMemoryLimit()) {
        addMemoryLimit(&l);
        l.add(" and then ");
    }
    l.add("crashed: ");
    l.add(what);
    sendFault(l);
    Line where;
    if (g_inPlugin) describeLocation(context, &where);
    sendRaw(wire::kWhere, where.text, where.n, nullptr, 0);
    endHost(code);
}

LONG WINAPI onUnhandledException(EXCEPTION_POINTERS* e) {
    const DWORD code = e->ExceptionRecord->ExceptionCode;
    Line what;
    if (const char* name = exceptionName(code)) {
        what.add(name);
    } else {
        what.add("exception ");
        what.num(code, 16);
    }
    if ((code == EXCEPTION_ACCESS_VIOLATION || code == EXCEPTION_IN_PAGE_ERROR) &&
        e->ExceptionRecord->NumberParameters >= 2) {
        what.add(" at address ");
        what.num(uint64_t(e->ExceptionRecord->ExceptionInformation[1]), 16);
    }
    reportCrash(what.text, *e->ContextRecord, UINT(code));
    return EXCEPTION_EXECUTE_HANDLER;
}

void onAbort(int) {
    CONTEXT context{};
    ::RtlCaptureContext(&context);
    reportCrash("SIGABRT (abort)", context, 3);
}

// exit() from the plugin. Its status is known only to the exit() that the plugin's DLL
// imports (the C runtime does not tell atexit functions), so hookExit points that import at
// pluginExit; onExit reports an exit() it does not see (one linked into the DLL, or called
// from another DLL) without the status.
using ExitFunction = void(__cdecl*)(int);
ExitFunction g_runtimeExit = nullptr;
volatile sig_atomic_t g_exitReported = 0;

void onExit() {
    if (!g_inPlugin || g_exitReported) return;
    endIfAhead();
    Line l;
    l.add("called exit()");
    sendFault(l);
}

void __cdecl pluginExit(int status) {
    if (g_inPlugin) {
        endIfAhead();
        Line l;
        l.add("called exit(");
        if (status < 0) l.add("-");
        l.num(status < 0 ? uint64_t(-int64_t(status)) : uint64_t(status));
        l.add(")");
        sendFault(l);
        g_exitReported = 1;
    }
    g_runtimeExit(status);  // the atexit functions, then the end with that status
}

// Points the plugin's imports of exit() at pluginExit (the first C runtime's exit() found is
// the one called: a DLL imports it from one runtime).
void hookExit(HMODULE module) {
    char* base = reinterpret_cast<char*>(module);
    const auto* nt = reinterpret_cast<const IMAGE_NT_HEADERS*>(
        base + reinterpret_cast<const IMAGE_DOS_HEADER*>(module)->e_lfanew);
    const IMAGE_DATA_DIRECTORY& imports =
        nt->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_IMPORT];
    if (imports.VirtualAddress == 0) return;
    for (auto* d = reinterpret_cast<IMAGE_IMPORT_DESCRIPTOR*>(base + imports.VirtualAddress);
         d->Name != 0; ++d) {
        if (d->OriginalFirstThunk == 0) continue;  // no names to look for
        auto* name = reinterpret_cast<IMAGE_THUNK_DATA*>(base + d->OriginalFirstThunk);
        auto* slot = reinterpret_cast<IMAGE_THUNK_DATA*>(base + d->FirstThunk);
        for (; name->u1.AddressOfData != 0; ++name, ++slot) {
            if (IMAGE_SNAP_BY_ORDINAL(name->u1.Ordinal)) continue;
            const auto* byName =
                reinterpret_cast<const IMAGE_IMPORT_BY_NAME*>(base + name->u1.AddressOfData);
            if (std::strcmp(reinterpret_cast<const char*>(byName->Name), "exit") != 0) continue;
            DWORD was = 0;
            if (!::VirtualProtect(&slot->u1.Function, sizeof slot->u1.Function, PAGE_READWRITE,
                                  &was))
                continue;
            if (!g_runtimeExit) g_runtimeExit = reinterpret_cast<ExitFunction>(slot->u1.Function);
            slot->u1.Function = reinterpret_cast<ULONG_PTR>(&pluginExit);
            ::VirtualProtect(&slot->u1.Function, sizeof slot->u1.Function, was, &was);
        }
    }
}

VOID CALLBACK onAheadTimer(PVOID, BOOLEAN) {
    if (!g_speculating) return;
    if (!g_budgetSpent) {
        g_budgetSpent = 1;  // no more steps ahead after the one running
        return;
    }
    // Still in a step ahead: the reply is read with the stepping thread stopped.
    ::SuspendThread(g_mainThread);
    CONTEXT c{};
    c.ContextFlags = CONTEXT_CONTROL;
    ::GetThreadContext(g_mainThread, &c);  // returns once it has stopped
    if (!g_speculating) {
        ::ResumeThread(g_mainThread);
        return;
    }
    sendPartialReply();
    endHost(0);
}

void installHandlers() {
    ::SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    ::SetUnhandledExceptionFilter(onUnhandledException);
    std::signal(SIGABRT, onAbort);
    std::atexit(onExit);
    ::DuplicateHandle(::GetCurrentProcess(), ::GetCurrentThread(), ::GetCurrentProcess(),
                      &g_mainThread, 0, FALSE, DUPLICATE_SAME_ACCESS);
}

void notePluginModule(HMODULE module, const std::wstring& path) {
    const auto* dos = reinterpret_cast<const IMAGE_DOS_HEADER*>(module);
    const auto* nt = reinterpret_cast<const IMAGE_NT_HEADERS*>(
        reinterpret_cast<const char*>(module) + dos->e_lfanew);
    g_pluginBase = reinterpret_cast<uintptr_t>(module);
    g_pluginEnd = g_pluginBase + nt->OptionalHeader.SizeOfImage;
    g_pluginImageBase = nt->OptionalHeader.ImageBase;
    const std::string name = win32::narrow(path.substr(path.find_last_of(L"\\/") + 1));
    Line n;
    n.add(name.c_str());
    std::memcpy(g_pluginName, n.text, n.n + 1);
}

}  // namespace

int runPluginHost(int, char**) {
    // The command line as Windows holds it (UTF-16): argv is in the ANSI code page.
    int argc = 0;
    LPWSTR* argv = ::CommandLineToArgvW(::GetCommandLineW(), &argc);
    if (!argv || argc < 5) return 2;
    const std::wstring path = argv[1];
    g_pipe = plat::Pipe(std::wcstoull(argv[3], nullptr, 10));
    const std::wstring copy = argv[4];
    g_reply = new std::string();
    g_reply->reserve(size_t(1) << 20);
    noteMemoryLimit();
    installHandlers();

    // The DLLs it needs are looked for beside the user's file, not beside the copy.
    const size_t slash = path.find_last_of(L"\\/");
    if (slash != std::wstring::npos) ::SetDllDirectoryW(path.substr(0, slash).c_str());
    const HMODULE library = ::LoadLibraryW(copy.c_str());
    if (!library) {
        sendText(wire::kError,
                 "not a loadable shared library (" + win32::errorText(::GetLastError()) + ")");
        return 1;
    }
    void* entry = reinterpret_cast<void*>(::GetProcAddress(library, TS_MOVER_ENTRY_SYMBOL));
    if (!entry) {
        sendText(wire::kError, "no function " TS_MOVER_ENTRY_SYMBOL
                               " (a mover plugin exports it; see include/tilestep/mover_plugin.h)");
        return 1;
    }
    notePluginModule(library, path);
    hookExit(library);
    return serve(entry);
}

namespace host {

void startAheadBudget() {
    if (!::CreateTimerQueueTimer(&g_timer, nullptr, onAheadTimer, nullptr, kAheadBudgetMs,
                                 kAheadHardLimitMs, WT_EXECUTEINTIMERTHREAD))
        g_timer = nullptr;
}

void stopAheadBudget() {
    // Waits for a callback under way.
    if (g_timer) ::DeleteTimerQueueTimer(nullptr, g_timer, INVALID_HANDLE_VALUE);
    g_timer = nullptr;
}

void describeOutOfMemory(Line* l) {
    addMemoryLimit(l);
}

}  // namespace host

}  // namespace ts
