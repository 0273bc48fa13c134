// Where each value of a JSON text lies, as byte ranges: what a patch of the text
// (core/base/json_patch.h) replaces, inserts next to or removes, leaving every other byte as
// the file had it. Only for text a full parser (core/base/json_document.h) has accepted: the
// scan checks structure, not every detail of the grammar.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace ts {

struct JsonSpan {
    enum class Kind { Scalar, Object, Array };
    Kind kind = Kind::Scalar;
    size_t begin = 0, end = 0;  // the value's bytes: [begin, end)
    // Object: each member's key as written between its quotes (escapes not decoded) and
    // where the key's opening quote is. Object and Array: the values, in text order.
    std::vector<std::string> keys;
    std::vector<size_t> keyBegin;
    std::vector<JsonSpan> items;
};

// Scans the one value filling `text` (whitespace and a UTF-8 byte-order mark around it
// allowed). False when the text is not such a value or nests deeper than maxDepth.
bool scanJsonSpans(const std::string& text, JsonSpan* out, int maxDepth = 64);

}  // namespace ts
