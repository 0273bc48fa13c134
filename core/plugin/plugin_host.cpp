#include "plugin/plugin_host.h"

#include <backtrace.h>
#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <string>

#include "plugin/detail/plugin_wire.h"
#include "plugin/detail/world_table.h"
#include "world/collision.h"

namespace ts {

namespace {

constexpr int kSocket = 3;
constexpr int kLibrary = 4;
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
constexpr size_t kWorldsKept = 4;

// ---- State the fault handlers read (set before any plugin code runs) --------------------

backtrace_state* g_backtrace = nullptr;
void* g_libraryBase = nullptr;
volatile sig_atomic_t g_inPlugin = 0;     // inside a call of the plugin's code
volatile sig_atomic_t g_speculating = 0;  // ... on a frame nobody asked for yet
volatile sig_atomic_t g_budgetSpent = 0;  // the steps ahead used their CPU time
// The reply being built: [u32 count][results...]; `committed` bytes hold whole results.
std::string* g_reply = nullptr;
volatile size_t g_committed = 0;
size_t g_probeCountAt = 0;  // where the result being stepped keeps its probe count
char g_altStack[1 << 16];
uint64_t g_limitMb = 0;  // the address-space limit (limitMemory), 0: none

// ---- Text without allocation, for the handlers -------------------------------------------

struct Line {
    char text[1536];
    size_t n = 0;
    void add(const char* s) {
        while (s && *s && n + 1 < sizeof text) text[n++] = *s++;
        text[n] = '\0';
    }
    void num(uint64_t v, int base = 10) {
        char digits[24];
        int k = 0;
        do {
            digits[k++] = "0123456789abcdef"[v % unsigned(base)];
            v /= unsigned(base);
        } while (v && k < 24);
        char out[26];
        int o = 0;
        if (base == 16) out[o++] = '0', out[o++] = 'x';
        while (k) out[o++] = digits[--k];
        out[o] = '\0';
        add(out);
    }
};

void sendRaw(uint8_t type, const char* data, size_t n, const char* tail, size_t tailN) {
    const uint32_t length = uint32_t(1 + n + tailN);
    char head[5];
    std::memcpy(head, &length, 4);
    head[4] = char(type);
    wire::sendAll(kSocket, head, 5) && wire::sendAll(kSocket, data, n) &&
        (tailN == 0 || wire::sendAll(kSocket, tail, tailN));
}

void sendFault(const Line& l) {
    sendRaw(wire::kFault, l.text, l.n, nullptr, 0);
}

// The results stepped so far (the one asked for among them) and "restart": speculation hit
// something the frame asked for never did, and this host is about to end.
void sendPartialReply() {
    const char flags = char(wire::kReplyRestart);
    sendRaw(wire::kReply, g_reply->data(), g_committed, &flags, 1);
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
    if (!file) return 0;
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

// " in FUNCTION at FILE:LINE" for the innermost frame with debug information from the
// faulting one up to the plugin's outermost; else the innermost frame in the plugin's library
// by symbol and offset. Reads
// the debug information of every loaded library the first time (hundreds of ms where
// separate debug files are installed), so only once a fault happened.
void describeLocation(uintptr_t pc, Line* out) {
    static Where w;
    w = Where{};
    w.faultPc = pc;
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

// The cause at once, then where (kWhere), which may take a while to find out: tilestep waits
// for the second outside the step's time limit.
void onFatalSignal(int sig, siginfo_t* info, void* context) {
    if (g_speculating) {
        sendPartialReply();
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
    _exit(128 + sig);
}

void onSpeculationTimeUp(int) {
    if (!g_speculating) return;
    if (!g_budgetSpent) {
        g_budgetSpent = 1;  // no more steps ahead after the one running
        return;
    }
    sendPartialReply();
    _exit(0);
}

void onProcessExit(int status, void*) {
    if (!g_inPlugin) return;
    if (g_speculating) {
        sendPartialReply();
        return;
    }
    Line l;
    l.add("called exit(");
    if (status < 0) l.add("-"), status = -status;
    l.num(uint64_t(status));
    l.add(")");
    sendFault(l);
}

void installHandlers() {
    stack_t ss{};
    ss.ss_sp = g_altStack;
    ss.ss_size = sizeof g_altStack;
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = onFatalSignal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP})
        sigaction(sig, &sa, nullptr);
    struct sigaction alarm {};
    alarm.sa_handler = onSpeculationTimeUp;
    sigemptyset(&alarm.sa_mask);
    sigaction(SIGPROF, &alarm, nullptr);
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
}

// ---- The plugin's calls -------------------------------------------------------------------

struct HostWorld {
    Map map;
    std::unique_ptr<CollisionWorld> world;
    ts_world table{};
};

void addProbe(void*, int32_t shape, int32_t verdict, const char* why, ts_fix x0, ts_fix y0,
              ts_fix x1, ts_fix y1) {
    std::string& r = *g_reply;
    wire::Writer w;
    w.u32(uint32_t(shape));
    w.u32(uint32_t(verdict));
    w.str(why ? std::string(why, strnlen(why, 63)) : std::string());
    w.i64(x0);
    w.i64(y0);
    w.i64(x1);
    w.i64(y1);
    r += w.buf;
    uint32_t count;
    std::memcpy(&count, &r[g_probeCountAt], 4);
    ++count;
    std::memcpy(&r[g_probeCountAt], &count, 4);
}

class Host {
  public:
    explicit Host(const ts_mover_plugin* d) : d_(d) {}

    bool world(wire::Reader& r) {
        const uint64_t id = r.i64();
        auto hw = std::make_unique<HostWorld>();
        if (!wire::getWorld(r, &hw->map)) return false;
        hw->world = std::make_unique<CollisionWorld>(hw->map);
        hw->table = worldTable(*hw->world);
        order_.push_back(id);
        worlds_[id] = std::move(hw);
        if (order_.size() > kWorldsKept) {
            worlds_.erase(order_.front());
            order_.erase(order_.begin());
        }
        return true;
    }

    void init(wire::Reader& r) {
        ts_mover_state st{};
        ts_fix params[TS_MOVER_MAX_PARAMS];
        r.raw(&st, sizeof st);
        r.raw(params, sizeof params);
        g_inPlugin = 1;
        d_->init(&st, params);
        g_inPlugin = 0;
        startReply();
        beginResult(st);
        commit();
        finishReply();
    }

    bool step(wire::Reader& r, std::string* problem) {
        wire::StepRequest q;
        if (!wire::getStep(r, &q)) return false;
        auto it = worlds_.find(q.world);
        if (it == worlds_.end()) {
            *problem = "internal: step in a world the host does not hold";
            return false;
        }
        const ts_draw draw{nullptr, addProbe};
        startReply();
        ts_mover_state in = q.state;
        const uint32_t firstAhead = q.ahead ? 0 : 1;
        for (uint32_t i = 0; i < q.frames; ++i) {
            if (i == firstAhead) {
                g_budgetSpent = 0;
                g_speculating = 1;
                setAlarm(kAheadBudgetUs, kAheadHardLimitUs);
            } else if (i > firstAhead && g_budgetSpent) {
                break;
            }
            beginResult(in);
            ts_mover_state out = in;
            g_inPlugin = 1;
            d_->step(&in, &out, q.keys[i], q.params, &it->second->table,
                     q.traced ? &draw : nullptr);
            g_inPlugin = 0;
            std::memcpy(&(*g_reply)[stateAt_], &out, sizeof out);
            commit();
            in = out;
        }
        if (g_speculating) setAlarm(0, 0);
        g_speculating = 0;
        finishReply();
        return true;
    }

  private:
    void startReply() {
        g_reply->clear();
        g_reply->append(4, '\0');
        count_ = 0;
        g_committed = 0;
    }
    void beginResult(const ts_mover_state& s) {
        stateAt_ = g_reply->size();
        g_reply->append(reinterpret_cast<const char*>(&s), sizeof s);
        g_probeCountAt = g_reply->size();
        g_reply->append(4, '\0');
    }
    void commit() {
        ++count_;
        std::memcpy(&(*g_reply)[0], &count_, 4);
        g_committed = g_reply->size();
    }
    void finishReply() {
        g_reply->push_back('\0');
        wire::sendMessage(kSocket, wire::kReply, *g_reply);
    }

    const ts_mover_plugin* d_;
    std::map<uint64_t, std::unique_ptr<HostWorld>> worlds_;
    std::vector<uint64_t> order_;
    uint32_t count_ = 0;
    size_t stateAt_ = 0;
};

void sendText(uint8_t type, const std::string& text) {
    wire::sendMessage(kSocket, type, text);
}

}  // namespace

int runPluginHost(int argc, char** argv) {
    if (argc < 3) return 2;
    const std::string path = argv[1];
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != pid_t(std::strtol(argv[2], nullptr, 10))) return 0;  // tilestep is gone
    limitMemory();
    g_reply = new std::string();
    g_reply->reserve(size_t(1) << 20);
    installHandlers();

    void* library =
        dlopen(("/proc/self/fd/" + std::to_string(kLibrary)).c_str(), RTLD_NOW | RTLD_LOCAL);
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

    using Entry = const ts_mover_plugin* (*)();
    g_inPlugin = 1;
    const ts_mover_plugin* d = reinterpret_cast<Entry>(entry)();
    wire::Writer desc;
    wire::putDescriptor(desc, d);  // reads the plugin's data: a bad pointer faults here
    g_inPlugin = 0;
    sendText(wire::kDescribe, desc.buf);

    Host host(d);
    std::string payload;
    uint8_t type = 0;
    try {
        while (wire::readMessage(kSocket, -1, &type, &payload) == wire::ReadStatus::Ok) {
            wire::Reader r(payload);
            std::string problem = "internal: a message the host does not understand";
            bool ok = false;
            if (type == wire::kWorld)
                ok = host.world(r);
            else if (type == wire::kInit && d && d->init)
                host.init(r), ok = true;
            else if (type == wire::kStep)
                ok = host.step(r, &problem);
            if (!ok) {
                sendText(wire::kFault, problem);
                return 1;
            }
        }
    } catch (const std::bad_alloc&) {
        g_inPlugin = 0;
        reachedMemoryLimit();  // the reserve, for the message
        Line l;
        addMemoryLimit(&l);
        l.add(" (out of memory)");
        sendFault(l);
        return 1;
    }
    return 0;
}

}  // namespace ts
