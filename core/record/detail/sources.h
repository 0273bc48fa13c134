// The two kinds of trace source behind openTraceSource (record/trace_source.h).
#pragma once
#include <memory>
#include <string>

#include "record/detail/byte_input.h"
#include "record/trace_source.h"

namespace ts {

std::unique_ptr<TraceSource> openJsonTraceSource(std::unique_ptr<ByteInput> in, std::string* error,
                                                 const TraceLimits& limits);
// `magic`: the first bytes, already read from `in`.
std::unique_ptr<TraceSource> openCompactTraceSource(std::unique_ptr<ByteInput> in,
                                                    std::string* error, const TraceLimits& limits);

}  // namespace ts
