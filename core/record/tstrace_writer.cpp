#include "record/tstrace_writer.h"

#include <algorithm>
#include <cstring>

#include "base/json_line.h"
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
    uint8_t buf[1 + codec::kMaxVarint];
    buf[0] = tstrace::kFrame;
    append(buf, size_t(putVarint(buf + 1, uint64_t(frame - std::max<int64_t>(frame_, 0))) - buf));
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

// The fields TraceWriter::state writes, in its order, then the model's own from its
// describe text (`,"key":value` each); strings are interned in the order the generic
// path meets them, so that run and convert write the same bytes.
void TstraceWriter::append(const void* data, size_t n) {
    uint8_t* p = room(n);
    std::memcpy(p, data, n);
    commit(p + n);
}

void TstraceWriter::state(size_t actor, MoverKind kind, const MoverState& s) {
    describe_.clear();
    moverInfo(kind).describe(s, describe_);
    if (!fastState(actor, s)) slowState(actor, kind, s);
    ++records_;
}

// A state whose every string is in the caches already (all but an actor's first lines):
// written straight into the buffer. False, with nothing written, on anything new.
bool TstraceWriter::fastState(size_t actor, const MoverState& s) {
    const int facing = facingIndex(s.facing);
    if (actor >= keys_.size() || fixedIds_[6] < 0 || facingIds_[facing] < 0) return false;
    const std::vector<Known>& keys = keys_[actor];
    const std::vector<Known>& names = names_[actor];
    const std::string_view text = describe_.text();
    constexpr uint64_t kShift = codec::kFieldTypeBits;
    // Each model field's text (`,"k":v`, 6 bytes or more) becomes at most 20 bytes.
    uint8_t* const start = room(16 + 7 * 2 * codec::kMaxVarint + 4 * text.size());
    uint8_t* p = start;
    *p++ = tstrace::kState;
    p = putVarint(p, actor);
    uint8_t* const count = p++;
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
    size_t slot = 0, i = 0;
    while (i < text.size()) {
        if (slot >= keys.size() || slot + 7 >= 128) return false;
        const std::string& key = keys[slot].text;
        // `,"key":` as cached
        if (text.size() - i < key.size() + 4 || text[i] != ',' || text[i + 1] != '"' ||
            text.compare(i + 2, key.size(), key) != 0 || text[i + 2 + key.size()] != '"' ||
            text[i + 3 + key.size()] != ':')
            return false;
        const uint64_t k = uint64_t(keys[slot].id) << kShift;
        const size_t v = i + 4 + key.size();
        size_t vEnd = text.find(",\"", v);
        if (vEnd == std::string_view::npos) vEnd = text.size();
        const std::string_view value = text.substr(v, vEnd - v);
        int64_t raw = 0;
        if (value == "true" || value == "false") {
            p = putVarint(p, k | (value[0] == 't' ? codec::kTrue : codec::kFalse));
        } else if (!value.empty() && value.front() == '"') {
            if (slot >= names.size() || names[slot].id == UINT32_MAX ||
                value.size() != names[slot].text.size() + 2 ||
                value.compare(1, names[slot].text.size(), names[slot].text) != 0 ||
                value.back() != '"')
                return false;
            p = putVarint(p, k | codec::kString);
            p = putVarint(p, names[slot].id);
        } else if (canonicalFixText(value.data(), value.size(), &raw)) {
            p = putVarint(p, k | codec::kFix);
            p = putVarint(p, codec::zigzag(raw));
        } else {
            return false;
        }
        ++slot;
        i = vEnd;
    }
    *count = uint8_t(7 + slot);
    commit(p);
    return true;
}

// The same record through the string table, adding what is new (and filling the caches).
void TstraceWriter::slowState(size_t actor, MoverKind kind, const MoverState& s) {
    body_.clear();
    uint8_t* p;
    auto reserve = [&](size_t n) {
        const size_t at = body_.size();
        body_.resize(at + n);
        return body_.data() + at;
    };
    auto commit = [&](uint8_t* q) { body_.resize(size_t(q - body_.data())); };
    constexpr uint64_t kShift = codec::kFieldTypeBits;
    p = reserve(2 * codec::kMaxVarint);
    p = putVarint(p, actor);
    const size_t count = size_t(p - body_.data());  // 7 + the model's fields: under 128, a byte
    commit(p + 1);
    const Fix fixes[4] = {s.x, s.y, s.vx, s.vy};
    for (int i = 0; i < 4; ++i) {
        const uint32_t k = cachedId(&fixedIds_[i], kFixedKeys[i]);
        p = reserve(2 * codec::kMaxVarint);
        p = putVarint(p, uint64_t(k) << kShift | codec::kFix);
        commit(putVarint(p, codec::zigzag(fixes[i].raw)));
    }
    auto boolean = [&](int i, bool v) {
        const uint32_t k = cachedId(&fixedIds_[i], kFixedKeys[i]);
        p = reserve(codec::kMaxVarint);
        commit(putVarint(p, uint64_t(k) << kShift | (v ? codec::kTrue : codec::kFalse)));
    };
    boolean(4, s.grounded);
    {
        const uint32_t k = cachedId(&fixedIds_[5], kFixedKeys[5]);
        const int f = facingIndex(s.facing);
        const uint32_t v = cachedId(&facingIds_[f], kFacings[f]);
        p = reserve(2 * codec::kMaxVarint);
        p = putVarint(p, uint64_t(k) << kShift | codec::kString);
        commit(putVarint(p, v));
    }
    boolean(6, s.pushing);
    if (keys_.size() <= actor) {
        keys_.resize(actor + 1);
        names_.resize(actor + 1);
    }
    std::vector<Known>& keys = keys_[actor];
    std::vector<Known>& names = names_[actor];
    const std::string_view text = describe_.text();
    size_t fields = 7, i = 0;
    auto known = [&](std::vector<Known>& cache, size_t slot, std::string_view t) {
        if (cache.size() <= slot) cache.resize(slot + 1, Known{"", UINT32_MAX});
        Known& c = cache[slot];
        if (c.id == UINT32_MAX || c.text != t) {
            c.text.assign(t.data(), t.size());
            c.id = id(t);
        }
        return c.id;
    };
    bool ok = true;
    while (ok && i < text.size()) {
        // `,"key":`
        ok = text.compare(i, 2, ",\"") == 0;
        const size_t keyStart = i + 2;
        const size_t keyEnd = ok ? text.find('"', keyStart) : std::string_view::npos;
        ok = ok && keyEnd != std::string_view::npos && keyEnd + 1 < text.size() &&
             text[keyEnd + 1] == ':';
        if (!ok) break;
        const size_t slot = fields - 7;
        const uint64_t k = uint64_t(known(keys, slot, text.substr(keyStart, keyEnd - keyStart)))
                           << kShift;
        size_t v = keyEnd + 2;
        size_t vEnd = text.find(",\"", v);
        if (vEnd == std::string_view::npos) vEnd = text.size();
        const std::string_view value = text.substr(v, vEnd - v);
        p = reserve(2 * codec::kMaxVarint);
        int64_t raw = 0;
        if (value == "true" || value == "false") {
            p = putVarint(p, k | (value[0] == 't' ? codec::kTrue : codec::kFalse));
        } else if (value.size() >= 2 && value.front() == '"' && value.back() == '"' &&
                   value.find('\\') == std::string_view::npos) {
            p = putVarint(p, k | codec::kString);
            p = putVarint(p, known(names, slot, value.substr(1, value.size() - 2)));
        } else if (canonicalFixText(value.data(), value.size(), &raw)) {
            p = putVarint(p, k | codec::kFix);
            p = putVarint(p, codec::zigzag(raw));
        } else {
            ok = false;
            break;
        }
        commit(p);
        ++fields;
        i = vEnd;
    }
    if (!ok || fields >= 128) {
        // Text the fast path does not know: the generic path over the state line as parsed.
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
    } else {
        body_[count] = uint8_t(fields);
    }
    const uint8_t tag = tstrace::kState;
    append(&tag, 1);
    append(body_.data(), body_.size());
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
