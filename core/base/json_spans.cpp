#include "base/json_spans.h"

#include <cstring>

namespace ts {

namespace {

class Scanner {
  public:
    Scanner(const std::string& text, int maxDepth) : s_(text), maxDepth_(maxDepth) {}

    bool document(JsonSpan* out) {
        if (s_.compare(0, 3, "\xEF\xBB\xBF") == 0) i_ = 3;
        skipSpace();
        if (!value(out, 0)) return false;
        skipSpace();
        return i_ == s_.size();
    }

  private:
    void skipSpace() {
        while (i_ < s_.size() && std::strchr(" \t\r\n", s_[i_]) && s_[i_] != '\0') ++i_;
    }
    bool string() {
        if (i_ >= s_.size() || s_[i_] != '"') return false;
        for (++i_; i_ < s_.size(); ++i_) {
            if (s_[i_] == '\\')
                ++i_;
            else if (s_[i_] == '"')
                return ++i_, true;
        }
        return false;
    }
    bool value(JsonSpan* v, int depth) {
        if (i_ >= s_.size() || depth > maxDepth_) return false;
        v->begin = i_;
        const char c = s_[i_];
        if (c == '{' || c == '[') {
            v->kind = c == '{' ? JsonSpan::Kind::Object : JsonSpan::Kind::Array;
            const char close = c == '{' ? '}' : ']';
            ++i_;
            skipSpace();
            if (i_ < s_.size() && s_[i_] == close) return v->end = ++i_, true;
            for (;;) {
                if (v->kind == JsonSpan::Kind::Object) {
                    v->keyBegin.push_back(i_);
                    if (!string()) return false;
                    v->keys.push_back(
                        s_.substr(v->keyBegin.back() + 1, i_ - v->keyBegin.back() - 2));
                    skipSpace();
                    if (i_ >= s_.size() || s_[i_] != ':') return false;
                    ++i_;
                    skipSpace();
                }
                v->items.emplace_back();
                if (!value(&v->items.back(), depth + 1)) return false;
                skipSpace();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    skipSpace();
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == close) return v->end = ++i_, true;
                return false;
            }
        }
        v->kind = JsonSpan::Kind::Scalar;
        if (c == '"') {
            if (!string()) return false;
        } else {
            // A number or a literal: everything up to the next delimiter.
            while (i_ < s_.size() && !std::strchr(",]} \t\r\n", s_[i_]) && s_[i_] != '\0') ++i_;
            if (i_ == v->begin) return false;
        }
        v->end = i_;
        return true;
    }

    const std::string& s_;
    const int maxDepth_;
    size_t i_ = 0;
};

}  // namespace

bool scanJsonSpans(const std::string& text, JsonSpan* out, int maxDepth) {
    *out = JsonSpan{};
    return Scanner(text, maxDepth).document(out);
}

}  // namespace ts
