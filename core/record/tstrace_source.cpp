// Reads .tstrace files (record/detail/tstrace_layout.h) one record at a time. Every count
// and length is checked against the limits before anything is allocated, and every error
// names the byte offset where the bad record starts.
#include <deque>

#include "record/detail/sources.h"
#include "record/detail/trace_codec.h"
#include "record/detail/trace_parser.h"
#include "record/detail/tstrace_layout.h"

namespace ts {

namespace {

constexpr int64_t kMaxFrameNumber = int64_t(1) << 53;

class CompactTraceSource final : public TraceSource, codec::StringTable {
  public:
    CompactTraceSource(std::unique_ptr<ByteInput> in, const TraceLimits& limits)
        : in_(std::move(in)), limits_(limits), parser_(&meta_, limits, [this](TraceRecord& r) {
              if (out_ != &r) *out_ = r;
          }) {}

    bool compact() const override { return true; }

    const std::string* text(uint64_t id) const override {
        return id < strings_.size() ? &strings_[size_t(id)] : nullptr;
    }

    bool start(std::string* error) {
        if (!ensure(16, error)) return false;
        if (avail() < 16 || std::memcmp(at(), tstrace::kMagic, 8) != 0)
            return fail(0, "not a .tstrace file (no magic bytes)", error);
        const uint32_t version = u32(at() + 8);
        const uint32_t length = u32(at() + 12);
        version_ = version;
        if (version == 0 || version > tstrace::kVersion)
            return fail(8,
                        "format version " + std::to_string(version) +
                            " is newer than this tilestep reads (" +
                            std::to_string(tstrace::kVersion) + ")",
                        error);
        if (length > limits_.maxLineBytes)
            return fail(12,
                        "header length " + std::to_string(length) + " is over " +
                            std::to_string(limits_.maxLineBytes) + " bytes",
                        error);
        pos_ += 16;
        if (!ensure(length, error)) return false;
        if (avail() < length)
            return fail(16, "the file ends inside the header (truncated?)", error);
        std::string problem;
        if (!parser_.line(reinterpret_cast<const char*>(at()), length, 1, &problem))
            return fail(16, "header: " + problem, error);
        pos_ += length;
        return true;
    }

    int next(TraceRecord* r, std::string* error) override {
        out_ = r;
        for (;;) {
            if (ended_) return 0;
            if (!ensure(tstrace::kMaxRecordBytes, error)) return -1;
            const uint64_t start = offset();
            if (avail() == 0)
                return fail(start, "the file ends without its end record (truncated?)", error), -1;
            const uint8_t tag = *at();
            ++pos_;
            const uint8_t* p = at();
            const uint8_t* end = p + avail();
            uint64_t v = 0;
            auto cut = [&](const char* what) {
                return fail(start, std::string(what) + ": cut off (truncated?)", error), -1;
            };
            switch (tag) {
                case tstrace::kString: {
                    if (!codec::getVarint(p, end, &v)) return cut("string");
                    if (v > limits_.maxLineBytes)
                        return fail(start,
                                    "string length " + std::to_string(v) + " is over " +
                                        std::to_string(limits_.maxLineBytes) + " bytes",
                                    error),
                               -1;
                    // Counted at what each costs held (a string object even when empty),
                    // not at its bytes in the file: 2^24 empty strings are 32 MiB of file.
                    const uint64_t cost = sizeof(std::string) + (v > 15 ? v + 1 : 0);
                    if (strings_.size() >= tstrace::kMaxStrings)
                        return fail(
                                   start,
                                   "more than " + std::to_string(tstrace::kMaxStrings) + " strings",
                                   error),
                               -1;
                    if (stringBytes_ + cost > limits_.maxStringMemory)
                        return fail(start,
                                    "string " + std::to_string(strings_.size()) + ": " +
                                        stringMemoryProblem(limits_),
                                    error),
                               -1;
                    pos_ = size_t(p - buf_.data());
                    if (!ensure(size_t(v), error)) return -1;
                    if (avail() < v) return cut("string");
                    strings_.emplace_back(reinterpret_cast<const char*>(at()), size_t(v));
                    stringBytes_ += cost;
                    pos_ += size_t(v);
                    continue;
                }
                case tstrace::kActor: {
                    if (!codec::getVarint(p, end, &v)) return cut("actor");
                    const std::string* name = text(v);
                    if (!name || name->empty())
                        return fail(start, "actor: unknown name string " + std::to_string(v),
                                    error),
                               -1;
                    if (meta_.findActor(*name) >= 0)
                        return fail(start, "actor: '" + *name + "' named twice", error), -1;
                    std::string problem;
                    if (parser_.actorIndex(*name, &problem) < 0)
                        return fail(start, problem, error), -1;
                    pos_ = size_t(p - buf_.data());
                    continue;
                }
                case tstrace::kFrame:
                    if (!codec::getVarint(p, end, &v)) return cut("frame");
                    if (v > uint64_t(kMaxFrameNumber - std::max<int64_t>(frame_, 0)))
                        return fail(start, "frame: past 2^53", error), -1;
                    frame_ = std::max<int64_t>(frame_, 0) + int64_t(v);
                    pos_ = size_t(p - buf_.data());
                    continue;
                case tstrace::kStateDelta:
                case tstrace::kState:
                case tstrace::kProbe: {
                    const bool probe = tag == tstrace::kProbe;
                    if (frame_ < 0)
                        return fail(start, "a line record before any frame record", error), -1;
                    if (tag == tstrace::kStateDelta && version_ < 2)
                        return fail(start, "unknown record tag 7 (a version 2 record)", error), -1;
                    const uint8_t* body = p;
                    uint64_t actor = 0;
                    const std::string problem =
                        probe ? codec::decodeProbe(p, end, *this, &actor, &r->probe.probe)
                        : tag == tstrace::kState
                            ? codec::decodeState(p, end, *this, limits_.maxFieldsPerLine, &actor,
                                                 &r->state.fields)
                            : readDelta(p, end, &actor, &r->state.fields);
                    if (!problem.empty()) {
                        const bool cutOff = problem.size() >= 7 &&
                                            problem.compare(problem.size() - 7, 7, "cut off") == 0;
                        return fail(start,
                                    (probe ? "probe: " : "state: ") + problem +
                                        (cutOff ? " (truncated?)" : ""),
                                    error),
                               -1;
                    }
                    if (actor >= meta_.actors.size())
                        return fail(start, "actor " + std::to_string(actor) + " was not declared",
                                    error),
                               -1;
                    if (tag == tstrace::kState && version_ >= 2) {
                        remember(actor, body, p, r->state.fields);
                        if (heldBytes_ > kMaxHeldBytes)
                            return fail(start, "state: " + heldTooMuch(), error), -1;
                    }
                    pos_ = size_t(p - buf_.data());
                    r->frame = frame_;
                    r->isProbe = probe;
                    if (probe)
                        r->probe.probe.actor = int32_t(actor);
                    else
                        r->state.actor = size_t(actor);
                    parser_.setLine(++records_ + 1);
                    const std::string bad = parser_.accept(*r);
                    if (!bad.empty()) return fail(start, bad, error), -1;
                    return 1;
                }
                case tstrace::kEnd:
                    if (!codec::getVarint(p, end, &v)) return cut("end");
                    if (v != uint64_t(records_))
                        return fail(start,
                                    "end record counts " + std::to_string(v) +
                                        " lines, the file holds " + std::to_string(records_),
                                    error),
                               -1;
                    pos_ = size_t(p - buf_.data());
                    if (!ensure(1, error)) return -1;
                    if (avail() != 0)
                        return fail(offset(), "bytes after the end record", error), -1;
                    ended_ = true;
                    return 0;
                default:
                    return fail(start, "unknown record tag " + std::to_string(tag), error), -1;
            }
        }
    }

  private:
    // What a version 2 delta is of: each actor's previous state record, as read (the fields)
    // and as written (each field's type; a type 3 value's raw value, what a delta adds to).
    struct Base {
        std::vector<TraceField> fields;
        std::vector<uint8_t> types;
        std::vector<int64_t> raws;
        size_t bytes = 0;  // the fields' keys and texts
        bool set = false;
    };
    // What the bases may hold in all: a file may name a 1 MiB string in 256 fields of each of
    // 4096 actors, which held as text would be a terabyte.
    static constexpr size_t kMaxHeldBytes = size_t(64) << 20;

    // A whole state record (its body, already read into `fields`) as its actor's base.
    void remember(uint64_t actor, const uint8_t* p, const uint8_t* end,
                  const std::vector<TraceField>& fields) {
        if (bases_.size() <= actor) bases_.resize(size_t(actor) + 1);
        Base& b = bases_[size_t(actor)];
        uint64_t v = 0, n = 0;
        codec::getVarint(p, end, &v);
        codec::getVarint(p, end, &n);
        b.fields = fields;
        heldBytes_ -= b.bytes;
        b.bytes = 0;
        for (const TraceField& f : fields) b.bytes += f.key.size() + f.text.size();
        heldBytes_ += b.bytes;
        b.types.resize(size_t(n));
        b.raws.resize(size_t(n));
        for (size_t i = 0; i < n; ++i) {
            uint64_t key = 0;
            codec::getVarint(p, end, &key);
            b.types[i] = uint8_t(key & 7);
            b.raws[i] = 0;
            if (b.types[i] == codec::kFix || b.types[i] == codec::kLiteral ||
                b.types[i] == codec::kString)
                codec::getVarint(p, end, &v);
            if (b.types[i] == codec::kFix) b.raws[i] = codec::unzigzag(v);
        }
        b.set = true;
    }

    // A state delta's body: the actor's base with the changed fields read over it, into
    // `fields` (and kept as the base); "" or the problem.
    std::string readDelta(const uint8_t*& p, const uint8_t* end, uint64_t* actorOut,
                          std::vector<TraceField>* fields) {
        uint64_t actor = 0, mask = 0;
        if (!codec::getVarint(p, end, &actor)) return "actor: cut off";
        *actorOut = actor;
        if (actor >= meta_.actors.size())
            return "actor " + std::to_string(actor) + " was not declared";
        if (actor >= bases_.size() || !bases_[size_t(actor)].set)
            return "a change to actor " + std::to_string(actor) +
                   " before its first whole state record";
        Base& b = bases_[size_t(actor)];
        const size_t n = b.fields.size();
        if (!codec::getVarint(p, end, &mask)) return "field mask: cut off";
        if (n < 64 && (mask >> n) != 0)
            return "field mask " + std::to_string(mask) + " names a field past the " +
                   std::to_string(n) + " of the previous record";
        for (; mask; mask &= mask - 1) {
            const size_t i = size_t(__builtin_ctzll(mask));
            TraceField& f = b.fields[i];
            auto at = [&f] { return "field \"" + f.key + "\": "; };
            if (p == end) return at() + "cut off";
            const uint8_t type = *p++;
            if (type > codec::kString) return at() + "unknown value type " + std::to_string(type);
            uint64_t v = 0;
            if (type == codec::kFix || type == codec::kLiteral || type == codec::kString) {
                if (!codec::getVarint(p, end, &v)) return at() + "cut off";
            }
            if (type == codec::kFix) {  // a change of the base's number, modulo 2^64
                const int64_t raw = int64_t(uint64_t(codec::unzigzag(v)) +
                                            uint64_t(b.types[i] == codec::kFix ? b.raws[i] : 0));
                b.raws[i] = raw;
                v = codec::zigzag(raw);
            }
            b.types[i] = type;
            const size_t was = f.text.size();
            if (std::string problem = codec::decodeValue(type, v, *this, &f); !problem.empty())
                return at() + problem;
            b.bytes += f.text.size() - was;
            heldBytes_ += f.text.size() - was;
        }
        if (heldBytes_ > kMaxHeldBytes) return heldTooMuch();
        *fields = b.fields;
        return "";
    }

    std::string heldTooMuch() const {
        return "the actors' last states hold over " + std::to_string(kMaxHeldBytes) +
               " bytes of keys and values";
    }

    static uint32_t u32(const uint8_t* p) {
        return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    }
    const uint8_t* at() const { return buf_.data() + pos_; }
    size_t avail() const { return used_ - pos_; }
    uint64_t offset() const { return base_ + pos_; }

    bool fail(uint64_t offset, const std::string& what, std::string* error) {
        *error = in_->name() + ": offset " + std::to_string(offset) + ": " + what;
        return false;
    }

    // At least n bytes from pos_ in the buffer, unless the file ends first.
    bool ensure(size_t n, std::string* error) {
        if (avail() >= n || eof_) return true;
        if (pos_ > 0) {
            std::memmove(buf_.data(), buf_.data() + pos_, avail());
            base_ += pos_;
            used_ -= pos_;
            pos_ = 0;
        }
        const size_t want = std::max(n, kChunk);
        if (buf_.size() < want) buf_.resize(want);
        while (used_ < n && !eof_) {
            std::string why;
            const size_t k =
                in_->read(reinterpret_cast<char*>(buf_.data() + used_), buf_.size() - used_, &why);
            if (in_->failed()) {
                *error = in_->name() + ": " + why;
                return false;
            }
            used_ += k;
            eof_ = k == 0;
        }
        return true;
    }

    static constexpr size_t kChunk = size_t(1) << 16;
    std::unique_ptr<ByteInput> in_;
    TraceLimits limits_;
    TraceParser parser_;
    TraceRecord* out_ = nullptr;
    std::vector<uint8_t> buf_;
    size_t pos_ = 0, used_ = 0;
    uint64_t base_ = 0;
    bool eof_ = false, ended_ = false;
    std::deque<std::string> strings_;
    uint64_t stringBytes_ = 0;  // what strings_ costs in memory
    int64_t frame_ = -1;
    int64_t records_ = 0;
    uint32_t version_ = 1;
    std::vector<Base> bases_;
    size_t heldBytes_ = 0;  // the bases' bytes
};

}  // namespace

std::unique_ptr<TraceSource> openCompactTraceSource(std::unique_ptr<ByteInput> in,
                                                    std::string* error, const TraceLimits& limits) {
    auto s = std::make_unique<CompactTraceSource>(std::move(in), limits);
    if (!s->start(error)) return nullptr;
    return s;
}

}  // namespace ts
