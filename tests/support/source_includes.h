// The source tree's #include lines, for the tests that check the architecture's rules
// (tests/core/test_core_structure.cpp, test_app_structure.cpp) by reading the code itself.
#pragma once
#include <string>
#include <vector>

namespace ts::test {

struct Include {
    std::string from;    // the including file, relative to the source root
    std::string target;  // the included file relative to the source root, "<...>" if angled,
                         // "" if not found
    std::string text;    // as written
    int line;
};

// .h, .cpp and .c files below DIR (relative to the source root), sorted.
std::vector<std::string> sourcesUnder(const std::string& dir);
// FILE's includes; quoted ones resolve against its folder, then core/, app/, include/.
std::vector<Include> includesOf(const std::string& file);
// "FILE:LINE: #include TEXT", for failure messages.
std::string where(const Include& i);
std::string readSourceFile(const std::string& rel);

}  // namespace ts::test
