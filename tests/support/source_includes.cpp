#include "source_includes.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace ts::test {

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = TILESTEP_SOURCE_DIR;

std::string rel(const fs::path& p) {
    return fs::relative(p, kRoot).generic_string();
}

}  // namespace

std::string readSourceFile(const std::string& file) {
    std::ifstream in(kRoot / file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> sourcesUnder(const std::string& dir) {
    std::vector<std::string> out;
    if (!fs::exists(kRoot / dir)) return out;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".h" || ext == ".cpp" || ext == ".c"))
            out.push_back(rel(e.path()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Include> includesOf(const std::string& file) {
    static const std::regex quoted(R"(^\s*#\s*include\s*"([^"]+)\")");
    static const std::regex angled(R"(^\s*#\s*include\s*<([^>]+)>)");
    std::istringstream in(readSourceFile(file));
    std::vector<Include> out;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        std::smatch m;
        if (std::regex_search(line, m, angled)) {
            out.push_back({file, "<" + m[1].str() + ">", m[1].str(), n});
            continue;
        }
        if (!std::regex_search(line, m, quoted)) continue;
        Include inc{file, "", m[1].str(), n};
        for (const fs::path& dir :
             {(kRoot / file).parent_path(), kRoot / "core", kRoot / "app", kRoot / "include"}) {
            const fs::path p = (dir / inc.text).lexically_normal();
            if (fs::exists(p)) {
                inc.target = rel(p);
                break;
            }
        }
        out.push_back(inc);
    }
    return out;
}

std::string where(const Include& i) {
    return i.from + ":" + std::to_string(i.line) + ": #include \"" + i.text + "\"";
}

}  // namespace ts::test
