// Writes the compact trace format, .tstrace (docs/trace-format.md, "Compact format"): the
// same lines as the JSON trace, as varint records and a string table, about a quarter of the
// bytes. `tilestep run --trace OUT.tstrace` writes through frame(); `convert` through
// record(). Bytes gather in one reused buffer the caller writes out and clears.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "map/map.h"
#include "movers/model_fields.h"
#include "movers/mover.h"
#include "record/recorded_trace.h"
#include "record/trace_format.h"
#include "trace/trace.h"

namespace ts {

class TstraceWriter {
  public:
    // Version 2 (the default) writes a state that follows the same actor's earlier one as the
    // fields that changed (docs/trace-format.md); version 1 writes every state whole, for
    // readers that predate version 2.
    explicit TstraceWriter(uint32_t version = 2);

    std::string_view bytes() const {
        return std::string_view(reinterpret_cast<const char*>(out_.data()), used_);
    }
    size_t size() const { return used_; }
    void clear() {
        used_ = 0;
        ++epoch_;
    }

    // The magic, the version and the header (as JSON text). First, once.
    void header(const TraceHeader& h);
    // One line of a trace read back; `actors` are the reader's so far (the header's first).
    void record(const TraceRecord& r, const std::vector<TraceActorInfo>& actors);
    // One frame as `run` writes it: the same records as TraceWriter::frame's lines.
    void frame(int64_t frame, const std::vector<Actor>& actors,
               const std::vector<MoverState>& states, Trace* trace);
    // The end record. Last, once.
    void end();

  private:
    struct Ids;  // this writer's string table as the record encoder sees it
    uint32_t id(std::string_view s);
    void toFrame(int64_t frame);
    void state(size_t actor, MoverKind kind, const MoverState& s);
    struct Known;
    uint32_t learn(Known& cache, std::string_view text);
    size_t writeState(size_t actor, MoverKind kind, const MoverInfo& info, const MoverState& s);
    size_t genericState(size_t actor, MoverKind kind, const MoverState& s);
    // Room for n more bytes (the buffer keeps its size: nothing is zeroed per record).
    uint8_t* room(size_t n) {
        if (out_.size() - used_ < n) out_.resize(std::max(out_.size() * 2, used_ + n));
        return out_.data() + used_;
    }
    void commit(uint8_t* p) { used_ = size_t(p - out_.data()); }
    void append(const void* data, size_t n);
    uint32_t cachedId(int64_t* slot, const char* text);
    // A state record from its fields as columns: `kt` each key id << 3 | type, `val` the raw
    // 1/65536 value (type 3), a string id (4, 5) or 0. Whole, or (version 2) as the changes
    // since the actor's previous state record.
    void putState(size_t actor, const uint64_t* kt, const uint64_t* val, size_t n);
    void columns(const std::vector<TraceField>& fields);

    std::vector<uint8_t> out_;  // the first used_ bytes are the file's
    size_t used_ = 0;
    std::vector<uint8_t> body_;
    uint32_t version_;
    // Each actor's previous state record as columns (putState), what version 2 deltas are of.
    struct Base {
        static constexpr size_t kMax = 64;  // tstrace::kMaxDeltaFields: the mask's bits
        uint64_t kt[kMax], val[kMax];
        size_t n = 0;
        bool set = false;
    };
    std::vector<Base> bases_;
    std::vector<uint64_t> kt_, val_;  // columns()'s
    std::unordered_map<std::string, uint32_t> ids_;
    int64_t frame_ = -1;
    int64_t records_ = 0;
    size_t actorsWritten_ = 0;
    // run's path: ids of the fixed keys and facings (-1: not yet interned), and the model
    // fields' keys and names as last seen per actor (slot by slot).
    int64_t fixedIds_[7];
    int64_t facingIds_[5];
    struct Known {
        std::string text;
        uint32_t id = UINT32_MAX;
    };
    // An actor whose state has not changed since its last record (standing still) gets that
    // record's bytes again: `lastAt` is where they are, valid while `epoch` is the buffer's.
    struct ActorFields {
        Known keys[ModelFields::kMax], names[ModelFields::kMax];
        MoverState last;
        const MoverInfo* info = nullptr;
        size_t lastAt = 0, lastSize = 0;
        uint64_t epoch = 0;
        // Version 2: the model's fields of the last record as writeDelta compares them, when
        // that record was writeState's (`delta`); its facing index.
        uint8_t codes[ModelFields::kMax];
        uint64_t vals[ModelFields::kMax];
        size_t n = 0;
        int facing = 0;
        bool delta = false;
    };
    void writeDelta(size_t actor, ActorFields& known, const MoverState& s, int facing,
                    const uint8_t* codes, const uint64_t* vals, size_t n);
    std::vector<ActorFields> known_;
    ModelFields fields_;
    uint64_t epoch_ = 1;  // counts clear()s: bytes written before are gone
};

}  // namespace ts
