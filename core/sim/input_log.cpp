#include "sim/input_log.h"

#include <filesystem>
#include <sstream>

#include "base/bounded_read.h"

namespace ts {

int64_t InputLog::frames() const {
    int64_t n = 0;
    for (const InputRun& r : runs) n += r.count;
    return n;
}

InputBits InputLog::at(int64_t frame) const {
    if (frame < 0) return 0;
    for (const InputRun& r : runs) {
        if (frame < r.count) return r.keys;
        frame -= r.count;
    }
    return 0;
}

void InputLog::push(InputBits keys) {
    if (!runs.empty() && runs.back().keys == keys) {
        ++runs.back().count;
    } else {
        runs.push_back(InputRun{1, keys});
    }
}

namespace {
std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

// Echoes a piece of the input in an error message, cut short so that a line of binary
// garbage does not flood the terminal.
std::string quoted(const std::string& s) {
    const size_t kMax = 24;
    std::string q;
    for (size_t i = 0; i < s.size() && i < kMax; ++i) {
        unsigned char c = (unsigned char)s[i];
        q += (c >= 0x20 && c < 0x7f) ? char(c) : '?';
    }
    return "\"" + q + (s.size() > kMax ? "...\"" : "\"");
}
}  // namespace

bool parseInputLog(const std::string& text, InputLog* out, std::string* error) {
    InputLog log;
    std::istringstream in(text);
    std::string raw;
    int64_t lineNo = 0, total = 0;
    auto fail = [&](const std::string& what) {
        *error = "line " + std::to_string(lineNo) + ": " + what;
        return false;
    };
    while (std::getline(in, raw)) {
        ++lineNo;
        // Editors on some systems start a UTF-8 file with a byte-order mark.
        if (lineNo == 1 && raw.compare(0, 3, "\xEF\xBB\xBF") == 0) raw.erase(0, 3);
        size_t hash = raw.find('#');
        std::string line = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (line.empty()) continue;
        std::vector<std::string> fields;
        std::string f;
        std::istringstream ls(line);
        while (std::getline(ls, f, ',')) fields.push_back(trim(f));
        if (!line.empty() && line.back() == ',') fields.push_back("");
        const std::string& countText = fields[0];
        if (countText.empty() || countText.size() > 12 ||
            countText.find_first_not_of("0123456789") != std::string::npos)
            return fail("frame count " + quoted(countText) + " is not a positive whole number");
        int64_t count = std::stoll(countText);
        if (count < 1) return fail("frame count must be at least 1");
        total += count;
        if (total > kMaxLogFrames) return fail("the log is longer than 2^40 frames");
        InputBits keys = 0;
        for (size_t i = 1; i < fields.size(); ++i) {
            const std::string& k = fields[i];
            InputBits bit = k == "L"   ? KEY_L
                            : k == "R" ? KEY_R
                            : k == "U" ? KEY_U
                            : k == "D" ? KEY_D
                            : k == "J" ? KEY_J
                                       : 0;
            if (!bit) return fail("unknown key " + quoted(k) + " (keys are L R U D J)");
            if (keys & bit) return fail("key " + k + " listed twice");
            keys |= bit;
        }
        log.runs.push_back(InputRun{count, keys});
    }
    *out = std::move(log);
    return true;
}

bool loadInputLog(const std::string& path, InputLog* out, std::string* error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        *error = path + ": is a folder, not an input log";
        return false;
    }
    std::string text, problem;
    // A NUL byte already condemns the log (checked below): /dev/zero is not read further.
    auto hasNul = [](const std::string& b, size_t from) {
        return b.find('\0', from) != std::string::npos;
    };
    switch (readFileAtMost(path, kMaxLogBytes, "an input log", &text, &problem, hasNul)) {
        case ReadResult::Ok:
            break;
        case ReadResult::TooLarge:
            *error = path + ": " + problem;
            return false;
        default:
            *error = path + ": " + problem;
            return false;
    }
    if (text.find('\0') != std::string::npos) {
        *error = path + ": not a text input log (contains NUL bytes)";
        return false;
    }
    if (!parseInputLog(text, out, error)) {
        *error = path + ": " + *error;
        return false;
    }
    return true;
}

std::string keysText(InputBits keys) {
    std::string s;
    const char* names[] = {"L", "R", "U", "D", "J"};
    for (int i = 0; i < 5; ++i)
        if (keys & (1 << i)) {
            if (!s.empty()) s += ',';
            s += names[i];
        }
    return s;
}

std::string formatInputLog(const InputLog& log) {
    std::string s;
    for (const InputRun& r : log.runs) {
        s += std::to_string(r.count);
        if (r.keys) s += "," + keysText(r.keys);
        s += '\n';
    }
    return s;
}

}  // namespace ts
