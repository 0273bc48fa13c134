// `tilestep convert` between the two trace forms (docs/trace-format.md): JSON lines, the
// interchange format, and the compact .tstrace. Streams: one record in memory at a time.
#pragma once
#include <string>

namespace ts {

// A path a trace conversion reads or writes: `.tstrace`, `.jsonl`.
bool isTracePath(const std::string& path);
// Reads `in` (either form, told by its content) and writes `out` in the form its
// extension names, atomically. False with *error ("IN: line 3: ..." / "OUT: ...").
bool convertTrace(const std::string& in, const std::string& out, std::string* error);

}  // namespace ts
