#include "record/recorded_trace_save.h"

#include <algorithm>

#include "base/atomic_file.h"
#include "record/trace_writer.h"
#include "record/tstrace_writer.h"

namespace ts {

namespace {

constexpr size_t kFlushBytes = size_t(1) << 16;

bool isCompactPath(const std::string& path) {
    const std::string tail = ".tstrace";
    return path.size() >= tail.size() &&
           path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
}

// Frame i's lines back in the order they were read: its state and probe lines interleaved by
// line number (a frame keeps them apart).
template <class Each>
void eachRecord(const RecordedTrace& t, size_t i, Each each) {
    const RecordedFrame f = t.frame(i);
    TraceRecord r;
    r.frame = f.frame;
    size_t s = 0, p = 0;
    while (s < f.states.size() || p < f.probes.size()) {
        r.isProbe =
            s == f.states.size() || (p < f.probes.size() && f.probes[p].line < f.states[s].line);
        if (r.isProbe)
            r.probe = f.probes[p++];
        else
            r.state = f.states[s++];
        each(r);
    }
}

}  // namespace

bool saveRecordedTrace(const RecordedTrace& t, size_t frames, const std::string& out,
                       std::string* error) {
    frames = std::min(frames, t.frameCount());
    AtomicFileWriter file;
    if (!file.open(out, error)) return false;
    if (isCompactPath(out)) {
        TstraceWriter w;
        w.header(t.header);
        for (size_t i = 0; i < frames; ++i) {
            eachRecord(t, i, [&](const TraceRecord& r) { w.record(r, t.actors); });
            if (w.size() >= kFlushBytes) {
                file.write(w.bytes().data(), w.size());
                w.clear();
            }
        }
        w.end();
        file.write(w.bytes().data(), w.size());
    } else {
        TraceWriter w;
        w.header(t.header);
        for (size_t i = 0; i < frames; ++i) {
            eachRecord(t, i, [&](const TraceRecord& r) {
                w.record(r, t.actors[r.isProbe ? size_t(r.probe.probe.actor) : r.state.actor].name);
            });
            if (w.size() >= kFlushBytes) {
                file.write(w.text().data(), w.size());
                w.clear();
            }
        }
        file.write(w.text().data(), w.size());
    }
    return file.commit(error);
}

}  // namespace ts
