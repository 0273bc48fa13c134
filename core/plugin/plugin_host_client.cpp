#include "plugin/plugin_host_client.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "movers/step_context.h"
#include "world/collision.h"

namespace ts {

namespace {

constexpr size_t kWorldsHeld = 4;  // as the host keeps them (plugin_host.cpp)
constexpr size_t kMaxChains = 64;  // actors stepped in turn, each with its frames ahead
// A batch's replies are read in chunks of up to this (several runs a system call); a run's
// reply (kMaxFrames results) fits.
constexpr size_t kBatchBuffer = 256 << 10;
// Frames ahead per request: with the keys known, a few for the frame asked for (it waits
// for them all), then as many as a message holds in the request sent while tilestep uses
// those; guessing the same keys, fewer, and an odd count of steps per request, so that a plugin
// whose hidden state is one bit flipped per call still steps differently in two runs side by side.
// A guess used up doubles the next one (keys held long, or none: running past a recording's
// end), up to a message's worth; a wrong guess starts again from the fewest.
constexpr uint32_t kFramesKnown = 64;
constexpr uint32_t kFramesGuessed = 15;
constexpr uint32_t kFramesGuessedMax = wire::kMaxFrames - 1;
// A build whose entry point returned once is not expected to hang on a restart.
constexpr int64_t kRestartTimeoutMs = 5000;

// Every field, not the padding after `reserved` (whatever a copy left there).
bool sameState(const ts_mover_state& a, const ts_mover_state& b) {
    constexpr size_t kHead = offsetof(ts_mover_state, reserved) + sizeof a.reserved;
    return std::memcmp(&a, &b, kHead) == 0 && std::memcmp(a.vars, b.vars, sizeof a.vars) == 0;
}

}  // namespace

bool PluginHostClient::fromChains(uint64_t world, const ts_mover_state& in, uint32_t keys,
                                  const ts_fix* params, bool traced, wire::Result* out) {
    for (auto c = chains_.begin(); c != chains_.end();) {
        if (!sameState(c->in, in) || c->world != world || c->traced != traced ||
            std::memcmp(c->params, params, sizeof c->params) != 0) {
            ++c;
            continue;
        }
        if (c->keys[c->next] != keys) {
            // Steps ahead from this very state with other keys: of no more use.
            if (c->guessed) guessed_ = kFramesGuessed;
            c = chains_.erase(c);
            continue;
        }
        wire::Result& r = c->results[c->next];
        c->in = r.state;
        *out = std::move(r);
        if (++c->next == c->results.size()) {
            if (c->guessed) guessed_ = std::min(2 * guessed_ + 1, kFramesGuessedMax);
            chains_.erase(c);
        }
        return true;
    }
    return false;
}

std::string PluginHostClient::hostPath() {
    if (const char* env = std::getenv("TILESTEP_PLUGIN_HOST"))
        if (plat::isExecutable(env)) return env;
    const std::string dir = plat::executableDir();
    if (!dir.empty() && plat::isExecutable(dir + plat::kHostProgram))
        return dir + plat::kHostProgram;
#ifdef TILESTEP_PLUGIN_HOST_BUILD
    if (plat::isExecutable(TILESTEP_PLUGIN_HOST_BUILD)) return TILESTEP_PLUGIN_HOST_BUILD;
#endif
    return "";
}

std::unique_ptr<PluginHostClient> PluginHostClient::start(const std::string& path,
                                                          plat::PinnedLibrary lib,
                                                          int64_t timeoutMs, wire::Descriptor* desc,
                                                          std::string* error) {
    std::unique_ptr<PluginHostClient> c(new PluginHostClient());
    c->path_ = path;
    c->library_ = std::move(lib);
    c->guessed_ = kFramesGuessed;
    if (!c->launch(timeoutMs, desc, error)) return nullptr;
    return c;
}

PluginHostClient::~PluginHostClient() {
    stop();
    plat::unpinLibrary(&library_);
}

std::string PluginHostClient::faultLocation(int64_t timeoutMs) {
    std::lock_guard<std::mutex> lock(mutex_);
    return takeLocation(timeoutMs);
}

std::string PluginHostClient::takeLocation(int64_t timeoutMs) {
    std::string where;
    uint8_t type = 0;
    // A hung host may not answer (its handler replaced): not waited on as long as a crash.
    if (hung_) timeoutMs = std::min(timeoutMs, kHangLocateMs);
    if (dying_ && fd_ >= 0 &&
        (wire::readMessage(fd_, timeoutMs, &type, &where) != wire::ReadStatus::Ok ||
         type != wire::kWhere))
        where.clear();
    stop();
    return where;
}

void PluginHostClient::restart() {
    std::lock_guard<std::mutex> lock(mutex_);
    stop();
    chains_.clear();
    ahead_ = true;
}

void PluginHostClient::stop() {
    dying_ = hung_ = false;
    pending_.active = false;
    batch_.active = false;
    batch_.begin = batch_.end = 0;
    plat::closePipe(fd_);
    fd_ = plat::kNoPipe;
    const bool ran = process_.id != -1;
    plat::killHost(&process_);
    if (ran) forwardOutput(true);
    worlds_.clear();
}

std::string PluginHostClient::ended(int64_t waitMs) {
    plat::closePipe(fd_);
    fd_ = plat::kNoPipe;
    worlds_.clear();
    pending_.active = false;
    batch_.active = false;
    batch_.begin = batch_.end = 0;
    std::string how = plat::reapHost(&process_, waitMs);
    forwardOutput(true);
    return how;
}

void PluginHostClient::forwardOutput(bool last) {
    std::string text = plat::drainOutput(&process_, last);
    std::lock_guard<std::mutex> lock(outputMutex_);
    outputPartial_ += text;
    if (last && !outputPartial_.empty() && outputPartial_.back() != '\n') outputPartial_ += '\n';
    const size_t slash = path_.find_last_of("/\\");
    std::string name = path_.substr(slash == std::string::npos ? 0 : slash + 1);
    name = "plugin:" + name.substr(0, name.rfind('.'));
    size_t from = 0;
    for (size_t nl; (nl = outputPartial_.find('\n', from)) != std::string::npos; from = nl + 1) {
        std::string line = outputPartial_.substr(from, nl - from);
        std::fprintf(stderr, "%s: %s\n", name.c_str(), line.c_str());
        outputLines_.push_back(std::move(line));
        if (outputLines_.size() > kOutputLinesKept) outputLines_.pop_front();
    }
    outputPartial_.erase(0, from);
}

std::vector<std::string> PluginHostClient::recentOutput() {
    std::lock_guard<std::mutex> lock(outputMutex_);
    return std::vector<std::string>(outputLines_.begin(), outputLines_.end());
}

bool PluginHostClient::launch(int64_t timeoutMs, wire::Descriptor* desc, std::string* error) {
    const std::string host = hostPath();
    if (host.empty()) {
        *error = path_ +
                 ": cannot start tilestep-plugin-host (not beside tilestep; set "
                 "TILESTEP_PLUGIN_HOST to its path)";
        return false;
    }
    std::string why;
    if (!plat::spawnHost(host, path_, library_, &process_, &fd_, &why)) {
        *error = path_ + ": cannot start " + host + " (" + why + ")";
        return false;
    }
    uint8_t type = 0;
    std::string payload;
    const wire::ReadStatus status = wire::readMessage(fd_, timeoutMs, &type, &payload);
    if (status == wire::ReadStatus::Timeout) {
        stop();
        *error = path_ + ": " TS_MOVER_ENTRY_SYMBOL "() did not return within " +
                 std::to_string(timeoutMs) + " ms; not loaded";
        return false;
    }
    if (status == wire::ReadStatus::Closed) {
        *error = path_ + ": while loading, " + ended(timeoutMs);
        return false;
    }
    if (type == wire::kError) {
        *error = path_ + ": " + payload;
        stop();
        return false;
    }
    if (type == wire::kFault) {
        dying_ = true;
        *error = path_ + ": " TS_MOVER_ENTRY_SYMBOL "() or its descriptor " + payload +
                 takeLocation(kLocateLimitMs);
        return false;
    }
    wire::Reader r(payload);
    if (type != wire::kDescribe || !wire::getDescriptor(r, desc)) {
        stop();
        *error = path_ + ": the plugin host sent something unexpected";
        return false;
    }
    return true;
}

bool PluginHostClient::exchange(uint8_t type, const std::string& payload, int64_t limitMs,
                                std::string* reply, std::string* fault, bool* failedAhead) {
    uint8_t got = 0;
    const bool sent = wire::sendMessage(fd_, type, payload);
    wire::ReadStatus status =
        sent ? wire::readMessage(fd_, limitMs, &got, reply) : wire::ReadStatus::Closed;
    // A host held at a debugger's breakpoint has no limit: wait while one is attached.
    while (status == wire::ReadStatus::Timeout && plat::debuggerAttached(process_))
        status = wire::readMessage(fd_, limitMs, &got, reply);
    forwardOutput();
    // Ended or hung without a word, past the frame asked for (a step ahead that closed the
    // connection first, or blocked every signal): not that frame's fault. Where the host could
    // not number its steps (Windows), a host that closed the connection is taken for one.
    const int64_t at = plat::hostStepIndex(process_);
    if (failedAhead && status != wire::ReadStatus::Ok &&
        (at > 0 || (at < 0 && status == wire::ReadStatus::Closed))) {
        if (fd_ >= 0 && wire::readMessage(fd_, 0, &got, reply) == wire::ReadStatus::Ok &&
            got == wire::kFault) {
            *fault = *reply;
            dying_ = true;
            return false;
        }
        stop();  // at once: it may block for ever
        *failedAhead = true;
        return false;
    }
    if (status == wire::ReadStatus::Timeout) {
        *fault = "ran longer than " + std::to_string(limitMs) + " ms";
        // Where it was, as for a crash (takeLocation, within kHangLocateMs); then, or at once
        // where the host cannot be asked, SIGKILL and reaped: the next call starts a new host.
        if (plat::interruptHost(process_)) {
            dying_ = hung_ = true;
            return false;
        }
        stop();
        return false;
    }
    if (status != wire::ReadStatus::Ok) {
        // A fault message may still be waiting when the send failed.
        if (fd_ >= 0 && wire::readMessage(fd_, 0, &got, reply) == wire::ReadStatus::Ok &&
            got == wire::kFault) {
            *fault = *reply;
            dying_ = true;
            return false;
        }
        *fault = ended(limitMs);
        return false;
    }
    if (got == wire::kFault) {
        *fault = *reply;
        dying_ = true;
        return false;
    }
    return got == wire::kReply || (*fault = "the plugin host sent something unexpected", false);
}

bool PluginHostClient::holdWorld(const CollisionWorld& world, std::string* fault) {
    const uint64_t id = world.generation();
    for (uint64_t w : worlds_)
        if (w == id) return true;
    wire::Writer w;
    w.i64(int64_t(id));
    wire::putWorld(w, world.map());
    if (!wire::sendMessage(fd_, wire::kWorld, w.buf)) {
        *fault = ended(kDefaultCallLimitMs);
        return false;
    }
    worlds_.push_back(id);
    if (worlds_.size() > kWorldsHeld) worlds_.erase(worlds_.begin());
    return true;
}

bool PluginHostClient::init(ts_mover_state* state, const ts_fix* params, int64_t limitMs,
                            std::string* fault) {
    std::lock_guard<std::mutex> lock(mutex_);
    drainBatch(limitMs);
    takePending(wire::StepRequest{}, limitMs, nullptr);
    if (dying_) stop();
    wire::Descriptor ignored;
    std::string error;
    if (fd_ < 0 && !launch(kRestartTimeoutMs, &ignored, &error)) return *fault = error, false;
    wire::Writer w;
    w.raw(state, sizeof *state);
    w.raw(params, sizeof(ts_fix) * TS_MOVER_MAX_PARAMS);
    std::string reply;
    if (!exchange(wire::kInit, w.buf, limitMs, &reply, fault)) return false;
    std::vector<wire::Result> results;
    uint8_t flags = 0;
    wire::Reader r(reply);
    if (!wire::getReply(r, &results, &flags) || results.size() != 1)
        return *fault = "the plugin host sent something unexpected", false;
    *state = results[0].state;
    return true;
}

bool PluginHostClient::takePending(const wire::StepRequest& q, int64_t limitMs, wire::Result* out,
                                   const KeysAhead* ahead, size_t actor) {
    if (!pending_.active) return false;
    pending_.active = false;
    const wire::StepRequest& p = pending_.request;
    uint8_t type = 0;
    std::string reply;
    // Only frames nobody asked for, which the host stops within milliseconds of CPU time;
    // one that still does not answer is stepped no further ahead.
    const wire::ReadStatus status = wire::readMessage(fd_, limitMs, &type, &reply);
    if (status != wire::ReadStatus::Ok || type != wire::kReply) {
        stop();  // a new host for the frame asked for
        // Hung, or ended without the partial reply of a step ahead that failed (it closed
        // its connection first): stepping ahead would meet that step again.
        if (status != wire::ReadStatus::Ok) ahead_ = false;
        return false;
    }
    std::vector<wire::Result> results;
    uint8_t flags = 0;
    wire::Reader r(reply);
    const bool ok = wire::getReply(r, &results, &flags) && results.size() <= p.frames;
    if (!ok || (flags & wire::kReplyRestart)) {
        stop();
        ahead_ = false;
        return false;
    }
    if (!out || results.empty() || p.world != q.world || p.keys[0] != q.keys[0] ||
        p.traced != q.traced || !sameState(p.state, q.state) ||
        std::memcmp(p.params, q.params, sizeof p.params) != 0)
        return false;
    const wire::StepRequest asked = p;
    uint8_t later[2 * wire::kMaxFrames];
    int n = 0;
    if (results.size() == p.frames)
        if (const KeysAhead* known = ahead)
            n = known->keysAfter(actor, reinterpret_cast<InputBits*>(later),
                                 int(p.frames + wire::kMaxFrames) - 1);
    n -= int(p.frames) - 1;
    keepAhead(asked, std::move(results), n > 0 ? later + p.frames - 1 : nullptr, std::max(n, 0),
              out);
    return true;
}

void PluginHostClient::keepAhead(const wire::StepRequest& q, std::vector<wire::Result>&& results,
                                 const uint8_t* later, int n, wire::Result* out, bool guessed) {
    const ts_mover_state last = results.back().state;
    if (results.size() > 1) {
        if (chains_.size() >= kMaxChains) chains_.pop_back();
        Chain c;
        c.world = q.world;
        std::memcpy(c.params, q.params, sizeof c.params);
        c.traced = q.traced;
        c.in = results[0].state;
        c.keys.assign(q.keys, q.keys + results.size());
        c.guessed = guessed;
        *out = std::move(results[0]);  // results[1..] stay where the reply put them
        c.results = std::move(results);
        chains_.push_front(std::move(c));
    } else {
        *out = std::move(results[0]);
    }
    if (n <= 0 || !later || fd_ < 0) return;
    wire::StepRequest& next = pending_.request;
    next = q;
    next.state = last;
    next.ahead = 1;
    next.frames = uint32_t(std::min<int>(n, int(wire::kMaxFrames)));
    std::memcpy(next.keys, later, next.frames);
    wire::Writer w;
    w.buf.reserve(sizeof next);
    wire::putStep(w, next);
    pending_.active = wire::sendMessage(fd_, wire::kStep, w.buf);
    ++counts_.steps;
}

void PluginHostClient::stepPlanned(const CollisionWorld& world, const ts_fix* params,
                                   const std::vector<PlannedRun>& runs, int64_t limitMs) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!ahead_ || runs.empty()) return;
    drainBatch(limitMs);
    takePending(wire::StepRequest{}, limitMs, nullptr);
    if (dying_) stop();
    wire::Descriptor ignored;
    std::string error;
    // A host that does not start now is reported by the step that needs it.
    if (fd_ < 0 && !launch(kRestartTimeoutMs, &ignored, &error)) return;
    if (!holdWorld(world, &error)) return;
    Batch& b = batch_;
    b.world = world.generation();
    std::memcpy(b.params, params, sizeof b.params);
    const size_t n = std::min<size_t>(runs.size(), wire::kMaxBatchRuns);
    b.states.clear();
    b.offsets.assign(1, 0);
    b.keys.clear();
    wire::Writer w;
    wire::putBatchHead(w, b.world, params, uint32_t(n));
    for (size_t i = 0; i < n; ++i) {
        const PlannedRun& run = runs[i];
        const uint32_t frames = std::min(run.frames, wire::kMaxFrames);
        if (frames == 0) return;  // nothing sent: every run has a first frame
        wire::putBatchRun(w, run.state, run.keys, frames);
        b.states.push_back(run.state);
        b.keys.insert(b.keys.end(), run.keys, run.keys + frames);
        b.offsets.push_back(uint32_t(b.keys.size()));
    }
    b.next = 0;
    b.begin = b.end = 0;
    b.active = wire::sendMessage(fd_, wire::kBatch, w.buf);
    if (!b.active) stop();  // the host is gone: the next step starts a new one
    ++counts_.batches;
}

PluginHostClient::Counts PluginHostClient::counts() {
    std::lock_guard<std::mutex> lock(mutex_);
    return counts_;
}

wire::ReadStatus PluginHostClient::nextBatchMessage(int64_t limitMs, uint8_t* type,
                                                    const char** payload, size_t* n) {
    Batch& b = batch_;
    if (b.in.size() < kBatchBuffer) b.in.resize(kBatchBuffer);
    for (;;) {
        const size_t have = b.end - b.begin;
        uint32_t length = 0;
        if (have >= 5) {
            std::memcpy(&length, &b.in[b.begin], 4);
            if (length < 1 || length > kBatchBuffer - 4) return wire::ReadStatus::Closed;
            if (have >= 4 + size_t(length)) {
                *type = uint8_t(b.in[b.begin + 4]);
                *payload = &b.in[b.begin + 5];
                *n = length - 1;
                b.begin += 4 + size_t(length);
                return wire::ReadStatus::Ok;
            }
        }
        // Room for the rest of this message: what is left moves to the front.
        if (b.begin > 0 && (have == 0 || b.end + std::max<size_t>(4 + length, 5) > b.in.size())) {
            std::memmove(&b.in[0], &b.in[b.begin], have);
            b.begin = 0;
            b.end = have;
        }
        const int64_t k = plat::readSome(fd_, &b.in[b.end], b.in.size() - b.end, limitMs);
        if (k < 0) return wire::ReadStatus::Timeout;
        if (k == 0) return wire::ReadStatus::Closed;
        b.end += size_t(k);
    }
}

void PluginHostClient::readBatchRun(int64_t limitMs, bool front) {
    Batch& b = batch_;
    uint8_t type = 0;
    const char* payload = nullptr;
    size_t n = 0;
    // Frames ahead only, which the host stops within milliseconds of CPU time.
    const wire::ReadStatus status = nextBatchMessage(limitMs, &type, &payload, &n);
    std::vector<wire::Result> results;
    uint8_t flags = 0;
    wire::Reader r(payload, status == wire::ReadStatus::Ok ? n : 0);
    const uint32_t k = r.u32();  // the run; those before it that did not come are lost
    const bool ok = status == wire::ReadStatus::Ok && type == wire::kReply && k >= b.next &&
                    k < b.states.size() && wire::getReply(r, &results, &flags) && r.atEnd() &&
                    results.size() <= b.offsets[k + 1] - b.offsets[k];
    b.next = ok ? k + 1 : b.states.size();
    b.active = b.next < b.states.size();
    if (!ok || (flags & wire::kReplyRestart)) {
        // A run met a crash, an exit or a hang (or the host did not answer): the host is
        // ending, what it stepped before is kept, and the rest is asked for frame by frame,
        // as after a request's frames ahead failed (the frame that fails is then named).
        stop();
        ahead_ = false;
        if (!ok) return;
    } else if (!b.active && b.begin != b.end) {
        stop();  // more than the batch's replies: out of step with the host
    }
    if (results.empty()) return;
    Chain c;
    c.world = b.world;
    std::memcpy(c.params, b.params, sizeof c.params);
    c.traced = false;
    c.in = b.states[k];
    c.keys.assign(b.keys.begin() + b.offsets[k], b.keys.begin() + b.offsets[k] + results.size());
    c.results = std::move(results);
    c.next = 0;
    if (front) {
        if (chains_.size() >= kMaxChains) chains_.pop_back();
        chains_.push_front(std::move(c));
    } else {
        chains_.push_back(std::move(c));
    }
}

void PluginHostClient::drainBatch(int64_t limitMs) {
    while (batch_.active) readBatchRun(limitMs, false);
}

bool PluginHostClient::fromBatch(uint64_t world, const ts_mover_state& in, uint32_t keys,
                                 const ts_fix* params, bool traced, int64_t limitMs,
                                 wire::Result* out) {
    const Batch& b = batch_;
    if (b.active && world == b.world && !traced && sameState(b.states[b.next], in) &&
        b.keys[b.offsets[b.next]] == keys && std::memcmp(params, b.params, sizeof b.params) == 0)
        readBatchRun(limitMs, true);
    else
        drainBatch(limitMs);
    return fromChains(world, in, keys, params, traced, out);
}

bool PluginHostClient::step(const CollisionWorld& world, const ts_mover_state& in, uint32_t keys,
                            const ts_fix* params, bool traced, int64_t limitMs, wire::Result* out,
                            std::string* fault, const KeysAhead* ahead, size_t actor) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (fromChains(world.generation(), in, keys, params, traced, out)) return true;
    if (batch_.active && fromBatch(world.generation(), in, keys, params, traced, limitMs, out))
        return true;
    wire::StepRequest q;
    q.world = world.generation();
    q.state = in;
    std::memcpy(q.params, params, sizeof q.params);
    q.traced = traced;
    q.keys[0] = uint8_t(keys);
    q.frames = 1;
    if (takePending(q, limitMs, out, ahead, actor)) return true;
    if (dying_) stop();
    wire::Descriptor ignored;
    std::string error;
    if (fd_ < 0 && !launch(kRestartTimeoutMs, &ignored, &error)) return *fault = error, false;
    if (!holdWorld(world, fault)) return false;

    // Keys of the frames after this one: those of this request and of the next.
    uint8_t later[2 * wire::kMaxFrames];
    int n = 0;
    if (ahead_) {
        if (const KeysAhead* known = ahead)
            n = known->keysAfter(actor, reinterpret_cast<InputBits*>(later),
                                 int(2 * wire::kMaxFrames - 1));
        if (n > 0) {
            q.frames = uint32_t(1 + std::min<int>(n, int(kFramesKnown) - 1));
            std::memcpy(&q.keys[1], later, q.frames - 1);
        } else {
            q.frames = guessed_;
            for (uint32_t i = 1; i < q.frames; ++i) q.keys[i] = uint8_t(keys);
        }
    }
    wire::Writer w;
    w.buf.reserve(sizeof q);
    wire::putStep(w, q);
    std::string reply;
    bool failedAhead = false;
    ++counts_.steps;
    if (!exchange(wire::kStep, w.buf, limitMs, &reply, fault,
                  q.frames > 1 ? &failedAhead : nullptr)) {
        if (!failedAhead) return false;
        // A step ahead ended the host without a reply: this frame is asked again alone, by a
        // new host that steps ahead no more, so that the one that failed is met, and named,
        // when its frame is asked for.
        ahead_ = false;
        q.frames = 1;
        n = 0;
        wire::Writer alone;
        wire::putStep(alone, q);
        if (!launch(kRestartTimeoutMs, &ignored, &error)) return *fault = error, false;
        ++counts_.steps;
        if (!holdWorld(world, fault) || !exchange(wire::kStep, alone.buf, limitMs, &reply, fault))
            return false;
    }
    std::vector<wire::Result> results;
    uint8_t flags = 0;
    wire::Reader r(reply);
    if (!wire::getReply(r, &results, &flags) || results.empty() || results.size() > q.frames)
        return *fault = "the plugin host sent something unexpected", false;
    if (flags & wire::kReplyRestart) {
        stop();  // the steps ahead met a crash, an exit or a hang: never again for this build
        ahead_ = false;
    }
    const int rest = results.size() == q.frames ? n - int(q.frames - 1) : 0;
    keepAhead(q, std::move(results), rest > 0 ? later + q.frames - 1 : nullptr, rest, out,
              n <= 0 && q.frames > 1);
    return true;
}

}  // namespace ts
