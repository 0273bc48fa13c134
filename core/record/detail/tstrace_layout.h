// The .tstrace layout (docs/trace-format.md, "Compact format"): an 8-byte magic, a
// little-endian u32 format version and u32 header length, the header as JSON text, then
// tagged records up to an end record.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ts::tstrace {

constexpr char kMagic[8] = {'t', 's', 't', 'r', 'a', 'c', 'e', '\0'};
// The newest version this tilestep reads and writes; version 1 files lack kStateDelta.
constexpr uint32_t kVersion = 2;

enum Tag : uint8_t {
    kString = 1,  // varint length, bytes: the next string id (0, 1, ...)
    kActor = 2,   // varint name id: the next actor after those the header and earlier ones named
    kFrame = 3,   // varint delta: the frame of the records that follow (previous + delta)
    kState = 4,   // a state line (record/detail/trace_codec.h)
    kProbe = 5,   // a probe line
    kEnd = 6,     // varint: how many state and probe records came before; nothing follows
    // Version 2: varint actor, varint mask of the fields that differ from the actor's previous
    // state record, then each such field's type and value (a number as a delta).
    kStateDelta = 7,
};

// A state or probe record is never longer than this (256 fields of two 10-byte varints).
constexpr size_t kMaxRecordBytes = 8192;
// Caps a reader holds every file to, before allocating (and TraceLimits::maxStringMemory:
// what the strings cost held).
constexpr uint64_t kMaxStrings = uint64_t(1) << 24;
// A state delta's mask is one varint: records with more fields are written whole.
constexpr size_t kMaxDeltaFields = 64;

}  // namespace ts::tstrace
