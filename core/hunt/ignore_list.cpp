// The ignore list beside a map (ignore_list.h).
#include "hunt/ignore_list.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "base/atomic_file.h"

namespace ts {

namespace {

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    size_t start = 0;
    while (start < s.size() && (s[start] == ' ' || s[start] == '\t')) ++start;
    return s.substr(start);
}

bool isComment(const std::string& line) {
    return !line.empty() && line[0] == '#';
}

bool readWhole(const std::string& path, std::string* text, bool* missing) {
    struct stat st {};
    *missing = ::stat(path.c_str(), &st) != 0;
    if (*missing) return true;
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    *text = s.str();
    return !in.bad();
}

}  // namespace

std::string ignoreListPath(const std::string& mapPath) {
    return mapPath + ".snagignore";
}

std::vector<std::string> parseIgnoreList(const std::string& text) {
    std::vector<std::string> keys;
    for (const std::string& raw : splitLines(text)) {
        const std::string l = trimmed(raw);
        if (!l.empty() && !isComment(l)) keys.push_back(l);
    }
    return keys;
}

bool loadIgnoreList(const std::string& path, std::vector<std::string>* keys, std::string* error) {
    std::string text;
    bool missing = false;
    if (!readWhole(path, &text, &missing)) {
        *error = path + ": cannot read the ignore list";
        return false;
    }
    *keys = parseIgnoreList(text);
    return true;
}

std::string ignoreListWith(const std::string& text, const SnagFinding& f,
                           const std::string& comment) {
    const std::string key = f.key();
    const std::vector<std::string> keys = parseIgnoreList(text);
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) return text;
    std::string out = text;
    if (out.empty())
        out =
            "# Snag hunt findings not to report (tilestep hunt, docs/hunt.md): one key per "
            "line.\n";
    else if (out.back() != '\n')
        out += '\n';
    std::string note = "# " + std::string(snagKindName(f.kind)) + ", " + f.actorName + ", frame " +
                       std::to_string(f.frame);
    if (!comment.empty()) note += ": " + comment;
    for (char& c : note)
        if (c == '\n' || c == '\r') c = ' ';
    return out + note + "\n" + key + "\n";
}

std::string ignoreListWithout(const std::string& text, const std::string& key) {
    std::vector<std::string> lines = splitLines(text);
    std::vector<bool> drop(lines.size(), false);
    for (size_t i = 0; i < lines.size(); ++i)
        if (trimmed(lines[i]) == key) {
            drop[i] = true;
            if (i > 0 && isComment(trimmed(lines[i - 1]))) drop[i - 1] = true;
        }
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i)
        if (!drop[i]) out += lines[i] + "\n";
    return out;
}

bool addToIgnoreList(const std::string& path, const SnagFinding& f, const std::string& comment,
                     std::string* error) {
    std::string text;
    bool missing = false;
    if (!readWhole(path, &text, &missing)) {
        *error = path + ": cannot read the ignore list";
        return false;
    }
    const std::string next = ignoreListWith(text, f, comment);
    return next == text || writeFileAtomically(path, next, error);
}

bool removeFromIgnoreList(const std::string& path, const std::string& key, std::string* error) {
    std::string text;
    bool missing = false;
    if (!readWhole(path, &text, &missing)) {
        *error = path + ": cannot read the ignore list";
        return false;
    }
    if (missing) return true;
    const std::string next = ignoreListWithout(text, key);
    return next == text || writeFileAtomically(path, next, error);
}

size_t dropIgnored(const std::vector<std::string>& keys, std::vector<SnagFinding>* findings) {
    const size_t before = findings->size();
    findings->erase(std::remove_if(findings->begin(), findings->end(),
                                   [&](const SnagFinding& f) {
                                       return std::find(keys.begin(), keys.end(), f.key()) !=
                                              keys.end();
                                   }),
                    findings->end());
    return before - findings->size();
}

}  // namespace ts
