#include "record/recorded_trace.h"

#include "base/short_text.h"
#include "record/detail/state_fields.h"
#include "record/detail/trace_codec.h"

namespace ts {

namespace {

struct Interner final : codec::StringIds {
    explicit Interner(TraceStrings& s) : strings(s) {}
    uint32_t id(const std::string& s) override { return strings.id(s); }
    TraceStrings& strings;
};

struct Lookup final : codec::StringTable {
    explicit Lookup(const TraceStrings& s) : strings(s) {}
    const std::string* text(uint64_t id) const override {
        return id < strings.size() ? &strings.text(uint32_t(id)) : nullptr;
    }
    const TraceStrings& strings;
};

}  // namespace

uint32_t TraceStrings::id(const std::string& s) {
    auto it = ids_.find(s);
    if (it != ids_.end()) return it->second;
    const uint32_t id = uint32_t(texts_.size());
    texts_.push_back(s);
    ids_.emplace(s, id);
    memory_ += costOf(s.size());
    return id;
}

namespace {
constexpr size_t kShortString = 15;  // held inside std::string itself (libstdc++, libc++)
}

size_t TraceStrings::costOf(size_t length) {
    return 2 * sizeof(std::string) + 4 * sizeof(void*) +
           (length > kShortString ? 2 * (length + 1) : 0);
}

size_t TraceStrings::residentBytes() const {
    size_t n = texts_.size() * (2 * sizeof(std::string) + 4 * sizeof(void*)) +
               ids_.bucket_count() * sizeof(void*);
    for (const std::string& t : texts_)
        if (t.size() > kShortString) n += 2 * (t.capacity() + 1);
    return n;
}

bool TraceField::sameValue(const TraceField& o) const {
    if (type != o.type) return false;
    if (type != Type::Number) return text == o.text;
    if (exact && o.exact) return fix == o.fix;
    return number == o.number;
}

const RecordedState* RecordedFrame::stateOf(size_t actor) const {
    for (const RecordedState& s : states)
        if (s.actor == actor) return &s;
    return nullptr;
}

RecordedTrace RecordedTrace::snapshot() const {
    RecordedTrace copy = *this;
    copy.strings_ = std::make_shared<TraceStrings>(*strings_);
    return copy;
}

int RecordedTrace::findActor(const std::string& name) const {
    for (size_t i = 0; i < actors.size(); ++i)
        if (sameShort(actors[i].name, name)) return int(i);
    return -1;
}

// Each record: varint (line delta << 1 | is probe), then its body (record/detail/trace_codec.h).
// The line delta is 0 for a frame's first record, whose line the index holds.
void RecordedTrace::append(const TraceRecord& r) {
    const int64_t line = r.isProbe ? r.probe.line : r.state.line;
    int64_t delta = 0;
    if (frames_.empty() || r.frame != frames_.back().frame) {
        frames_.push_back(FrameEntry{r.frame, bytes_.size(), line});
        lastLine_ = line;
    } else {
        delta = line - lastLine_;
        lastLine_ = line;
    }
    codec::appendVarint(bytes_, uint64_t(delta) << 1 | (r.isProbe ? 1 : 0));
    if (!r.isProbe) {
        if (stateFrames_.size() <= r.state.actor) stateFrames_.resize(r.state.actor + 1);
        stateFrames_[r.state.actor].push_back(uint32_t(frames_.size() - 1));
    }
    Interner ids(*strings_);
    if (r.isProbe)
        codec::encodeProbe(bytes_, uint64_t(r.probe.probe.actor), r.probe.probe, ids);
    else
        codec::encodeState(bytes_, r.state.actor, r.state.fields, ids, true);
}

RecordedFrame RecordedTrace::frame(size_t i) const {
    RecordedFrame out;
    const FrameEntry& e = frames_[i];
    out.frame = e.frame;
    const uint8_t* p = bytes_.data() + e.offset;
    const uint8_t* end =
        bytes_.data() + (i + 1 < frames_.size() ? frames_[i + 1].offset : bytes_.size());
    int64_t line = e.firstLine;
    const Lookup strings(*strings_);
    while (p < end) {
        uint64_t head = 0;
        codec::getVarint(p, end, &head);
        line += int64_t(head >> 1);
        uint64_t actor = 0;
        if (head & 1) {
            RecordedProbe rp;
            rp.line = line;
            codec::decodeProbe(p, end, strings, &actor, &rp.probe);
            rp.probe.actor = int32_t(actor);
            out.probes.push_back(rp);
        } else {
            RecordedState rs;
            rs.line = line;
            codec::decodeState(p, end, strings, SIZE_MAX, &actor, &rs.fields, true);
            rs.actor = size_t(actor);
            if (rs.actor < actors.size()) {
                rs.state.w = int32_t(actors[rs.actor].w);
                rs.state.h = int32_t(actors[rs.actor].h);
            }
            stateFromFields(rs.fields, &rs.state);
            out.states.push_back(std::move(rs));
        }
    }
    return out;
}

const std::vector<uint32_t>& RecordedTrace::stateFrames(size_t actor) const {
    static const std::vector<uint32_t> kNone;
    return actor < stateFrames_.size() ? stateFrames_[actor] : kNone;
}

void RecordedTrace::shrink() {
    frames_.shrink_to_fit();
    for (std::vector<uint32_t>& f : stateFrames_) f.shrink_to_fit();
    bytes_.shrink_to_fit();
}

size_t RecordedTrace::residentBytes() const {
    size_t n =
        frames_.capacity() * sizeof(FrameEntry) + bytes_.capacity() + strings_->residentBytes();
    for (const std::vector<uint32_t>& f : stateFrames_) n += f.capacity() * sizeof(uint32_t);
    return n;
}

}  // namespace ts
