#include "record/trace_source.h"

#include <cerrno>
#include <cstring>

#include "base/bounded_read.h"
#include "record/detail/sources.h"
#include "record/detail/tstrace_layout.h"

namespace ts {

namespace {

// JSON lines or .tstrace, by the first bytes (a JSON trace starts with '{').
std::unique_ptr<TraceSource> open(std::unique_ptr<ByteInput> in, std::string* error,
                                  const TraceLimits& limits) {
    char magic[8];
    size_t n = 0;
    while (n < sizeof magic) {
        const size_t k = in->read(magic + n, sizeof magic - n, error);
        if (in->failed()) {
            *error = in->name() + ": " + *error;
            return nullptr;
        }
        if (k == 0) break;
        n += k;
    }
    in->unread(magic, n);
    if (n == sizeof magic && std::memcmp(magic, tstrace::kMagic, sizeof magic) == 0)
        return openCompactTraceSource(std::move(in), error, limits);
    return openJsonTraceSource(std::move(in), error, limits);
}

}  // namespace

std::unique_ptr<TraceSource> openTraceSource(const std::string& path, std::string* error,
                                             const TraceLimits& limits) {
    // A FIFO would block the open; live traces come through `--listen`.
    if (std::string problem = regularFileProblem(path); !problem.empty()) {
        *error = path + ": " + problem;
        return nullptr;
    }
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        *error = path + ": cannot read the trace (" + std::strerror(errno) + ")";
        return nullptr;
    }
    return open(std::make_unique<ByteInput>(f, path), error, limits);
}

std::unique_ptr<TraceSource> traceSourceFromText(const std::string& text, const std::string& name,
                                                 std::string* error, const TraceLimits& limits) {
    return open(std::make_unique<ByteInput>(&text, name), error, limits);
}

}  // namespace ts
