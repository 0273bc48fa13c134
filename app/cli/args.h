// Command-line parsing shared by the headless sub-commands: flags from a fixed list, the rest
// positional. Kept separate from the commands so that every command reports the same errors.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ts::cli {

// One flag of a command line, declared once: the parser reads it, the usage text is made from
// it (formatFlagHelp) or checked against it (tests/cli/test_cli_flags.cpp).
struct FlagSpec {
    const char* name;  // with the dashes: "--frames"
    bool takesValue;
    const char* valueName = nullptr;  // in the usage text: "N" in "--frames N"
    const char* help = nullptr;       // one or more lines ('\n') for the usage text
    // May be given more than once (each --plugin loads one more library); every value is
    // kept in order in ParsedArgs::lists. Other flags given twice are a usage error.
    bool repeatable = false;
};

struct ParsedArgs {
    std::vector<std::string> positional;
    std::map<std::string, std::string> values;              // flags that take a value
    std::set<std::string> switches;                         // flags without a value
    std::map<std::string, std::vector<std::string>> lists;  // repeatable flags, in order
    bool help = false;                                      // --help or -h anywhere

    bool has(const std::string& flag) const {
        return switches.count(flag) != 0 || values.count(flag) != 0 || lists.count(flag) != 0;
    }
    // The flag's value, or nullptr when it was not given (or is repeatable: see all()).
    const std::string* value(const std::string& flag) const {
        auto it = values.find(flag);
        return it == values.end() ? nullptr : &it->second;
    }
    // Every value of a repeatable flag in the order given; empty when it was not given.
    std::vector<std::string> all(const std::string& flag) const {
        auto it = lists.find(flag);
        return it == lists.end() ? std::vector<std::string>() : it->second;
    }
};

// Parses args (the words after the command name). Accepts "--flag VALUE" and "--flag=VALUE";
// "--" ends the flags so that a path may start with a dash. On a usage error returns false
// and sets *error ("unknown option '--x'", "option --frames needs a value", ...).
bool parseArgs(const std::vector<std::string>& args, const std::vector<FlagSpec>& flags,
               ParsedArgs* out, std::string* error);

// The usage lines of flags: "  --frames N        help", the help in one column, continued
// lines indented to it.
std::string formatFlagHelp(const std::vector<FlagSpec>& flags);

// A whole decimal number in [min, max], nothing else (no sign for min >= 0, no spaces, no
// exponent). On failure sets *error to "WHAT: problem" naming the text.
bool parseWholeNumber(const std::string& text, const char* what, long long min, long long max,
                      long long* out, std::string* error);

}  // namespace ts::cli
