// Parsing map JSON into a rapidjson DOM on the loader's terms: numbers are kept as their text
// (converted exactly by core/base/json_number.h where the field is known), and an object that
// names a key twice is refused (rapidjson would keep both and FindMember the first).
//
// cereal/archives/json.hpp must come first: it makes rapidjson's internal assertions throw
// cereal::RapidJSONException instead of calling assert()/abort() (see core/io/map_json.cpp).
#pragma once
#include <cereal/archives/json.hpp>

#include <string>

namespace ts::json {

// A number is stored in the DOM as a string whose first byte is kNumberMark, then the number's
// text. 0xFF never occurs in UTF-8, and strings are validated as UTF-8 while parsing, so no
// string from the file can look like a number.
constexpr char kNumberMark = '\xff';

inline bool isNumber(const rapidjson::Value& v) {
    return v.IsString() && v.GetStringLength() > 0 && v.GetString()[0] == kNumberMark;
}
// A string from the file (not a number).
inline bool isText(const rapidjson::Value& v) {
    return v.IsString() && !isNumber(v);
}
// The number's text as written in the file; only for isNumber(v).
inline std::string numberText(const rapidjson::Value& v) {
    return std::string(v.GetString() + 1, v.GetStringLength() - 1);
}

struct ParseFailure {
    std::string field;    // where, as the map reader names fields ("actors[2]"); may be empty
    std::string problem;  // what, with the line and column
};

// Parses text (iteratively: deep nesting cannot overflow the stack; strings must be valid
// UTF-8; NaN and Infinity are numbers, for the field checks to refuse with their name).
// Returns false and fills *failure on invalid JSON, a duplicate key, or a number rapidjson
// cannot scan (an exponent above 308, more than 308 integer digits).
bool parse(const std::string& text, rapidjson::Document& doc, ParseFailure* failure);

}  // namespace ts::json
