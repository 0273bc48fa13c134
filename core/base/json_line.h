// A small JSON reader for one line of a trace: objects, arrays, strings, numbers, true,
// false, null, with caps on depth and size so that a hostile file cannot exhaust the stack
// or memory. Numbers keep their literal text, so that exact decimals stay exact.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ts {

struct JsonValue {
    enum class Type { Null, Bool, Number, String, Object, Array };
    Type type = Type::Null;
    bool boolean = false;
    std::string text;  // a number's literal ("-1.25e3") or a string's decoded bytes
    std::vector<std::pair<std::string, JsonValue>> members;  // Object, in file order
    std::vector<JsonValue> items;                            // Array

    // The member named key, or null (the first one when a key repeats).
    const JsonValue* find(const char* key) const;
};

const char* jsonTypeName(JsonValue::Type t);  // "a number", "a string", ...

// Parses exactly one JSON value filling s[0, n) (whitespace around it allowed). False with
// *error ("column 17: expected ',' or '}'", "column 40: the line ends inside a string").
bool parseJsonLine(const char* s, size_t n, JsonValue* out, std::string* error);

}  // namespace ts
