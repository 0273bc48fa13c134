// The record encoding shared by .tstrace files and RecordedTrace's memory
// (docs/trace-format.md, "Compact format"): LEB128 varints, zigzag for signed values.
// Decoding never reads past `end` and reports where it stopped.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ts::codec {

// The kinds of value a state field holds, the low 3 bits of its key varint.
enum FieldType : uint8_t {
    kNull = 0,
    kFalse = 1,
    kTrue = 2,
    kFix = 3,
    kLiteral = 4,
    kString = 5,
    // In memory only (RecordedTrace), never in a .tstrace file: a number
    // written as emitters print a double (inlineNumber below).
    kInline = 6
};
constexpr uint64_t kFieldTypeBits = 3;

inline uint64_t zigzag(int64_t v) {
    return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}
inline int64_t unzigzag(uint64_t v) {
    return int64_t(v >> 1) ^ -int64_t(v & 1);
}

inline uint8_t* putVarint(uint8_t* p, uint64_t v) {
    while (v >= 0x80) {
        *p++ = uint8_t(v | 0x80);
        v >>= 7;
    }
    *p++ = uint8_t(v);
    return p;
}
constexpr size_t kMaxVarint = 10;

inline void appendVarint(std::vector<uint8_t>& out, uint64_t v) {
    uint8_t buf[kMaxVarint];
    out.insert(out.end(), buf, putVarint(buf, v));
}

// Reads a varint; false (p unchanged) when it runs past end or over 10 bytes.
inline bool getVarint(const uint8_t*& p, const uint8_t* end, uint64_t* out) {
    uint64_t v = 0;
    const uint8_t* q = p;
    for (int shift = 0; shift < 70; shift += 7) {
        if (q == end) return false;
        const uint8_t b = *q++;
        if (shift == 63 && b > 1) return false;
        v |= uint64_t(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = v;
            p = q;
            return true;
        }
    }
    return false;
}

}  // namespace ts::codec

namespace ts {
struct TraceField;
struct Probe;
}  // namespace ts

namespace ts::codec {

// Interns a string (key, string value, literal, probe text) and gives its id.
struct StringIds {
    virtual ~StringIds() = default;
    virtual uint32_t id(const std::string& s) = 0;
};
// Looks a string up by id; null when the id is unknown.
struct StringTable {
    virtual ~StringTable() = default;
    virtual const std::string* text(uint64_t id) const = 0;
};

// A state record's body: varint actor, varint field count, each field as varint
// (key id << 3 | FieldType) and its value.
// With `inlineNumbers` (RecordedTrace's memory, not a file), a number literal that is a double
// as the emitters print it (its shortest text: Python's repr, JavaScript; "%.17g": C) is held
// as the double's bits (kInline: a form byte, then 4 bytes when the value is a float's, else 8),
// not as an interned string: a game with float positions writes new literals on almost every
// line, and a string table entry costs about 150 bytes.
void encodeState(std::vector<uint8_t>& out, uint64_t actor, const std::vector<TraceField>& fields,
                 StringIds& ids, bool inlineNumbers = false);
// A probe record's body: varint actor, byte shape | verdict << 4, varint why id, then the
// shape's 2 or 4 coordinates as zigzag varints of their 1/65536 raw values.
void encodeProbe(std::vector<uint8_t>& out, uint64_t actor, const Probe& p, StringIds& ids);

// Decoding: "" or the problem ("field count 900 is over 256"); *p advanced past the body.
std::string decodeState(const uint8_t*& p, const uint8_t* end, const StringTable& strings,
                        size_t maxFields, uint64_t* actor, std::vector<TraceField>* fields,
                        bool inlineNumbers = false);
// One field's value of a type 0 to 5 (not kInline), `v` its varint (0 for types without
// one); the key is left as it is. "" or the problem ("unknown string 7").
std::string decodeValue(uint64_t type, uint64_t v, const StringTable& strings, TraceField* out);
std::string decodeProbe(const uint8_t*& p, const uint8_t* end, const StringTable& strings,
                        uint64_t* actor, Probe* out);

// Coordinates a probe of this shape holds (2 or 4).
int probeCoordinates(uint8_t shape);

}  // namespace ts::codec
