#include "ldtk_level_list.h"

#include <cstdio>

#include "base/json_text.h"

namespace ts::cli {

void printLevels(const std::vector<interop::LdtkLevelSummary>& levels) {
    std::printf("levels:     %zu (--level NAME picks one)\n", levels.size());
    for (const interop::LdtkLevelSummary& l : levels) {
        std::printf("  %c %-20s ", l.chosen ? '*' : ' ', l.name.c_str());
        if (!l.problem.empty()) {
            std::printf("%s\n", l.problem.c_str());
            continue;
        }
        std::printf("%lld x %lld cells of %d px, %zu %s", (long long)l.width, (long long)l.height,
                    l.cellSize, l.entities, l.entities == 1 ? "entity" : "entities");
        std::printf("%s%s\n", l.file.empty() ? "" : ", ", l.file.c_str());
    }
}

std::string levelsJson(const std::vector<interop::LdtkLevelSummary>& levels) {
    auto num = [](int64_t v) { return std::to_string(v); };
    auto textOrNull = [](std::string& o, const std::string& s) {
        if (s.empty())
            o += "null";
        else
            appendJsonString(o, s);
    };
    std::string o = "\"levels\":[";
    for (size_t i = 0; i < levels.size(); ++i) {
        const interop::LdtkLevelSummary& l = levels[i];
        o += i ? ",{\"name\":" : "{\"name\":";
        appendJsonString(o, l.name);
        o += ",\"width\":" + num(l.width) + ",\"height\":" + num(l.height) +
             ",\"cell_size\":" + num(l.cellSize) + ",\"entities\":" + num(int64_t(l.entities)) +
             ",\"file\":";
        textOrNull(o, l.file);
        o += std::string(",\"shown\":") + (l.chosen ? "true" : "false") + ",\"problem\":";
        textOrNull(o, l.problem);
        o += "}";
    }
    return o + "]";
}

}  // namespace ts::cli
