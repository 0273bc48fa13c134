// JSON lines pulled from a ByteInput one record at a time (openJsonTraceSource,
// record/detail/sources.h): the framing of a file's lines over TraceParser.
#include <cstring>

#include "record/detail/byte_input.h"
#include "record/detail/sources.h"
#include "record/detail/trace_parser.h"

namespace ts {

namespace {

// JSON lines pulled one record at a time; a line longer than the cap is an error before it
// is held in memory.
class JsonTraceSource final : public TraceSource {
  public:
    JsonTraceSource(std::unique_ptr<ByteInput> in, const TraceLimits& limits)
        : in_(std::move(in)), limits_(limits), parser_(&meta_, limits, [this](TraceRecord& r) {
              // Swapped, not copied: the two records' memory is reused line after line.
              out_->frame = r.frame;
              out_->isProbe = r.isProbe;
              if (r.isProbe) {
                  out_->probe = r.probe;
              } else {
                  out_->state.actor = r.state.actor;
                  out_->state.state = r.state.state;
                  out_->state.line = r.state.line;
                  out_->state.fields.swap(r.state.fields);
              }
              produced_ = true;
          }) {}

    bool compact() const override { return false; }

    // Reads up to the header line.
    bool start(std::string* error) {
        TraceRecord ignored;
        out_ = &ignored;
        return step(error) > 0;
    }

    int next(TraceRecord* r, std::string* error) override {
        out_ = r;
        produced_ = false;
        while (!produced_) {
            const int s = step(error);
            if (s <= 0) return s;
        }
        return 1;
    }

  private:
    bool fail(std::string* error) {
        *error = in_->name() + ": " + *error;
        return false;
    }

    // Parses one more line: 1; 0 at the end; -1 on an error.
    int step(std::string* error) {
        size_t nl = 0;
        for (;;) {
            // memchr on an empty (possibly null) buffer is undefined, even for 0 bytes.
            const void* hit =
                used_ > pos_ ? std::memchr(buf_.data() + pos_, '\n', used_ - pos_) : nullptr;
            if (hit) {
                nl = size_t(static_cast<const char*>(hit) - buf_.data());
                break;
            }
            if (used_ - pos_ > limits_.maxLineBytes) return tooLong(error);
            if (eof_) {
                if (pos_ == used_) {
                    if (!parser_.finish(error)) return fail(error), -1;
                    return 0;
                }
                // The last line, without a newline.
                const size_t n = used_ - pos_;
                pos_ = used_;
                if (n > limits_.maxLineBytes) return tooLong(error);
                if (!parser_.line(buf_.data() + used_ - n, n, ++lineNo_, error)) {
                    *error += " (the file ends without a newline: truncated?)";
                    return fail(error), -1;
                }
                return 1;
            }
            if (!fill(error)) return fail(error), -1;
        }
        const size_t n = nl - pos_;
        const char* s = buf_.data() + pos_;
        pos_ = nl + 1;
        if (n > limits_.maxLineBytes) return tooLong(error);
        if (!parser_.line(s, n, ++lineNo_, error)) return fail(error), -1;
        return 1;
    }

    bool fill(std::string* error) {
        if (pos_ > 0) {
            std::memmove(buf_.data(), buf_.data() + pos_, used_ - pos_);
            used_ -= pos_;
            pos_ = 0;
        }
        if (buf_.size() - used_ < kChunk) buf_.resize(used_ + kChunk);
        const size_t k = in_->read(buf_.data() + used_, kChunk, error);
        if (in_->failed()) return false;
        used_ += k;
        eof_ = k == 0;
        return true;
    }

    int tooLong(std::string* error) {
        *error = "line " + std::to_string(lineNo_ + 1) + ": longer than " +
                 std::to_string(limits_.maxLineBytes) + " bytes";
        fail(error);
        return -1;
    }

    static constexpr size_t kChunk = size_t(1) << 16;
    std::unique_ptr<ByteInput> in_;
    TraceLimits limits_;
    TraceParser parser_;
    TraceRecord* out_ = nullptr;
    bool produced_ = false;
    std::vector<char> buf_;
    size_t pos_ = 0, used_ = 0;
    bool eof_ = false;
    int64_t lineNo_ = 0;
};

}  // namespace

std::unique_ptr<TraceSource> openJsonTraceSource(std::unique_ptr<ByteInput> in, std::string* error,
                                                 const TraceLimits& limits) {
    auto s = std::make_unique<JsonTraceSource>(std::move(in), limits);
    if (!s->start(error)) return nullptr;
    return s;
}

}  // namespace ts
