#include "nan_fields.h"

#include <cctype>

namespace ts::cli {

namespace {

bool isWordChar(char c) {
    return std::isalpha((unsigned char)c) != 0;
}

// The non-finite spellings, lower-cased.
bool nonFinite(const std::string& word) {
    return word == "nan" || word == "inf" || word == "infinity";
}

}  // namespace

bool replaceNonFinite(std::string* line, std::vector<std::string>* fields) {
    std::string& s = *line;
    std::string key, lastString;
    size_t keyPos = 0, lastPos = 0;
    bool replaced = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"') {  // a string: skipped whole (escapes too), remembered as a key
            size_t j = i + 1;
            for (; j < s.size() && s[j] != '"'; ++j)
                if (s[j] == '\\') ++j;
            lastString = s.substr(i + 1, j - i - 1);
            lastPos = i;
            i = j;
            continue;
        }
        if (c == ':') {
            key = lastString;
            keyPos = lastPos;
            continue;
        }
        // A value: a word where a number would be (after ':', ',' or '[', an optional sign).
        if ((c == '-' || c == '+') && i + 1 < s.size() && isWordChar(s[i + 1])) ++i;
        if (!isWordChar(s[i])) continue;
        size_t end = i;
        while (end < s.size() && isWordChar(s[end])) ++end;
        std::string word = s.substr(i, end - i);
        for (char& w : word) w = char(std::tolower((unsigned char)w));
        if (!nonFinite(word)) {
            i = end - 1;
            continue;
        }
        // The member goes, with its comma: the field is absent from this line.
        size_t from = keyPos, to = end;
        size_t before = from;
        while (before > 0 && std::isspace((unsigned char)s[before - 1])) --before;
        if (before > 0 && s[before - 1] == ',') {
            from = before - 1;
        } else {
            while (to < s.size() && std::isspace((unsigned char)s[to])) ++to;
            if (to < s.size() && s[to] == ',') ++to;
        }
        s.erase(from, to - from);
        fields->push_back(key);
        replaced = true;
        i = from - 1;  // the loop's ++i: on at the character after the removed member
    }
    return replaced;
}

}  // namespace ts::cli
