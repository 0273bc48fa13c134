// Reading one LDtk JSON file (the project, or one of its level files) with errors that name
// that file and the field: "levels/Cave.ldtkl: layer "c": __cWid: 1000000 is outside
// 1..16384". Shared by the project reader, the import and the level listing.
//
// cereal/archives/json.hpp comes first: it makes rapidjson's internal assertions throw
// cereal::RapidJSONException instead of aborting (see core/io/map_json.cpp).
#pragma once
#include <cereal/archives/json.hpp>

#include <cstdint>
#include <string>

namespace ts::interop {

class LdtkJson {
  public:
    explicit LdtkJson(std::string file) : file_(std::move(file)) {}

    const std::string& file() const { return file_; }
    // Throws MapError("FILE: problem").
    [[noreturn]] void fail(const std::string& problem) const;
    // Parses bytes into doc, or fails with "invalid JSON at line N: ...".
    void parse(const std::string& bytes, rapidjson::Document& doc) const;

    // The member KEY of obj, or nullptr when obj is no object or lacks it.
    const rapidjson::Value* find(const rapidjson::Value& obj, const char* key) const;
    // The lookups below fail with "AT KEY: problem" (AT names where obj is, with its ": ").
    const rapidjson::Value& need(const rapidjson::Value& obj, const char* key,
                                 const std::string& at) const;
    std::string text(const rapidjson::Value& obj, const char* key,
                     const std::string& at) const;  // "" when missing or null
    int64_t integer(const rapidjson::Value& obj, const char* key, int64_t lo, int64_t hi,
                    const std::string& at) const;
    double number(const rapidjson::Value& v, const std::string& at) const;
    const rapidjson::Value& array(const rapidjson::Value& obj, const char* key,
                                  const std::string& at) const;

  private:
    std::string file_;
};

// LDtk identifiers are matched without regard to case where tilestep looks them up by name.
bool sameNoCase(const std::string& a, const std::string& b);

}  // namespace ts::interop
