#include "record/tstrace_writer.h"

#include <algorithm>
#include <cstring>

#include "base/json_line.h"
#include "base/short_text.h"
#include "movers/builtin_fields.h"
#include "record/detail/same_state.h"
#include "record/detail/state_fields.h"
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

TstraceWriter::TstraceWriter(uint32_t version)
    : version_(std::clamp<uint32_t>(version, 1, tstrace::kVersion)) {
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
    putU32(start + 8, version_);
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
    ++records_;
    if (!r.isProbe) {
        columns(r.state.fields);
        putState(actor, kt_.data(), val_.data(), kt_.size());
        return;
    }
    body_.clear();
    Ids ids(*this);
    codec::encodeProbe(body_, actor, r.probe.probe, ids);
    const uint8_t tag = tstrace::kProbe;
    append(&tag, 1);
    append(body_.data(), body_.size());
}

// Interns in the order encodeState does (a key, then its value's text), so that run and
// convert write the same bytes.
void TstraceWriter::columns(const std::vector<TraceField>& fields) {
    kt_.clear();
    val_.clear();
    for (const TraceField& f : fields) {
        const uint64_t key = uint64_t(id(f.key)) << codec::kFieldTypeBits;
        uint64_t type = codec::kNull, val = 0;
        switch (f.type) {
            case TraceField::Type::Null:
                break;
            case TraceField::Type::Bool:
                type = f.text == "true" ? codec::kTrue : codec::kFalse;
                break;
            case TraceField::Type::String:
                type = codec::kString;
                val = id(f.text);
                break;
            case TraceField::Type::Number:
                if (isCanonicalFix(f)) {
                    type = codec::kFix;
                    val = uint64_t(f.fix.raw);
                } else {
                    type = codec::kLiteral;
                    val = id(f.text);
                }
                break;
        }
        kt_.push_back(key | type);
        val_.push_back(val);
    }
}

void TstraceWriter::putState(size_t actor, const uint64_t* kt, const uint64_t* val, size_t n) {
    using codec::kFix;
    using codec::kLiteral;
    constexpr uint64_t kTypeMask = (1u << codec::kFieldTypeBits) - 1;
    static_assert(Base::kMax == tstrace::kMaxDeltaFields, "a delta's mask is 64 bits");
    if (bases_.size() <= actor) bases_.resize(actor + 1);
    Base& b = bases_[actor];
    uint8_t* p = room(2 * codec::kMaxVarint + n * (1 + 2 * codec::kMaxVarint));
    if (version_ >= 2 && b.set && b.n == n) {
        // Which fields changed, and whether any key did (then the record is written whole).
        uint64_t mask = 0, keys = 0;
        for (size_t i = 0; i < n; ++i) {
            keys |= (b.kt[i] ^ kt[i]) >> codec::kFieldTypeBits;
            mask |= uint64_t((b.kt[i] != kt[i]) | (b.val[i] != val[i])) << i;
        }
        if (!keys) {
            *p++ = tstrace::kStateDelta;
            p = putVarint(p, actor);
            p = putVarint(p, mask);
            for (; mask; mask &= mask - 1) {
                const size_t i = size_t(__builtin_ctzll(mask));
                const uint64_t type = kt[i] & kTypeMask;
                *p++ = uint8_t(type);
                if (type == kFix)  // a number's change: small when it moves by little
                    p = putVarint(
                        p, codec::zigzag(int64_t((b.kt[i] & kTypeMask) == kFix ? val[i] - b.val[i]
                                                                               : val[i])));
                else if (type >= kLiteral)
                    p = putVarint(p, val[i]);
                b.kt[i] = kt[i];
                b.val[i] = val[i];
            }
            commit(p);
            return;
        }
    }
    *p++ = tstrace::kState;
    p = putVarint(p, actor);
    p = putVarint(p, n);
    for (size_t i = 0; i < n; ++i) {
        const uint64_t type = kt[i] & kTypeMask;
        p = putVarint(p, kt[i]);
        if (type == kFix)
            p = putVarint(p, codec::zigzag(int64_t(val[i])));
        else if (type >= kLiteral)
            p = putVarint(p, val[i]);
    }
    commit(p);
    b.set = version_ >= 2 && n <= Base::kMax;
    if (!b.set) return;
    b.n = n;
    std::memcpy(b.kt, kt, n * sizeof *kt);
    std::memcpy(b.val, val, n * sizeof *val);
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

// A built-in mover's own fields as writeDelta compares them (the codec's type and raw
// value), straight from movers/builtin_fields.h: no describe call through the registry and no
// keys to check, as a built-in's keys never change. Their values are MoverState's 32-bit
// timer and aux, and fractions: always plain numbers (what fieldRaw would check).
struct DeltaFields {
    uint8_t codes[ModelFields::kMax];
    uint64_t vals[ModelFields::kMax];
    size_t n = 0;
    template <class Int>
    void intField(const char*, Int v) {
        static_assert(sizeof(Int) <= 4, "a wider counter needs fieldRaw's range check");
        codes[n] = codec::kFix;
        vals[n++] = uint64_t(int64_t(v)) << 16;
    }
    void fixField(const char*, Fix v) {
        codes[n] = codec::kFix;
        vals[n++] = uint64_t(v.raw);
    }
};

bool builtinDeltaFields(MoverKind kind, const MoverState& s, DeltaFields* out) {
    switch (kind) {
        case MoverKind::PixelSweep:
            pixelSweepFields(s, *out);
            return true;
        case MoverKind::TopDownAabb:
            topdownAabbFields(s, *out);
            return true;
        case MoverKind::ScanlineSlide:
            scanlineSlideFields(s, *out);
            return true;
        default:
            return false;
    }
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
    if (version_ >= 2 && known.info == &info && sameState(known.last, s)) {
        uint8_t* p = room(2 + codec::kMaxVarint);
        *p++ = tstrace::kStateDelta;
        p = putVarint(p, actor);
        *p++ = 0;  // nothing changed
        commit(p);
        ++records_;
        return;
    }
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
    const int facing = facingIndex(s.facing);
    // Most of `run`'s records: a built-in mover's change since a record of this path.
    if (version_ >= 2 && known_[actor].delta && known_[actor].info == &info &&
        facingIds_[facing] >= 0) {
        DeltaFields d;
        if (builtinDeltaFields(kind, s, &d) && d.n == known_[actor].n) {
            const size_t at = used_;
            writeDelta(actor, known_[actor], s, facing, d.codes, d.vals, d.n);
            return at;
        }
    }
    fields_.clear();
    info.describe(s, fields_);
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
    bool keysChanged = false;
    for (size_t i = 0; i < n; ++i) {
        const ModelField& f = fields_[i];
        if ((f.type == ModelField::Type::Int || f.type == ModelField::Type::Fix)
                ? !fieldRaw(f, &raws[i])
                : f.type == ModelField::Type::Name && !plainName(f.name)) {
            return genericState(actor, kind, s);
        }
        Known& key = known.keys[i];
        if (key.id != UINT32_MAX && sameShort(key.text, f.key)) {
            keyIds[i] = key.id;
        } else {
            keyIds[i] = learn(key, f.key);
            keysChanged = true;
        }
        if (f.type == ModelField::Type::Name) {
            Known& name = known.names[i];
            nameIds[i] = name.id != UINT32_MAX && sameShort(name.text, f.name)
                             ? name.id
                             : learn(name, f.name);
        }
    }
    // The model's fields as the delta compares them: a value's type and its raw value or id.
    uint8_t codes[ModelFields::kMax];
    uint64_t vals[ModelFields::kMax];
    for (size_t i = 0; i < n; ++i) {
        switch (fields_[i].type) {
            case ModelField::Type::Int:
            case ModelField::Type::Fix:
                codes[i] = codec::kFix;
                vals[i] = uint64_t(raws[i]);
                break;
            case ModelField::Type::Bool:
                codes[i] = fields_[i].value ? codec::kTrue : codec::kFalse;
                vals[i] = 0;
                break;
            case ModelField::Type::Name:
                codes[i] = codec::kString;
                vals[i] = nameIds[i];
                break;
        }
    }
    if (version_ >= 2 && known.delta && known.n == n && !keysChanged) {
        const size_t at = used_;
        writeDelta(actor, known, s, facing, codes, vals, n);
        return at;
    }
    std::memcpy(known.codes, codes, n);
    std::memcpy(known.vals, vals, n * sizeof *vals);
    known.n = n;
    known.delta = version_ >= 2;
    known.facing = facing;
    constexpr uint64_t kShift = codec::kFieldTypeBits;
    uint64_t kt[7 + ModelFields::kMax], val[7 + ModelFields::kMax];
    const Fix fixes[4] = {s.x, s.y, s.vx, s.vy};
    for (int i = 0; i < 4; ++i) {
        kt[i] = uint64_t(fixedIds_[i]) << kShift | codec::kFix;
        val[i] = uint64_t(fixes[i].raw);
    }
    kt[4] = uint64_t(fixedIds_[4]) << kShift | (s.grounded ? codec::kTrue : codec::kFalse);
    val[4] = 0;
    kt[5] = uint64_t(fixedIds_[5]) << kShift | codec::kString;
    val[5] = uint64_t(facingIds_[facing]);
    kt[6] = uint64_t(fixedIds_[6]) << kShift | (s.pushing ? codec::kTrue : codec::kFalse);
    val[6] = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint64_t k = uint64_t(keyIds[i]) << kShift;
        uint64_t& t = kt[7 + i];
        uint64_t& v = val[7 + i];
        v = 0;
        switch (fields_[i].type) {
            case ModelField::Type::Int:
            case ModelField::Type::Fix:
                t = k | codec::kFix;
                v = uint64_t(raws[i]);
                break;
            case ModelField::Type::Bool:
                t = k | (fields_[i].value ? codec::kTrue : codec::kFalse);
                break;
            case ModelField::Type::Name:
                t = k | codec::kString;
                v = nameIds[i];
                break;
        }
    }
    if (actor < bases_.size()) bases_[actor].set = false;  // whole: writeDelta's are newer
    const size_t at = used_;
    putState(actor, kt, val, 7 + n);
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
    columns(r.state.fields);
    known_[actor].delta = false;  // the next record is a change of this one's fields
    if (actor < bases_.size()) bases_[actor].set = false;
    const size_t at = used_;
    putState(actor, kt_.data(), val_.data(), kt_.size());
    return at;
}

// The fields that changed since the actor's previous record, which writeState wrote with the
// same keys: the fixed ones compared with the state it came from, the model's own with the
// values kept from it (putState's work without its columns, for `run`'s every line).
void TstraceWriter::writeDelta(size_t actor, ActorFields& known, const MoverState& s, int facing,
                               const uint8_t* codes, const uint64_t* vals, size_t n) {
    const MoverState& o = known.last;
    uint64_t mask = uint64_t(s.x != o.x) | uint64_t(s.y != o.y) << 1 | uint64_t(s.vx != o.vx) << 2 |
                    uint64_t(s.vy != o.vy) << 3 | uint64_t(s.grounded != o.grounded) << 4 |
                    uint64_t(facing != known.facing) << 5 | uint64_t(s.pushing != o.pushing) << 6;
    for (size_t i = 0; i < n; ++i)
        mask |= uint64_t((codes[i] != known.codes[i]) | (vals[i] != known.vals[i])) << (7 + i);
    uint8_t* p = room(2 * codec::kMaxVarint + (7 + n) * (1 + codec::kMaxVarint));
    *p++ = tstrace::kStateDelta;
    p = putVarint(p, actor);
    p = putVarint(p, mask);
    auto change = [&p](Fix now, Fix was) {
        *p++ = codec::kFix;
        p = putVarint(p, codec::zigzag(int64_t(uint64_t(now.raw) - uint64_t(was.raw))));
    };
    if (mask & 0x7f) {
        if (mask & 1) change(s.x, o.x);
        if (mask & 2) change(s.y, o.y);
        if (mask & 4) change(s.vx, o.vx);
        if (mask & 8) change(s.vy, o.vy);
        if (mask & 16) *p++ = s.grounded ? codec::kTrue : codec::kFalse;
        if (mask & 32) {
            *p++ = codec::kString;
            p = putVarint(p, uint64_t(facingIds_[facing]));
        }
        if (mask & 64) *p++ = s.pushing ? codec::kTrue : codec::kFalse;
    }
    for (mask >>= 7; mask; mask &= mask - 1) {
        const size_t i = size_t(__builtin_ctzll(mask));
        *p++ = codes[i];
        if (codes[i] == codec::kFix)
            p = putVarint(
                p, codec::zigzag(
                       int64_t(known.codes[i] == codec::kFix ? vals[i] - known.vals[i] : vals[i])));
        else if (codes[i] == codec::kString)
            p = putVarint(p, vals[i]);
        known.codes[i] = codes[i];
        known.vals[i] = vals[i];
    }
    commit(p);
    known.facing = facing;
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
