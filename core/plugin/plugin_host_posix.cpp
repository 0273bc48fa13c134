// The plugin host on Linux (detail/host_side.h): the socket, the library and the page it
// numbers its steps in (g_stepIndex) on descriptors 3, 4 and 5, fatal signals and exit()
// reported with libbacktrace's file:line, the address space limited, the steps ahead's time
// budget a CPU-time timer (SIGPROF) and a wall-clock one (SIGALRM: a step ahead that sleeps or
// waits on a lock uses no CPU time).
#include <backtrace.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "plugin/detail/host_side.h"
#include "plugin/detail/plugin_wire.h"
#include "plugin/plugin_host.h"

namespace ts {

using namespace host;

namespace {

constexpr int kSocket = 3;
constexpr int kLibrary = 4;
constexpr int kStepPage = 5;  // shared with tilestep (host_process.h: hostStepIndex)
// Steps ahead (frames nobody asked for yet) stop after this much CPU time; one step ahead
// still running the hard limit after that ends the host (it may never return). Short: the
// frame asked for waits for them under tilestep's step watchdog, which counts wall time, and
// on a busy machine a millisecond of CPU time can take ten of wall time. (A movement step
// takes microseconds; a plugin slow enough to meet the limit just stops stepping ahead.) CPU
// time, not wall time: a host that waits for a busy machine's CPU is not stuck. Both are one
// profiling timer (its first expiry, then its interval), not a clock read between steps,
// which was a system call every few steps.
constexpr int kAheadBudgetUs = 2000;
constexpr int kAheadHardLimitUs = 8000;
// A step ahead blocked (sleep, a lock, a read) uses no CPU time: past this much wall time
// the host sends the frames it has and ends, so that the frame that blocks is asked for on
// its own and named (well within the shortest sensible --step-limit).
constexpr int kAheadWallLimitUs = 100000;

// ---- State the fault handlers read (set before any plugin code runs) --------------------

backtrace_state* g_backtrace = nullptr;
void* g_libraryBase = nullptr;
char g_altStack[1 << 16];
uint64_t g_limitMb = 0;  // the address-space limit (limitMemory), 0: none
char g_copy[4096];       // the library's copy (libraryPath), removed however the host ends

void removeCopy() {
    if (g_copy[0]) unlink(g_copy);  // async-signal-safe
}

const char* signalName(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV (invalid memory access)";
        case SIGBUS:
            return "SIGBUS (bad memory access)";
        case SIGFPE:
            return "SIGFPE (arithmetic error, e.g. division by zero)";
        case SIGILL:
            return "SIGILL (illegal instruction)";
        case SIGABRT:
            return "SIGABRT (abort)";
        case SIGSYS:
            return "SIGSYS (bad system call)";
        case SIGTRAP:
            return "SIGTRAP (trap)";
        default:
            return "a fatal signal";
    }
}

struct Where {
    uintptr_t faultPc = 0;
    bool passed = false;    // walked past the handler's own frames to the faulting one
    bool inPlugin = false;  // walked through a frame of the plugin's library
    bool found = false;
    uintptr_t pcs[48];
    int pcCount = 0;
    Line at;
};

int onFrame(void* data, uintptr_t pc, const char* file, int line, const char* function) {
    Where& w = *static_cast<Where*>(data);
    if (!w.passed) {
        if (pc + 1 < w.faultPc || pc > w.faultPc + 1) return 0;
        w.passed = true;
    }
    if (w.pcCount < 48) w.pcs[w.pcCount++] = pc;
    // The frames that called the plugin are the host's, not the user's code: a libc with
    // debug information there would name its own start-up function.
    Dl_info info;
    const bool plugin =
        dladdr(reinterpret_cast<void*>(pc), &info) && info.dli_fbase == g_libraryBase;
    if (!plugin && w.inPlugin) return 1;
    w.inPlugin = w.inPlugin || plugin;
    // A fault inside libc (abort(), a bad pointer given to memcpy) or the signal trampoline is
    // the plugin's line that called it: frames before the plugin's first are skipped, even
    // where libc has debug information.
    if (!w.inPlugin || !file) return 0;
    w.at.add(" in ");
    w.at.add(function ? function : "?");
    w.at.add(" at ");
    w.at.add(file);
    w.at.add(":");
    w.at.num(uint64_t(line > 0 ? line : 0));
    w.found = true;
    return 1;
}
void onBacktraceError(void*, const char*, int) {}

// " in FUNCTION at FILE:LINE" for the innermost frame of the plugin's library with debug
// information; else the innermost frame in the plugin's library
// by symbol and offset. `pc`: where a signal interrupted the plugin (the frames above it are
// the handler's), 0 from a function the plugin called (exit()). Reads
// the debug information of every loaded library the first time (hundreds of ms where
// separate debug files are installed), so only once a fault happened.
void describeLocation(uintptr_t pc, Line* out) {
    // Static, not on the stack: this runs in the fault handler, on the alternate stack
    // (g_altStack), which a Where would crowd; the host's one faulting thread uses it, once.
    static Where w;
    w = Where{};
    w.faultPc = pc;
    w.passed = pc == 0;  // called, not interrupted: every frame counts (skipped up to the plugin's)
    if (g_backtrace) backtrace_full(g_backtrace, 0, onFrame, onBacktraceError, &w);
    if (w.found) return out->add(w.at.text);
    if (!w.passed && pc) w.pcs[w.pcCount++] = pc;
    for (int i = 0; i < w.pcCount; ++i) {
        Dl_info info;
        if (!dladdr(reinterpret_cast<void*>(w.pcs[i]), &info) || info.dli_fbase != g_libraryBase)
            continue;
        out->add(" in ");
        out->add(info.dli_sname ? info.dli_sname : "?");
        out->add(" (plugin+");
        out->num(w.pcs[i] - uintptr_t(info.dli_fbase), 16);
        out->add("; build it with -g for file:line)");
        return;
    }
}

// Whether the plugin used up the host's address space: a crash there is most likely the use
// of an allocation that failed (malloc's NULL), so the report says so. Then lets the host
// itself use the reserve above the limit (limitMemory), for the report.
bool reachedMemoryLimit() {
    if (g_limitMb == 0) return false;
    const size_t probe = size_t(64) << 20;
    void* p = mmap(nullptr, probe, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
        munmap(p, probe);
        return false;
    }
    rlimit r{};
    getrlimit(RLIMIT_AS, &r);
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_AS, &r);
    return true;
}

void addMemoryLimit(Line* l) {
    if (g_limitMb == 0) return l->add("ran out of memory");
    l->add("went past the plugin host's memory limit (");
    l->num(g_limitMb);
    l->add(" MiB; TILESTEP_PLUGIN_MEMORY_MB sets it)");
}

// Where the plugin's code was when a signal interrupted it (kWhere; "" outside it).
void sendWhere(void* context) {
    uintptr_t pc = 0;
#if defined(__x86_64__)
    pc = uintptr_t(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    pc = uintptr_t(static_cast<ucontext_t*>(context)->uc_mcontext.pc);
#else
    (void)context;
#endif
    Line where;
    if (g_inPlugin) describeLocation(pc, &where);
    sendRaw(wire::kWhere, where.text, where.n, nullptr, 0);
}

// The cause at once, then where (kWhere), which may take a while to find out: tilestep waits
// for the second outside the step's time limit.
void onFatalSignal(int sig, siginfo_t* info, void* context) {
    if (g_speculating) {
        sendPartialReply();
        removeCopy();
        _exit(0);
    }
    Line l;
    if (reachedMemoryLimit()) {
        addMemoryLimit(&l);
        l.add(" and then ");
    }
    l.add("crashed: ");
    l.add(signalName(sig));
    if ((sig == SIGSEGV || sig == SIGBUS) && info) {
        l.add(" at address ");
        l.num(uint64_t(uintptr_t(info->si_addr)), 16);
    }
    sendFault(l);
    sendWhere(context);
    removeCopy();
    _exit(128 + sig);
}

// tilestep gave up on the call in progress (plat::interruptHost): where it was, then the end.
void onInterrupt(int, siginfo_t*, void* context) {
    sendWhere(context);
    removeCopy();
    _exit(1);
}

void onSpeculationTimeUp(int sig) {
    if (!g_speculating) return;
    if (sig == SIGPROF && !g_budgetSpent) {
        g_budgetSpent = 1;  // no more steps ahead after the one running
        return;
    }
    sendPartialReply();
    removeCopy();
    _exit(0);
}

void onProcessExit(int status, void*) {
    if (!g_inPlugin) return removeCopy();
    if (g_speculating) {
        sendPartialReply();
        return removeCopy();
    }
    Line l;
    l.add("called exit(");
    if (status < 0) l.add("-"), status = -status;
    l.num(uint64_t(status));
    l.add(")");
    sendFault(l);
    // Where, as for a crash: the plugin's line that called exit() (libc's frames and this
    // handler's are skipped as a crash's are).
    Line where;
    describeLocation(0, &where);  // reads the library's copy: removed after
    sendRaw(wire::kWhere, where.text, where.n, nullptr, 0);
    removeCopy();
}

void installHandlers() {
    stack_t ss{};
    ss.ss_sp = g_altStack;
    ss.ss_size = sizeof g_altStack;
    sigaltstack(&ss, nullptr);
    // Each handler runs with the others blocked: the profiling timer that ended the steps
    // ahead once interrupted the fault handler's partial reply and sent a second one into the
    // middle of it ("the plugin host sent something unexpected" instead of the memory limit's
    // message, 1 run in 5 on some machines).
    struct sigaction sa {};
    sa.sa_sigaction = onFatalSignal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigfillset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP})
        sigaction(sig, &sa, nullptr);
    sa.sa_sigaction = onInterrupt;
    sigaction(SIGUSR1, &sa, nullptr);
    struct sigaction alarm {};
    alarm.sa_handler = onSpeculationTimeUp;
    sigfillset(&alarm.sa_mask);
    sigaction(SIGPROF, &alarm, nullptr);
    sigaction(SIGALRM, &alarm, nullptr);
    signal(SIGPIPE, SIG_IGN);
    on_exit(onProcessExit, nullptr);
}

#if defined(__SANITIZE_ADDRESS__)
#define TILESTEP_HOST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILESTEP_HOST_UNDER_ASAN 1
#endif
#endif

void limitMemory() {
#ifdef TILESTEP_HOST_UNDER_ASAN
    // AddressSanitizer reserves terabytes of shadow address space: a limit on the address
    // space would only make the host's own start-up fail (the sanitized test build).
    return;
#endif
    uint64_t mb = 4096;
    if (const char* v = std::getenv("TILESTEP_PLUGIN_MEMORY_MB"))
        if (const uint64_t n = std::strtoull(v, nullptr, 10)) mb = std::min<uint64_t>(n, 1u << 30);
    // RLIMIT_AS: every mapping counts, whichever allocator (or mmap) the plugin uses. The
    // hard limit keeps a reserve for reporting a fault at the limit (reachedMemoryLimit);
    // both stay within a hard limit tilestep was started under (ulimit -v).
    rlimit inherited{};
    getrlimit(RLIMIT_AS, &inherited);
    rlimit r{};
    r.rlim_cur = rlim_t(mb) << 20;
    r.rlim_max = r.rlim_cur + (rlim_t(256) << 20);
    if (inherited.rlim_max != RLIM_INFINITY) {
        r.rlim_max = std::min(r.rlim_max, inherited.rlim_max);
        r.rlim_cur = std::min(r.rlim_cur, r.rlim_max);
    }
    if (setrlimit(RLIMIT_AS, &r) == 0) g_limitMb = uint64_t(r.rlim_cur >> 20);
}

// First after `us`, then every `thenUs`; 0 stops it.
void setAlarm(int us, int thenUs) {
    itimerval t{};
    t.it_value.tv_sec = us / 1000000;
    t.it_value.tv_usec = us % 1000000;
    t.it_interval.tv_sec = thenUs / 1000000;
    t.it_interval.tv_usec = thenUs % 1000000;
    setitimer(ITIMER_PROF, &t, nullptr);
    itimerval wall{};
    wall.it_value.tv_sec = us ? kAheadWallLimitUs / 1000000 : 0;
    wall.it_value.tv_usec = us ? kAheadWallLimitUs % 1000000 : 0;
    setitimer(ITIMER_REAL, &wall, nullptr);
}

// The library at a path a debugger can read (plat::hostLibraryCopy: tilestep removes it when
// it reaps this host), else the inherited descriptor's /proc path (gdb cannot open that one).
std::string libraryPath() {
    // Copies that hosts killed with tilestep (SIGKILL) left behind: their process is gone.
    plat::removeStaleHostLibraryCopies();
    const std::string copy = plat::hostLibraryCopy(getpid());
    const int out = open(copy.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0700);
    bool ok = out >= 0 && lseek(kLibrary, 0, SEEK_SET) == 0;
    char buf[1 << 16];
    while (ok) {
        const ssize_t n = read(kLibrary, buf, sizeof buf);
        if (n == 0) break;
        ok = n > 0 && write(out, buf, size_t(n)) == n;
    }
    if (out >= 0) close(out);
    if (ok && copy.size() < sizeof g_copy) {
        std::memcpy(g_copy, copy.c_str(), copy.size() + 1);
        return copy;
    }
    unlink(copy.c_str());
    return "/proc/self/fd/" + std::to_string(kLibrary);
}

// The page tilestep made (memfd_create in plat::spawnHost) on descriptor 5; absent when it
// could not make one (the steps then go unnumbered), and then descriptor 5 is not mapped
// whatever it is.
void mapStepPage() {
    char name[64] = {};
    const std::string fd = "/proc/self/fd/" + std::to_string(kStepPage);
    const char kName[] = "/memfd:tilestep-plugin-step";
    if (readlink(fd.c_str(), name, sizeof name - 1) <= 0 ||
        std::strncmp(name, kName, sizeof kName - 1) != 0)
        return;
    void* page = mmap(nullptr, sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_SHARED, kStepPage, 0);
    if (page != MAP_FAILED) g_stepIndex = static_cast<volatile uint32_t*>(page);
    close(kStepPage);  // the mapping stays
}

// ---- A thread of the plugin's own that keeps a core busy ----------------------------------

// Every kThreadWatchMs the host compares its CPU time with its main thread's (the one that
// runs the steps): when the plugin's other threads used more than kThreadBusyPercent of the
// interval, it says so once on stderr, which tilestep shows prefixed with the plugin's name
// (Plugins panel, stderr). Without it a thread started by the plugin spun unnoticed for as
// long as the host lived. The threads end with the host (Restart plugin, a rebuild).
constexpr int kThreadWatchMs = 1000;
constexpr int kThreadBusyPercent = 40;
clockid_t g_mainClock;  // the host's main thread's CPU clock: set once before the watch starts

int64_t cpuNs(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

void* watchThreads(void*) {
    int64_t before = cpuNs(CLOCK_PROCESS_CPUTIME_ID) - cpuNs(g_mainClock);
    for (;;) {
        const timespec wait{kThreadWatchMs / 1000, (kThreadWatchMs % 1000) * 1000000L};
        nanosleep(&wait, nullptr);
        const int64_t others = cpuNs(CLOCK_PROCESS_CPUTIME_ID) - cpuNs(g_mainClock);
        const int64_t busyNs = others - before;
        before = others;
        if (busyNs * 100 < int64_t(kThreadBusyPercent) * kThreadWatchMs * 1000000) continue;
        std::fprintf(
            stderr,
            "warning: a thread the plugin started used %lld ms of CPU in the last %d ms "
            "besides the stepping thread (it keeps a core busy; it ends with the plugin host: "
            "Restart plugin or a rebuild)\n",
            (long long)(busyNs / 1000000), kThreadWatchMs);
        std::fflush(stderr);
        return nullptr;  // said once: the host's life is the plugin's business
    }
}

// Started before the plugin's code runs. Small stack (under the host's memory limit), every
// signal blocked: the fault handlers and the step-ahead timer are for the plugin's threads.
void startThreadWatch() {
    if (pthread_getcpuclockid(pthread_self(), &g_mainClock) != 0) return;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, size_t(1) << 16);
    pthread_t t;
    if (pthread_create(&t, &attr, watchThreads, nullptr) == 0) pthread_detach(t);
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

}  // namespace

int runPluginHost(int argc, char** argv) {
    if (argc < 3) return 2;
    const std::string path = argv[1];
    g_pipe = kSocket;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != pid_t(std::strtol(argv[2], nullptr, 10))) return 0;  // tilestep is gone
    limitMemory();
    // The plugin's printf reaches tilestep (which forwards it, prefixed) line by line, so the
    // lines before a crash are not lost in a buffer.
    setvbuf(stdout, nullptr, _IOLBF, 0);
    g_reply = new std::string();
    g_reply->reserve(size_t(1) << 20);
    mapStepPage();
    installHandlers();

    void* library = dlopen(libraryPath().c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char* e = dlerror();
        sendText(wire::kError, "not a loadable shared library (" + std::string(e ? e : "") + ")");
        return 1;
    }
    void* entry = dlsym(library, TS_MOVER_ENTRY_SYMBOL);
    if (!entry) {
        sendText(wire::kError, "no function " TS_MOVER_ENTRY_SYMBOL
                               " (a mover plugin exports it; see include/tilestep/mover_plugin.h)");
        return 1;
    }
    Dl_info info;
    if (dladdr(entry, &info)) g_libraryBase = info.dli_fbase;
    g_backtrace = backtrace_create_state(nullptr, 0, onBacktraceError, nullptr);
    startThreadWatch();
    return serve(entry);
}

namespace host {

void startAheadBudget() {
    setAlarm(kAheadBudgetUs, kAheadHardLimitUs);
}

void stopAheadBudget() {
    setAlarm(0, 0);
}

void describeOutOfMemory(Line* l) {
    reachedMemoryLimit();  // the reserve, for the message
    addMemoryLimit(l);
}

}  // namespace host

}  // namespace ts
