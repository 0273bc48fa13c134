// The messages between tilestep and a plugin host process (plugin_host.h): framing over a
// byte stream and the encodings of what crosses it. Both ends are the same build of
// tilestep, so plain structs (ts_mover_state) travel as their bytes.
//
// A message is [u32 length][u8 type][payload], length counting the type and the payload.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../../../include/tilestep/mover_plugin.h"
#include "map/map.h"
#include "plugin/detail/host_process.h"

namespace ts::wire {

enum Type : uint8_t {
    kDescribe = 1,  // host -> tilestep: the plugin's descriptor (right after start)
    kError = 2,     // host -> tilestep: the plugin did not load (text)
    kFault = 3,     // host -> tilestep: the call in progress failed (text), the host is gone
    kWorld = 4,     // tilestep -> host: u64 id, then a world (putWorld)
    kInit = 5,      // tilestep -> host: state, params
    kStep = 6,      // tilestep -> host: StepRequest
    kReply = 7,     // host -> tilestep: u32 count, count x Result, u8 flags
    kWhere = 8,     // host -> tilestep: after a crash's kFault, where it happened (text)
    kBatch = 9,     // tilestep -> host: runs planned ahead (putBatch); a kReply per run
};
constexpr uint8_t kReplyRestart = 1;  // the host stopped after this reply (speculation failed)
constexpr uint32_t kMaxMessage = 1u << 30;

class Writer {
  public:
    std::string buf;
    void u8(uint8_t v) { buf.push_back(char(v)); }
    void u32(uint32_t v) { raw(&v, sizeof v); }
    void i64(int64_t v) { raw(&v, sizeof v); }
    void raw(const void* p, size_t n) { buf.append(static_cast<const char*>(p), n); }
    void str(const char* s) {
        const uint32_t n = s ? uint32_t(std::strlen(s)) : 0;
        u32(n);
        raw(s ? s : "", n);
    }
    void str(const std::string& s) { str(s.c_str()); }
};

class Reader {
  public:
    Reader(const char* p, size_t n) : p_(p), end_(p + n) {}
    explicit Reader(const std::string& s) : Reader(s.data(), s.size()) {}
    bool ok() const { return ok_; }
    bool atEnd() const { return p_ == end_; }
    uint8_t u8() {
        uint8_t v = 0;
        raw(&v, 1);
        return v;
    }
    uint32_t u32() {
        uint32_t v = 0;
        raw(&v, sizeof v);
        return v;
    }
    int64_t i64() {
        int64_t v = 0;
        raw(&v, sizeof v);
        return v;
    }
    void raw(void* out, size_t n) {
        if (!ok_ || size_t(end_ - p_) < n) {
            ok_ = false;
            return;
        }
        std::memcpy(out, p_, n);
        p_ += n;
    }
    std::string str() {
        const uint32_t n = u32();
        if (!ok_ || size_t(end_ - p_) < n) return ok_ = false, std::string();
        std::string s(p_, n);
        p_ += n;
        return s;
    }

  private:
    const char* p_;
    const char* end_;
    bool ok_ = true;
};

// Whole messages on the stream to or from a host (plat::Pipe).
bool sendMessage(plat::Pipe p, uint8_t type, const std::string& payload);
bool sendAll(plat::Pipe p, const void* data, size_t n);
enum class ReadStatus { Ok, Closed, Timeout };
// Waits at most timeoutMs (< 0: for ever) for the start of a message, then reads it whole.
ReadStatus readMessage(plat::Pipe p, int64_t timeoutMs, uint8_t* type, std::string* payload);

// What the collision layer reads of a map (sizes, tiles, tile kinds' shapes and pass masks,
// walls, brushes), not its actors, names or colours.
void putWorld(Writer& w, const Map& m);
bool getWorld(Reader& r, Map* m);

constexpr uint32_t kMaxFrames = 1024;  // steps per request
struct StepRequest {
    uint64_t world = 0;
    ts_mover_state state{};
    ts_fix params[TS_MOVER_MAX_PARAMS]{};
    uint8_t traced = 0;
    uint8_t ahead = 0;              // 1: nobody asked for the first frame yet either
    uint32_t frames = 1;            // the frame asked for, then frames - 1 ahead
    uint8_t keys[kMaxFrames] = {};  // of each
};
void putStep(Writer& w, const StepRequest& s);
bool getStep(Reader& r, StepRequest* s);

struct Probe {
    int32_t shape, verdict;
    std::string why;
    ts_fix x0, y0, x1, y1;
};
struct Result {
    ts_mover_state state;  // not zeroed first: always written before it is read
    std::vector<Probe> probes;
};
// The descriptor's sizes this tilestep reads: the whole of it, or up to its first optional
// field (a plugin built against the header before probe_kinds existed).
constexpr uint32_t kDescriptorSizeBeforeProbeKinds =
    uint32_t(offsetof(ts_mover_plugin, probe_kind_count));
inline bool knownDescriptorSize(uint32_t size) {
    return size == sizeof(ts_mover_plugin) || size == kDescriptorSizeBeforeProbeKinds;
}
// Does the plugin's descriptor have probe_kind_count and probe_kinds?
inline bool hasProbeKinds(const ts_mover_plugin& d) {
    return d.struct_size >= sizeof(ts_mover_plugin);
}

// A descriptor as the host read it, rebuilt in tilestep with its own copies of the strings
// and tables; step and init are placeholders (non-null where the plugin's are), so that
// PluginMover's checks of a descriptor apply unchanged.
struct Descriptor {
    ts_mover_plugin d{};
    std::vector<std::string> strings;  // stable: reserved before use
    std::vector<ts_param_spec> params;
    std::vector<ts_state_field> fields;
    std::vector<ts_probe_kind> probeKinds;
    Descriptor() = default;
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
};
// Reads the plugin's descriptor in the host (may fault there, on a bad pointer).
void putDescriptor(Writer& w, const ts_mover_plugin* d);
bool getDescriptor(Reader& r, Descriptor* out);

// Runs planned ahead (the snag hunt's tasks, core/hunt/search.cpp): each from its own state
// with its own keys, all in one world with one set of parameters, untraced. The host answers
// each run with a kReply whose payload starts with the run's index (u32, then a reply as
// getReply reads it); it sends the first at once and the others a few tens of KiB at a time,
// so that tilestep uses one run while the host steps the next ones and a whole epoch of tasks
// costs a few system calls, not a round trip per task. Nobody has asked for any of these
// frames yet, so they are steps ahead: a run stops early when its time budget for steps
// ahead is spent, and a crash, exit or hang ends the batch and the host with a partial reply
// (kReplyRestart) of the run it was stepping; replies stepped but not sent then are lost.
// Request: [u64 world][params][u32 runs] then per run [state][u32 frames][keys].
constexpr uint32_t kMaxBatchRuns = 4096;
void putBatchHead(Writer& w, uint64_t world, const ts_fix* params, uint32_t runs);
void putBatchRun(Writer& w, const ts_mover_state& state, const uint8_t* keys, uint32_t frames);
bool getBatchHead(Reader& r, uint64_t* world, ts_fix* params, uint32_t* runs);
// keys: room for kMaxFrames.
bool getBatchRun(Reader& r, ts_mover_state* state, uint8_t* keys, uint32_t* frames);

// A reply's results (the host writes them as it steps: plugin_host.cpp).
bool getReply(Reader& r, std::vector<Result>* out, uint8_t* flags);

}  // namespace ts::wire
