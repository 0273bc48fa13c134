#include "base/json_line.h"

#include <cstring>

namespace ts {

namespace {

constexpr int kMaxDepth = 8;

class Parser {
  public:
    Parser(const char* s, size_t n) : s_(s), n_(n) {}

    bool parse(JsonValue* out, std::string* error) {
        skipSpace();
        if (!value(out, 0)) {
            *error = error_;
            return false;
        }
        skipSpace();
        if (i_ != n_) {
            *error = where() + "unexpected text after the value";
            return false;
        }
        return true;
    }

  private:
    std::string where() const { return "column " + std::to_string(i_ + 1) + ": "; }
    bool fail(const std::string& what) {
        if (error_.empty()) error_ = where() + what;
        return false;
    }
    bool atEnd() const { return i_ >= n_; }
    void skipSpace() {
        while (i_ < n_ && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n'))
            ++i_;
    }
    bool literal(const char* word) {
        const size_t k = std::strlen(word);
        if (n_ - i_ < k || std::memcmp(s_ + i_, word, k) != 0) return false;
        i_ += k;
        return true;
    }

    bool value(JsonValue* v, int depth) {
        if (atEnd()) return fail("the line ends where a value should be");
        const char c = s_[i_];
        if (c == '{') return object(v, depth + 1);
        if (c == '[') return array(v, depth + 1);
        if (c == '"') {
            v->type = JsonValue::Type::String;
            return string(&v->text);
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        if (literal("true")) {
            v->type = JsonValue::Type::Bool;
            v->boolean = true;
            return true;
        }
        if (literal("false")) {
            v->type = JsonValue::Type::Bool;
            return true;
        }
        if (literal("null")) {
            v->type = JsonValue::Type::Null;
            return true;
        }
        return fail(std::string("unexpected '") + c + "' where a value should be");
    }

    bool object(JsonValue* v, int depth) {
        if (depth > kMaxDepth) return fail("nested deeper than " + std::to_string(kMaxDepth));
        v->type = JsonValue::Type::Object;
        ++i_;  // '{'
        skipSpace();
        if (!atEnd() && s_[i_] == '}') {
            ++i_;
            return true;
        }
        for (;;) {
            skipSpace();
            if (atEnd()) return fail("the line ends inside an object");
            if (s_[i_] != '"') return fail("expected a \"key\"");
            std::string key;
            if (!string(&key)) return false;
            skipSpace();
            if (atEnd() || s_[i_] != ':') return fail("expected ':' after \"" + key + "\"");
            ++i_;
            skipSpace();
            v->members.emplace_back(std::move(key), JsonValue{});
            if (!value(&v->members.back().second, depth)) return false;
            skipSpace();
            if (atEnd()) return fail("the line ends inside an object");
            if (s_[i_] == ',') {
                ++i_;
                continue;
            }
            if (s_[i_] == '}') {
                ++i_;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }

    bool array(JsonValue* v, int depth) {
        if (depth > kMaxDepth) return fail("nested deeper than " + std::to_string(kMaxDepth));
        v->type = JsonValue::Type::Array;
        ++i_;  // '['
        skipSpace();
        if (!atEnd() && s_[i_] == ']') {
            ++i_;
            return true;
        }
        for (;;) {
            skipSpace();
            v->items.emplace_back();
            if (!value(&v->items.back(), depth)) return false;
            skipSpace();
            if (atEnd()) return fail("the line ends inside an array");
            if (s_[i_] == ',') {
                ++i_;
                continue;
            }
            if (s_[i_] == ']') {
                ++i_;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    static int hexDigit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    static void appendUtf8(std::string* out, unsigned cp) {
        if (cp < 0x80) {
            *out += char(cp);
        } else if (cp < 0x800) {
            *out += char(0xc0 | (cp >> 6));
            *out += char(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            *out += char(0xe0 | (cp >> 12));
            *out += char(0x80 | ((cp >> 6) & 0x3f));
            *out += char(0x80 | (cp & 0x3f));
        } else {
            *out += char(0xf0 | (cp >> 18));
            *out += char(0x80 | ((cp >> 12) & 0x3f));
            *out += char(0x80 | ((cp >> 6) & 0x3f));
            *out += char(0x80 | (cp & 0x3f));
        }
    }

    bool hex4(unsigned* cp) {
        if (n_ - i_ < 4) return fail("the line ends inside a \\u escape");
        unsigned v = 0;
        for (int k = 0; k < 4; ++k) {
            const int d = hexDigit(s_[i_ + size_t(k)]);
            if (d < 0) return fail("bad \\u escape");
            v = v * 16 + unsigned(d);
        }
        i_ += 4;
        *cp = v;
        return true;
    }

    bool string(std::string* out) {
        ++i_;  // '"'
        for (;;) {
            if (atEnd()) return fail("the line ends inside a string");
            const unsigned char c = (unsigned char)s_[i_++];
            if (c == '"') return true;
            if (c < 0x20) return fail("a control character inside a string");
            if (c != '\\') {
                *out += char(c);
                continue;
            }
            if (atEnd()) return fail("the line ends inside a string");
            const char e = s_[i_++];
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    *out += e;
                    break;
                case 'b':
                    *out += '\b';
                    break;
                case 'f':
                    *out += '\f';
                    break;
                case 'n':
                    *out += '\n';
                    break;
                case 'r':
                    *out += '\r';
                    break;
                case 't':
                    *out += '\t';
                    break;
                case 'u': {
                    unsigned cp = 0;
                    if (!hex4(&cp)) return false;
                    if (cp >= 0xd800 && cp < 0xdc00 && n_ - i_ >= 6 && s_[i_] == '\\' &&
                        s_[i_ + 1] == 'u') {
                        i_ += 2;
                        unsigned lo = 0;
                        if (!hex4(&lo)) return false;
                        if (lo >= 0xdc00 && lo < 0xe000)
                            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    }
                    appendUtf8(out, cp);
                    break;
                }
                default:
                    return fail(std::string("unknown escape '\\") + e + "'");
            }
        }
    }

    bool digits() {
        const size_t start = i_;
        while (i_ < n_ && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
        return i_ > start;
    }

    bool number(JsonValue* v) {
        const size_t start = i_;
        if (s_[i_] == '-') ++i_;
        if (atEnd() || !(s_[i_] >= '0' && s_[i_] <= '9')) return fail("bad number");
        if (s_[i_] == '0') {
            ++i_;
        } else {
            digits();
        }
        if (i_ < n_ && s_[i_] == '.') {
            ++i_;
            if (!digits()) return fail("bad number: no digit after '.'");
        }
        if (i_ < n_ && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < n_ && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            if (!digits()) return fail("bad number: no digit in the exponent");
        }
        v->type = JsonValue::Type::Number;
        v->text.assign(s_ + start, i_ - start);
        return true;
    }

    const char* s_;
    size_t n_;
    size_t i_ = 0;
    std::string error_;
};

}  // namespace

const JsonValue* JsonValue::find(const char* key) const {
    for (const auto& m : members)
        if (m.first == key) return &m.second;
    return nullptr;
}

const char* jsonTypeName(JsonValue::Type t) {
    switch (t) {
        case JsonValue::Type::Null:
            return "null";
        case JsonValue::Type::Bool:
            return "a boolean";
        case JsonValue::Type::Number:
            return "a number";
        case JsonValue::Type::String:
            return "a string";
        case JsonValue::Type::Object:
            return "an object";
        case JsonValue::Type::Array:
            return "an array";
    }
    return "?";
}

bool parseJsonLine(const char* s, size_t n, JsonValue* out, std::string* error) {
    *out = JsonValue{};
    return Parser(s, n).parse(out, error);
}

}  // namespace ts
