// What the .tstrace tests build files from by hand and read them back with: a one-actor header,
// the fixed start of a file (docs/trace-format.md), and every record as the JSON lines
// `convert` writes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "record/trace_source.h"
#include "record/trace_writer.h"

namespace ts::tstrace_bytes {

inline const std::string kHeader =
    "{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[{\"name\":\"hero\",\"w\":12,"
    "\"h\":16,\"round\":false}]}";

inline std::string le32(uint32_t v) {
    return std::string{char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
}

inline std::string fileStart(uint32_t version) {
    return std::string("tstrace\0", 8) + le32(version) + le32(uint32_t(kHeader.size())) + kHeader;
}

inline std::string asJson(const std::string& bytes, std::string* error) {
    std::unique_ptr<TraceSource> s = traceSourceFromText(bytes, "t.tstrace", error);
    if (!s) return "";
    TraceWriter w;
    w.header(s->meta().header);
    TraceRecord r;
    int k = 0;
    while ((k = s->next(&r, error)) > 0)
        w.record(r, s->meta().actors[r.isProbe ? size_t(r.probe.probe.actor) : r.state.actor].name);
    return k == 0 ? std::string(w.text()) : "";
}

}  // namespace ts::tstrace_bytes
