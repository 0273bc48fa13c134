#include "record/tstrace_writer.h"

#include <algorithm>
#include <cstring>

#include "base/json_line.h"
#include "base/short_text.h"
#include "record/detail/same_state.h"
#include "record/detail/trace_codec.h"
#include "record/detail/tstrace_layout.h"
#include "record/trace_reader.h"
#include "record/trace_writer.h"

namespace ts {

namespace {

using codec::putVarint;

void putU32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}

const char* const kFixedKeys[7] = {"x", "y", "vx", "vy", "grounded", "facing", "pushing"};
const char* const kFacings[5] = {"none", "left", "right", "up", "down"};

int facingIndex(uint8_t f) {
    return f == DIR_LEFT ? 1 : f == DIR_RIGHT ? 2 : f == DIR_UP ? 3 : f == DIR_DOWN ? 4 : 0;
}

}  // namespace

struct TstraceWriter::Ids final : codec::StringIds {
    explicit Ids(TstraceWriter& w) : w(w) {}
    uint32_t id(const std::string& s) override { return w.id(s); }
    TstraceWriter& w;
};

TstraceWriter::TstraceWriter() {
    std::fill(std::begin(fixedIds_), std::end(fixedIds_), -1);
    std::fill(std::begin(facingIds_), std::end(facingIds_), -1);
}

uint32_t TstraceWriter::id(std::string_view s) {
    auto it = ids_.find(std::string(s));
    if (it != ids_.end()) return it->second;
    const uint32_t n = uint32_t(ids_.size());
    ids_.emplace(std::string(s), n);
    uint8_t head[1 + codec::kMaxVarint];
    head[0] = tstrace::kString;
    append(head, size_t(putVarint(head + 1, s.size()) - head));
    append(s.data(), s.size());
    return n;
}

uint32_t TstraceWriter::cachedId(int64_t* slot, const char* text) {
    if (*slot < 0) *slot = id(text);
    return uint32_t(*slot);
}

void TstraceWriter::header(const TraceHeader& h) {
    TraceWriter w;
    w.header(h);
    const std::string_view text = w.text().substr(0, w.size() - 1);  // without its '\n'
    uint8_t start[16];
    std::memcpy(start, tstrace::kMagic, 8);
    putU32(start + 8, tstrace::kVersion);
    putU32(start + 12, uint32_t(text.size()));
    append(start, sizeof start);
    append(text.data(), text.size());
    actorsWritten_ = h.actors.size();
}

void TstraceWriter::toFrame(int64_t frame) {
    if (frame == frame_) return;
    uint8_t* p = room(1 + codec::kMaxVarint);
    *p++ = tstrace::kFrame;
    commit(putVarint(p, uint64_t(frame - std::max<int64_t>(frame_, 0))));
    frame_ = frame;
}

void TstraceWriter::record(const TraceRecord& r, const std::vector<TraceActorInfo>& actors) {
    const size_t actor = r.isProbe ? size_t(r.probe.probe.actor) : r.state.actor;
    // Actors the header did not name, in the order lines met them.
    for (; actorsWritten_ <= actor && actorsWritten_ < actors.size(); ++actorsWritten_) {
        const uint32_t name = id(actors[actorsWritten_].name);
        uint8_t* p = room(1 + codec::kMaxVarint);
        *p++ = tstrace::kActor;
        commit(putVarint(p, name));
    }
    toFrame(r.frame);
    body_.clear();
    Ids ids(*this);
    if (r.isProbe)
        codec::encodeProbe(body_, actor, r.probe.probe, ids);
    else
        codec::encodeState(body_, actor, r.state.fields, ids);
    const uint8_t tag = r.isProbe ? tstrace::kProbe : tstrace::kState;
    append(&tag, 1);
    append(body_.data(), body_.size());
    ++records_;
}

void TstraceWriter::append(const void* data, size_t n) {
    uint8_t* p = room(n);
    std::memcpy(p, data, n);
    commit(p + n);
}

namespace {

// A model field's raw 1/65536 value as the JSON text of it reads back (canonicalFixText: an
// integer part of at most 14 digits, under 2^62 raw); false for a number outside, which the
// generic path writes as JSON would (as a literal).
bool fieldRaw(const ModelField& f, int64_t* raw) {
    const uint64_t a = f.value < 0 ? uint64_t(0) - uint64_t(f.value) : uint64_t(f.value);
    if (f.type == ModelField::Type::Int) {
        if (a >= (uint64_t(1) << 46)) return false;
        *raw = int64_t(uint64_t(f.value) << 16);
        return true;
    }
    if ((a >> 16) >= 100000000000000 || a >= (uint64_t(1) << 62)) return false;
    *raw = f.value;
    return true;
}

bool plainName(std::string_view s) {
    for (const char c : s)
        if (c == '"' || c == '\\') return false;
    return true;
}

}  // namespace

uint32_t TstraceWriter::learn(Known& c, std::string_view text) {
    c.text.assign(text.data(), text.size());
    c.id = id(text);
    return c.id;
}

// The fields TraceWriter::state writes, in its order, then the model's own (describe's
// values, never text); strings are interned in the order a reader of the JSON line meets
// them, so that run and convert write the same bytes.
void TstraceWriter::state(size_t actor, MoverKind kind, const MoverState& s) {
    const MoverInfo& info = moverInfo(kind);
    if (known_.size() <= actor) known_.resize(actor + 1);
    ActorFields& known = known_[actor];
    // Describe functions are pure functions of the state, and ids never change: the same
    // state and registry entry, the same bytes.
    if (known.epoch == epoch_ && known.info == &info && sameState(known.last, s)) {
        uint8_t* p = room(known.lastSize);
        std::memcpy(p, out_.data() + known.lastAt, known.lastSize);  // an earlier record's
        known.lastAt = used_;
        commit(p + known.lastSize);
        ++records_;
        return;
    }
    const size_t at = writeState(actor, kind, info, s);
    known.last = s;
    known.info = &info;
    known.lastAt = at;
    known.lastSize = used_ - at;
    known.epoch = epoch_;
    ++records_;
}

// Writes the record; returns where it starts (after any string records it added).
size_t TstraceWriter::writeState(size_t actor, MoverKind kind, const MoverInfo& info,
                                 const MoverState& s) {
    fields_.clear();
    info.describe(s, fields_);
    const int facing = facingIndex(s.facing);
    if (fixedIds_[6] < 0 || facingIds_[facing] < 0) {
        for (int i = 0; i < 6; ++i) cachedId(&fixedIds_[i], kFixedKeys[i]);
        cachedId(&facingIds_[facing], kFacings[facing]);
        cachedId(&fixedIds_[6], kFixedKeys[6]);
    }
    ActorFields& known = known_[actor];
    // First every id (interning writes string records, which go before this record).
    uint32_t keyIds[ModelFields::kMax], nameIds[ModelFields::kMax];
    int64_t raws[ModelFields::kMax];
    const size_t n = fields_.size();
    for (size_t i = 0; i < n; ++i) {
        const ModelField& f = fields_[i];
        if ((f.type == ModelField::Type::Int || f.type == ModelField::Type::Fix)
                ? !fieldRaw(f, &raws[i])
                : f.type == ModelField::Type::Name && !plainName(f.name)) {
            return genericState(actor, kind, s);
        }
        Known& key = known.keys[i];
        keyIds[i] = key.id != UINT32_MAX && sameShort(key.text, f.key) ? key.id : learn(key, f.key);
        if (f.type == ModelField::Type::Name) {
            Known& name = known.names[i];
            nameIds[i] = name.id != UINT32_MAX && sameShort(name.text, f.name)
                             ? name.id
                             : learn(name, f.name);
        }
    }
    constexpr uint64_t kShift = codec::kFieldTypeBits;
    const size_t at = used_;
    uint8_t* p = room(16 + (7 + n) * 2 * codec::kMaxVarint);
    *p++ = tstrace::kState;
    p = putVarint(p, actor);
    *p++ = uint8_t(7 + n);  // under 128: one varint byte
    const Fix fixes[4] = {s.x, s.y, s.vx, s.vy};
    for (int i = 0; i < 4; ++i) {
        p = putVarint(p, uint64_t(fixedIds_[i]) << kShift | codec::kFix);
        p = putVarint(p, codec::zigzag(fixes[i].raw));
    }
    p = putVarint(p,
                  uint64_t(fixedIds_[4]) << kShift | (s.grounded ? codec::kTrue : codec::kFalse));
    p = putVarint(p, uint64_t(fixedIds_[5]) << kShift | codec::kString);
    p = putVarint(p, uint64_t(facingIds_[facing]));
    p = putVarint(p, uint64_t(fixedIds_[6]) << kShift | (s.pushing ? codec::kTrue : codec::kFalse));
    for (size_t i = 0; i < n; ++i) {
        const uint64_t k = uint64_t(keyIds[i]) << kShift;
        switch (fields_[i].type) {
            case ModelField::Type::Int:
            case ModelField::Type::Fix:
                p = putVarint(p, k | codec::kFix);
                p = putVarint(p, codec::zigzag(raws[i]));
                break;
            case ModelField::Type::Bool:
                p = putVarint(p, k | (fields_[i].value ? codec::kTrue : codec::kFalse));
                break;
            case ModelField::Type::Name:
                p = putVarint(p, k | codec::kString);
                p = putVarint(p, nameIds[i]);
                break;
        }
    }
    commit(p);
    return at;
}

// A state with a field JSON cannot say as a plain number or name: the record `convert`
// writes from the JSON line.
size_t TstraceWriter::genericState(size_t actor, MoverKind kind, const MoverState& s) {
    TraceRecord r;
    r.state.actor = actor;
    const std::string line = stateJsonLine(frame_, "a", kind, s);
    JsonValue v;
    std::string error;
    parseJsonLine(line.data(), line.size(), &v, &error);
    for (const auto& [key, value] : v.members) {
        if (key == "frame" || key == "actor") continue;
        TraceField f;
        f.key = key;
        if (value.type == JsonValue::Type::Number) {
            parseTraceNumber(value.text, &f);
        } else if (value.type == JsonValue::Type::Bool) {
            f.type = TraceField::Type::Bool;
            f.text = value.boolean ? "true" : "false";
        } else if (value.type == JsonValue::Type::String) {
            f.type = TraceField::Type::String;
            f.text = value.text;
        } else {
            f.text = "null";
        }
        r.state.fields.push_back(std::move(f));
    }
    body_.clear();
    Ids ids(*this);
    codec::encodeState(body_, actor, r.state.fields, ids);
    const size_t at = used_;
    const uint8_t tag = tstrace::kState;
    append(&tag, 1);
    append(body_.data(), body_.size());
    return at;
}

void TstraceWriter::frame(int64_t frame, const std::vector<Actor>& actors,
                          const std::vector<MoverState>& states, Trace* trace) {
    auto byActor = [](const Probe& p, const Probe& q) { return p.actor < q.actor; };
    if (trace && !std::is_sorted(trace->probes.begin(), trace->probes.end(), byActor))
        std::stable_sort(trace->probes.begin(), trace->probes.end(), byActor);
    toFrame(frame);
    size_t next = 0;
    const size_t n = std::min(actors.size(), states.size());
    Ids ids(*this);
    for (size_t i = 0; i < n; ++i) {
        state(i, actors[i].mover, states[i]);
        if (!trace) continue;
        while (next < trace->probes.size() && trace->probes[next].actor < int32_t(i)) ++next;
        for (; next < trace->probes.size() && trace->probes[next].actor == int32_t(i); ++next) {
            body_.clear();
            codec::encodeProbe(body_, i, trace->probes[next], ids);
            const uint8_t tag = tstrace::kProbe;
            append(&tag, 1);
            append(body_.data(), body_.size());
            ++records_;
        }
    }
}

void TstraceWriter::end() {
    uint8_t* p = room(1 + codec::kMaxVarint);
    *p++ = tstrace::kEnd;
    commit(putVarint(p, uint64_t(records_)));
}

}  // namespace ts
