// The plugin host's portable part (detail/host_side.h): the messages and the steps.
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <vector>

#include "plugin/detail/host_side.h"
#include "plugin/detail/plugin_wire.h"
#include "plugin/detail/world_table.h"
#include "world/collision.h"

namespace ts::host {

// Globals of the plugin host process (a process of its own per plugin, one thread answering
// tilestep's requests), never of tilestep's: its signal handlers and the plugin's callbacks,
// which take no context of tilestep's, read them.
plat::Pipe g_pipe = plat::kNoPipe;
volatile sig_atomic_t g_inPlugin = 0;
volatile sig_atomic_t g_speculating = 0;
volatile sig_atomic_t g_budgetSpent = 0;
volatile uint32_t* g_stepIndex = nullptr;
std::string* g_reply = nullptr;
volatile size_t g_committed = 0;

namespace {

constexpr size_t kWorldsKept = 4;
constexpr size_t kBatchFlushBytes = 32 << 10;
size_t g_probeCountAt = 0;  // where the result being stepped keeps its probe count

}  // namespace

void Line::add(const char* s) {
    while (s && *s && n + 1 < sizeof text) text[n++] = *s++;
    text[n] = '\0';
}

void Line::num(uint64_t v, int base) {
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

void sendRaw(uint8_t type, const char* data, size_t n, const char* tail, size_t tailN) {
    const uint32_t length = uint32_t(1 + n + tailN);
    char head[5];
    std::memcpy(head, &length, 4);
    head[4] = char(type);
    wire::sendAll(g_pipe, head, 5) && wire::sendAll(g_pipe, data, n) &&
        (tailN == 0 || wire::sendAll(g_pipe, tail, tailN));
}

void sendFault(const Line& l) {
    sendRaw(wire::kFault, l.text, l.n, nullptr, 0);
}

void sendPartialReply() {
    const char flags = char(wire::kReplyRestart);
    sendRaw(wire::kReply, g_reply->data(), g_committed, &flags, 1);
}

void sendText(uint8_t type, const std::string& text) {
    wire::sendMessage(g_pipe, type, text);
}

namespace {

// ---- The plugin's calls -------------------------------------------------------------------

struct HostWorld {
    Map map;
    std::unique_ptr<CollisionWorld> world;
    std::unique_ptr<WorldTable> table;
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
        hw->table = std::make_unique<WorldTable>(*hw->world);
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
                startAheadBudget();
            } else if (i > firstAhead && g_budgetSpent) {
                break;
            }
            beginResult(in);
            ts_mover_state out = in;
            if (g_stepIndex) *g_stepIndex = i;
            g_inPlugin = 1;
            d_->step(&in, &out, q.keys[i], q.params, it->second->table->table(),
                     q.traced ? &draw : nullptr);
            g_inPlugin = 0;
            std::memcpy(&(*g_reply)[stateAt_], &out, sizeof out);
            commit();
            in = out;
        }
        // Off first: a budget's end that comes now finds nothing running ahead.
        const bool ahead = g_speculating;
        g_speculating = 0;
        if (ahead) stopAheadBudget();
        finishReply();
        return true;
    }

    // A kBatch (plugin_wire.h): each run stepped as frames ahead under its own time budget.
    // Its reply goes out with the runs stepped since the last message went: the first at once
    // (tilestep is waiting for it), then about every kBatchFlushBytes (a message each way
    // per run cost as much as stepping it). A fault's partial reply names its run; the whole
    // replies not sent by then are lost, and tilestep asks for those frames itself.
    bool batch(wire::Reader& r, std::string* problem) {
        uint64_t id = 0;
        ts_fix params[TS_MOVER_MAX_PARAMS];
        uint32_t runs = 0;
        if (!wire::getBatchHead(r, &id, params, &runs)) return false;
        auto it = worlds_.find(id);
        if (it == worlds_.end()) {
            *problem = "internal: a batch in a world the host does not hold";
            return false;
        }
        const ts_world* table = it->second->table->table();
        uint8_t keys[wire::kMaxFrames];
        std::string outbox;
        bool ok = true;
        for (uint32_t k = 0; k < runs && ok; ++k) {
            ts_mover_state in;
            uint32_t frames = 0;
            if (!wire::getBatchRun(r, &in, keys, &frames)) {
                ok = false;
                break;
            }
            startReply(&k);
            startAheadBudget();  // this run's own budget
            g_budgetSpent = 0;
            g_speculating = 1;
            for (uint32_t i = 0; i < frames && !(i > 0 && g_budgetSpent); ++i) {
                beginResult(in);
                ts_mover_state out = in;
                g_inPlugin = 1;
                d_->step(&in, &out, keys[i], params, table, nullptr);
                g_inPlugin = 0;
                std::memcpy(&(*g_reply)[stateAt_], &out, sizeof out);
                commit();
                in = out;
            }
            g_speculating = 0;  // off first, as in step()
            stopAheadBudget();  // (a Windows timer is made per start: each start has a stop)
            g_reply->push_back('\0');
            const uint32_t length = uint32_t(1 + g_reply->size());
            outbox.append(reinterpret_cast<const char*>(&length), 4);
            outbox.push_back(char(wire::kReply));
            outbox += *g_reply;
            g_committed = 0;
            if (k == 0 || k + 1 == runs || outbox.size() >= kBatchFlushBytes) {
                ok = wire::sendAll(g_pipe, outbox.data(), outbox.size());
                outbox.clear();
            }
        }
        return ok && r.atEnd();
    }

  private:
    // `run`: a batch's run, written first (and kept by a partial reply).
    void startReply(const uint32_t* run = nullptr) {
        g_reply->clear();
        if (run) g_reply->append(reinterpret_cast<const char*>(run), 4);
        countAt_ = g_reply->size();
        g_reply->append(4, '\0');
        count_ = 0;
        g_committed = run ? g_reply->size() : 0;
    }
    void beginResult(const ts_mover_state& s) {
        stateAt_ = g_reply->size();
        g_reply->append(reinterpret_cast<const char*>(&s), sizeof s);
        g_probeCountAt = g_reply->size();
        g_reply->append(4, '\0');
    }
    void commit() {
        ++count_;
        std::memcpy(&(*g_reply)[countAt_], &count_, 4);
        g_committed = g_reply->size();
    }
    void finishReply() {
        g_reply->push_back('\0');
        wire::sendMessage(g_pipe, wire::kReply, *g_reply);
    }

    const ts_mover_plugin* d_;
    std::map<uint64_t, std::unique_ptr<HostWorld>> worlds_;
    std::vector<uint64_t> order_;
    uint32_t count_ = 0;
    size_t countAt_ = 0;
    size_t stateAt_ = 0;
};

}  // namespace

int serve(void* entry) {
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
        while (wire::readMessage(g_pipe, -1, &type, &payload) == wire::ReadStatus::Ok) {
            wire::Reader r(payload);
            std::string problem = "internal: a message the host does not understand";
            bool ok = false;
            if (type == wire::kWorld)
                ok = host.world(r);
            else if (type == wire::kInit && d && d->init)
                host.init(r), ok = true;
            else if (type == wire::kStep)
                ok = host.step(r, &problem);
            else if (type == wire::kBatch)
                ok = host.batch(r, &problem);
            if (!ok) {
                sendText(wire::kFault, problem);
                return 1;
            }
        }
    } catch (const std::bad_alloc&) {
        g_inPlugin = 0;
        Line l;
        describeOutOfMemory(&l);
        l.add(" (out of memory)");
        sendFault(l);
        return 1;
    }
    return 0;
}

}  // namespace ts::host
