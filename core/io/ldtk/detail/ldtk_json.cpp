#include "io/detail/json_number_text.h"
#include "io/ldtk/detail/ldtk_json.h"

#include <rapidjson/error/en.h>

#include <cctype>
#include <cmath>

#include "io/map_io.h"

namespace ts::interop {

using rapidjson::Value;

void LdtkJson::fail(const std::string& problem) const {
    throw MapError(file_ + ": " + problem);
}

void LdtkJson::parse(const std::string& bytes, rapidjson::Document& doc) const {
    doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(bytes.data(),
                                                                                      bytes.size());
    if (!doc.HasParseError()) return;
    size_t line = 1;
    for (size_t i = 0; i < doc.GetErrorOffset() && i < bytes.size(); ++i) line += bytes[i] == '\n';
    fail("invalid JSON at line " + std::to_string(line) + ": " +
         rapidjson::GetParseError_En(doc.GetParseError()));
}

const Value* LdtkJson::find(const Value& obj, const char* key) const {
    if (!obj.IsObject()) return nullptr;
    auto it = obj.FindMember(key);
    return it == obj.MemberEnd() ? nullptr : &it->value;
}

const Value& LdtkJson::need(const Value& obj, const char* key, const std::string& at) const {
    const Value* v = find(obj, key);
    if (!v) fail(at + key + ": missing");
    return *v;
}

std::string LdtkJson::text(const Value& obj, const char* key, const std::string& at) const {
    const Value* v = find(obj, key);
    if (!v || v->IsNull()) return "";
    if (!v->IsString()) fail(at + key + ": expected a string");
    return std::string(v->GetString(), v->GetStringLength());
}

int64_t LdtkJson::integer(const Value& obj, const char* key, int64_t lo, int64_t hi,
                          const std::string& at) const {
    const Value& v = need(obj, key, at);
    if (!v.IsNumber() || v.GetDouble() != std::floor(v.GetDouble()))
        fail(at + key + ": expected an integer");
    double d = v.GetDouble();
    if (d < double(lo) || d > double(hi))
        fail(at + key + ": " + jsonNumberText(v) + " is outside " + std::to_string(lo) + ".." +
             std::to_string(hi));
    return int64_t(d);
}

double LdtkJson::number(const Value& v, const std::string& at) const {
    if (!v.IsNumber() || !std::isfinite(v.GetDouble()) || std::fabs(v.GetDouble()) > 1e12)
        fail(at + ": expected a number");
    return v.GetDouble();
}

const Value& LdtkJson::array(const Value& obj, const char* key, const std::string& at) const {
    const Value& v = need(obj, key, at);
    if (!v.IsArray()) fail(at + key + ": expected an array");
    return v;
}

bool sameNoCase(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i])) return false;
    return true;
}

}  // namespace ts::interop
