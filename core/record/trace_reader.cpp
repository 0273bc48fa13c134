#include "record/trace_reader.h"

#include "record/trace_source.h"

namespace ts {

std::string stringMemoryProblem(const TraceLimits& limits) {
    return "the trace's distinct strings (keys, text values, kept number texts, actor names, "
           "probe kinds) would take more than " +
           std::to_string(limits.maxStringMemory >> 20) +
           " MiB of memory, the most a trace may hold";
}
namespace {

bool readAll(std::unique_ptr<TraceSource> source, const std::string& name,
             const TraceLimits& limits, RecordedTrace* out, std::string* error) {
    if (!source) return false;
    TraceRecord r;
    int k = 0;
    while ((k = source->next(&r, error)) > 0) {
        out->append(r);
        if (out->stringMemory() > limits.maxStringMemory) {
            *error = name + ": line " + std::to_string(source->meta().lines) + ": " +
                     stringMemoryProblem(limits);
            return false;
        }
    }
    if (k < 0) return false;
    out->header = source->meta().header;
    out->actors = source->meta().actors;
    out->lines = source->meta().lines;
    out->shrink();
    return true;
}

}  // namespace

bool parseTrace(const std::string& text, const std::string& name, RecordedTrace* out,
                std::string* error, const TraceLimits& limits) {
    *out = RecordedTrace{};
    return readAll(traceSourceFromText(text, name, error, limits), name, limits, out, error);
}

bool readTrace(const std::string& path, RecordedTrace* out, std::string* error,
               const TraceLimits& limits) {
    *out = RecordedTrace{};
    return readAll(openTraceSource(path, error, limits), path, limits, out, error);
}

}  // namespace ts
