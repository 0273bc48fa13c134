// libFuzzer: any bytes as a trace, JSON lines or .tstrace (told apart by the magic bytes),
// read as view reads it. A trace that reads must convert to JSON lines, then to .tstrace,
// then back to the same JSON lines; one that does not must say why, naming the trace.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "record/trace_source.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"

namespace {

// Every record of `bytes` as JSON lines and as .tstrace; false when it does not read.
bool bothForms(const std::string& bytes, std::string* json, std::string* compact) {
    std::string error;
    std::unique_ptr<ts::TraceSource> s = ts::traceSourceFromText(bytes, "f", &error);
    if (!s) {
        if (error.rfind("f: ", 0) != 0) ts::fuzz::failed("an error without the trace's name");
        return false;
    }
    ts::TraceWriter j;
    ts::TstraceWriter c;
    j.header(s->meta().header);
    c.header(s->meta().header);
    ts::TraceRecord r;
    int k = 0;
    while ((k = s->next(&r, &error)) > 0) {
        const size_t actor = r.isProbe ? size_t(r.probe.probe.actor) : r.state.actor;
        j.record(r, s->meta().actors[actor].name);
        c.record(r, s->meta().actors);
    }
    if (k < 0) {
        if (error.rfind("f: ", 0) != 0) ts::fuzz::failed("an error without the trace's name");
        return false;
    }
    c.end();
    *json = std::string(j.text());
    *compact = std::string(c.bytes());
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    std::string json, compact;
    if (!bothForms(bytes, &json, &compact)) return 0;
    std::string json2, compact2, json3, compact3;
    if (!bothForms(json, &json2, &compact2)) ts::fuzz::failed("its JSON lines do not read");
    if (!bothForms(compact, &json3, &compact3)) ts::fuzz::failed("its .tstrace does not read");
    if (json2 != json || json3 != json) ts::fuzz::failed("a round trip changed the trace");
    return 0;
}
