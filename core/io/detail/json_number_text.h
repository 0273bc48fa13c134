// A JSON number as the file holds it, for messages: integers exactly (beyond 2^53 and past
// the int64 range too), other numbers in the fewest digits that read back the same.
#pragma once
#include <cereal/archives/json.hpp>  // rapidjson's assertions throw (core/io/map_json.cpp)

#include <cstdio>
#include <string>

namespace ts::interop {

inline std::string jsonNumberText(const rapidjson::Value& v) {
    if (v.IsInt64()) return std::to_string(v.GetInt64());
    if (v.IsUint64()) return std::to_string(v.GetUint64());
    char buf[40];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v.GetDouble());
        if (std::strtod(buf, nullptr) == v.GetDouble()) break;
    }
    return buf;
}

}  // namespace ts::interop
