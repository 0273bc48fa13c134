// A trace held in memory written back as a file: `tilestep view`'s File > Save recording as,
// also while a live game is still streaming into it (issue 21, "the recording can be saved").
#pragma once
#include <cstddef>
#include <string>

#include "record/recorded_trace.h"

namespace ts {

// Writes the first `frames` frames of `t` (its header, then every line in the order it was
// read) to `out`: compact .tstrace when `out` ends in .tstrace, JSON lines otherwise; atomically
// (the previous file stays whole on failure). False with *error ("OUT: ...").
bool saveRecordedTrace(const RecordedTrace& t, size_t frames, const std::string& out,
                       std::string* error);

}  // namespace ts
