#include "record/trace_convert.h"

#include <cstring>

#include "base/atomic_file.h"
#include "record/trace_source.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"

namespace ts {

namespace {

bool endsWith(const std::string& s, const char* tail) {
    const size_t n = std::strlen(tail);
    return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

// Either writer behind one face: records in, bytes out a buffer at a time.
template <class Writer, class Record, class Bytes>
bool pump(TraceSource& in, AtomicFileWriter& file, Writer& w, Record record, Bytes bytes,
          std::string* error) {
    constexpr size_t kFlush = size_t(1) << 16;
    TraceRecord r;
    int k = 0;
    while ((k = in.next(&r, error)) > 0) {
        record(w, r);
        if (w.size() >= kFlush) {
            const auto b = bytes(w);
            file.write(b.data(), b.size());
            w.clear();
        }
    }
    return k == 0;
}

}  // namespace

bool isTracePath(const std::string& path) {
    return endsWith(path, ".tstrace") || endsWith(path, ".jsonl");
}

bool convertTrace(const std::string& in, const std::string& out, std::string* error) {
    std::unique_ptr<TraceSource> source = openTraceSource(in, error);
    if (!source) return false;
    AtomicFileWriter file;
    if (!file.open(out, error)) return false;
    const RecordedTrace& meta = source->meta();
    bool ok = false;
    if (endsWith(out, ".tstrace")) {
        TstraceWriter w;
        w.header(meta.header);
        ok = pump(
            *source, file, w,
            [&meta](TstraceWriter& w, const TraceRecord& r) { w.record(r, meta.actors); },
            [](const TstraceWriter& w) { return w.bytes(); }, error);
        if (ok) {
            w.end();
            file.write(w.bytes().data(), w.size());
        }
    } else {
        TraceWriter w;
        w.header(meta.header);
        ok = pump(
            *source, file, w,
            [&meta](TraceWriter& w, const TraceRecord& r) {
                const size_t a = r.isProbe ? size_t(r.probe.probe.actor) : r.state.actor;
                w.record(r, meta.actors[a].name);
            },
            [](const TraceWriter& w) { return w.text(); }, error);
        if (ok) file.write(w.text().data(), w.size());
    }
    if (!ok) return false;
    return file.commit(error);
}

}  // namespace ts
