#include "args.h"

namespace ts::cli {

namespace {
const FlagSpec* findFlag(const std::vector<FlagSpec>& flags, const std::string& name) {
    for (const FlagSpec& f : flags)
        if (name == f.name) return &f;
    return nullptr;
}

bool looksLikeFlag(const std::string& word) {
    return word.size() > 1 && word[0] == '-';
}
}  // namespace

bool parseArgs(const std::vector<std::string>& args, const std::vector<FlagSpec>& flags,
               ParsedArgs* out, std::string* error) {
    ParsedArgs parsed;
    // Help wins over every other problem: "tilestep run --bogus --help" still shows help.
    for (const std::string& a : args) {
        if (a == "--") break;
        if (a == "--help" || a == "-h") parsed.help = true;
    }
    if (parsed.help) {
        *out = std::move(parsed);
        return true;
    }
    bool flagsEnded = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& word = args[i];
        if (flagsEnded || !looksLikeFlag(word)) {
            parsed.positional.push_back(word);
            continue;
        }
        if (word == "--") {
            flagsEnded = true;
            continue;
        }
        size_t eq = word.find('=');
        std::string name = word.substr(0, eq);
        const FlagSpec* spec = findFlag(flags, name);
        if (!spec) {
            *error = "unknown option '" + name + "'";
            return false;
        }
        if (parsed.has(name) && !spec->repeatable) {
            *error = "option " + name + " given twice";
            return false;
        }
        if (!spec->takesValue) {
            if (eq != std::string::npos) {
                *error = "option " + name + " takes no value";
                return false;
            }
            parsed.switches.insert(name);
            continue;
        }
        std::string value;
        if (eq != std::string::npos) {
            value = word.substr(eq + 1);
        } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
            // A following "--word" is another option, not this one's value ("-5" is a value,
            // so that --frames -5 gets the clearer "negative" message).
            value = args[++i];
        } else {
            *error = "option " + name + " needs a value";
            return false;
        }
        if (value.empty()) {
            *error = "option " + name + " needs a value";
            return false;
        }
        if (spec->repeatable)
            parsed.lists[name].push_back(value);
        else
            parsed.values[name] = value;
    }
    *out = std::move(parsed);
    return true;
}

std::string formatFlagHelp(const std::vector<FlagSpec>& flags) {
    constexpr size_t kHelpColumn = 20;
    std::string out;
    for (const FlagSpec& f : flags) {
        std::string head = std::string("  ") + f.name;
        if (f.takesValue) head += std::string(" ") + (f.valueName ? f.valueName : "VALUE");
        head += head.size() + 1 < kHelpColumn ? std::string(kHelpColumn - head.size(), ' ') : " ";
        std::string help = f.help ? f.help : "";
        size_t start = 0;
        for (bool first = true; first || start < help.size(); first = false) {
            size_t end = help.find('\n', start);
            if (end == std::string::npos) end = help.size();
            out += (first ? head : std::string(kHelpColumn, ' ')) +
                   help.substr(start, end - start) + "\n";
            start = end + 1;
        }
    }
    return out;
}

bool parseWholeNumber(const std::string& text, const char* what, long long min, long long max,
                      long long* out, std::string* error) {
    std::string digits = text;
    bool negative = false;
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
        negative = digits[0] == '-';
        digits = digits.substr(1);
    }
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) {
        *error = std::string(what) + ": '" + text + "' is not a whole number";
        return false;
    }
    if (negative && min >= 0 && digits.find_first_not_of('0') != std::string::npos) {
        *error = std::string(what) + ": '" + text + "' is negative";
        return false;
    }
    // Accumulate with a cap so that a 40-digit number cannot overflow.
    const long long cap = max >= -min ? max : -min;
    long long v = 0;
    bool tooBig = false;
    for (char c : digits) {
        v = v * 10 + (c - '0');
        if (v > cap) {
            tooBig = true;
            break;
        }
    }
    if (negative && !tooBig) v = -v;
    if (tooBig || v > max || v < min) {
        *error = std::string(what) + ": '" + text + "' is outside " + std::to_string(min) + ".." +
                 std::to_string(max);
        return false;
    }
    *out = v;
    return true;
}

}  // namespace ts::cli
