// Reads a trace file (docs/trace-format.md: JSON lines or .tstrace) written by `tilestep
// run`, the debugger or any game through include/tilestep/trace_emit.h, into frames the
// viewer uses without re-simulating (core/record/trace_source.h reads one record at a time,
// core/record/trace_stream.h takes a live stream's bytes). Bad or
// truncated traces give an error naming the file, the line and the field; sizes are capped so that
// no file can exhaust memory.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "base/fixed.h"
#include "movers/mover.h"
#include "trace/trace.h"
#include "record/recorded_trace.h"
#include "record/trace_format.h"

namespace ts {

// Caps on what a trace may hold (a larger file is an error, not a slow death).
struct TraceLimits {
    size_t maxLineBytes = size_t(1) << 20;
    size_t maxActors = 4096;
    int64_t maxFrames = 20000000;
    int64_t maxProbes = 20000000;
    size_t maxFieldsPerLine = 256;
    // What the distinct strings (keys, text values, number texts kept as written, actor names,
    // probe kinds) may take in memory, counted at what each costs there (a string object and
    // its index entry even when empty), not by its bytes in the file: 2^24 empty strings are
    // 32 MiB of .tstrace but would be over 1 GiB held.
    size_t maxStringMemory = size_t(64) << 20;
};

// Parses trace text; `name` prefixes errors ("NAME: line 3: field \"x\": expected a
// number, got a string").
bool parseTrace(const std::string& text, const std::string& name, RecordedTrace* out,
                std::string* error, const TraceLimits& limits = {});
// Reads and parses a file, JSON lines or .tstrace (told apart by the .tstrace magic bytes).
bool readTrace(const std::string& path, RecordedTrace* out, std::string* error,
               const TraceLimits& limits = {});

// "the trace's distinct strings (...) would take more than 64 MiB of memory, the most a trace
// may hold".
std::string stringMemoryProblem(const TraceLimits& limits);

// Parses a JSON number literal into a field (exact when a whole multiple of 1/65536).
// False when it is outside +-2^46 (what a 48.16 position can hold).
bool parseTraceNumber(const std::string& literal, TraceField* out);

// What a refused line was, when it is what a game does on a level restart (a live stream
// takes it as a new segment, app/cli/trace_listener): typed, so that no caller matches the
// error's words.
enum class TraceLineFault {
    Other,         // any other problem (or none)
    FrameBack,     // a frame number smaller than the last ("frames must not go back")
    SecondHeader,  // a header line after the first
};

}  // namespace ts
