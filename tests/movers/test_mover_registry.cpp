// The registry is the one list of movers: MoverKind's named values are the built-ins in its
// order, every built-in has its page, and every list of the movers in the docs (README.md,
// docs/*.md: ids separated by ", " in a line, from the first built-in on; a table whose first
// column names two or more of them) follows the registry, so that adding a mover fails here
// until the docs name it. Lists of some movers ("used by") start elsewhere and are not read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "movers/mover.h"
#include "movers/mover_registry.h"
#include "test_support.h"

using namespace ts;

namespace {

std::vector<std::string> builtinIds(int round = -1) {
    std::vector<std::string> ids;
    for (int k = 0; k < builtinMoverCount(); ++k) {
        const MoverInfo& m = moverInfo(MoverKind(k));
        if (round < 0 || int(m.round) == round) ids.push_back(m.id);
    }
    return ids;
}

bool isBuiltinId(const std::string& id) {
    const MoverInfo* m = findMover(id);
    return m && isBuiltinMover(m->kind);
}

std::string joined(const std::vector<std::string>& ids) {
    std::string s;
    for (const std::string& id : ids) s += (s.empty() ? "" : ", ") + id;
    return s;
}

bool endsWith(const std::string& s, const std::string& end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

std::vector<std::string> docFiles() {
    std::vector<std::string> files = {test::sourcePath("README.md")};
    for (const auto& e : std::filesystem::directory_iterator(test::sourcePath("docs")))
        if (e.path().extension() == ".md") files.push_back(e.path().string());
    return files;
}

std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST(MoverRegistry, NamedKindsAreTheBuiltinsInOrder) {
    const std::pair<MoverKind, const char*> named[] = {
        {MoverKind::PixelSweep, "pixel_sweep"},
        {MoverKind::GridWalls, "grid_walls"},
        {MoverKind::TopDownAabb, "topdown_aabb"},
        {MoverKind::ScanlineSlide, "scanline_slide"},
    };
    for (const auto& [kind, id] : named) {
        ASSERT_TRUE(isBuiltinMover(kind)) << id;
        EXPECT_STREQ(moverInfo(kind).id, id);
    }
}

TEST(MoverRegistry, EveryKindIsItsEntrysIndex) {
    ASSERT_GE(moverCount(), builtinMoverCount());
    const std::vector<MoverKind> kinds = moverKinds();
    ASSERT_EQ(int(kinds.size()), moverCount());
    std::set<std::string> ids;
    for (int k = 0; k < moverCount(); ++k) {
        const MoverInfo& m = moverInfo(MoverKind(k));
        EXPECT_EQ(kinds[size_t(k)], MoverKind(k));
        EXPECT_EQ(m.kind, MoverKind(k)) << m.id;
        EXPECT_EQ(findMover(m.id), &m) << m.id;
        EXPECT_TRUE(ids.insert(m.id).second) << m.id << " twice";
        EXPECT_NE(m.stepFn, nullptr) << m.id;
    }
    EXPECT_FALSE(isKnownMover(MoverKind(moverCount())));
    EXPECT_EQ(&moverInfo(MoverKind(255)), &moverInfo(MoverKind(0)));  // unknown: the first
}

TEST(MoverRegistry, EveryBuiltinHasItsPage) {
    for (const std::string& id : builtinIds())
        EXPECT_TRUE(std::filesystem::exists(test::sourcePath("docs/movers/" + id + ".md")))
            << "docs/movers/" << id << ".md";
}

TEST(MoverRegistry, DocsListTheRegistrysMovers) {
    const std::string all = joined(builtinIds());
    // Ids separated by ", ", all backticked or none.
    const std::regex list(
        "(`[a-z][a-z0-9_]*`(, `[a-z][a-z0-9_]*`)+)|"
        "(\\b[a-z][a-z0-9_]*(, [a-z][a-z0-9_]*)+\\b)");
    const std::regex tableRow("^\\| `([a-z][a-z0-9_]*)` \\|");
    int tables = 0;
    for (const std::string& file : docFiles()) {
        const std::vector<std::string> text = lines(file);
        std::vector<std::string> column;  // first cells of the table being read
        for (size_t n = 0; n <= text.size(); ++n) {
            const std::string line = n < text.size() ? text[n] : "";
            const std::string where = file + ":" + std::to_string(n + 1);
            std::smatch row;
            if (std::regex_search(line, row, tableRow)) {
                column.push_back(row[1]);
            } else if (!column.empty()) {
                int known = 0;
                for (const std::string& id : column) known += isBuiltinId(id);
                if (known >= 2) {
                    ++tables;
                    EXPECT_EQ(joined(column), all) << "the table ending at " << where;
                }
                column.clear();
            }
            for (auto it = std::sregex_iterator(line.begin(), line.end(), list);
                 it != std::sregex_iterator(); ++it) {
                std::string found = it->str();
                found.erase(std::remove(found.begin(), found.end(), '`'), found.end());
                std::vector<std::string> ids;
                int known = 0;
                for (size_t at = 0; at <= found.size();) {
                    const size_t comma = found.find(", ", at);
                    ids.push_back(found.substr(at, comma - at));
                    known += isBuiltinId(ids.back());
                    at = comma == std::string::npos ? found.size() + 1 : comma + 2;
                }
                if (known < 2 || ids[0] != builtinIds()[0]) continue;
                // "square movers (...)" and "round movers (...)" list those alone.
                const std::string before = line.substr(0, size_t(it->position()));
                const int round = endsWith(before, "square movers (")  ? 0
                                  : endsWith(before, "round movers (") ? 1
                                                                       : -1;
                EXPECT_EQ(joined(ids), joined(builtinIds(round))) << where << ": " << line;
            }
        }
    }
    // The README's table and docs/movers.md's two. The other pages name the movers by
    // pointing at docs/movers.md's table (issue 30: a new mover had six pages to add its id
    // to); a list written anyway must name them all.
    EXPECT_GE(tables, 3);
}

// Issue 30: actor colours came from a table in the editor keyed by the built-ins, so a new
// mover was grey. Each mover's colour is the registry's: the built-ins' own (distinct, as the
// editor always drew them), and for a mover without one, a colour made from its id: opaque,
// not the old grey, and the same every time.
TEST(MoverRegistry, EveryMoverHasItsOwnColour) {
    std::set<uint32_t> seen;
    for (int k = 0; k < builtinMoverCount(); ++k) {
        const uint32_t c = moverColour(MoverKind(k));
        EXPECT_EQ(c >> 24, 0xffu);
        EXPECT_TRUE(seen.insert(c).second) << moverInfo(MoverKind(k)).id << " shares a colour";
    }
    EXPECT_EQ(moverColour(MoverKind(0)), 0xffff7eb0u);  // pixel_sweep's pink, as before
    MoverInfo info = moverInfo(MoverKind(0));
    info.id = "colour_test_mover";
    info.colour = 0;
    MoverKind kind{};
    std::string error;
    ASSERT_TRUE(registerMover(info, &kind, &error)) << error;
    const uint32_t made = moverColour(kind);
    EXPECT_EQ(made >> 24, 0xffu);
    EXPECT_NE(made, 0xffe0e0e0u);
    EXPECT_EQ(seen.count(made), 0u);
    EXPECT_EQ(moverColour(kind), made);  // the same every time
    // Another id, another colour; a colour given in the info is used as given.
    info.id = "colour_test_mover_2";
    MoverKind other{};
    ASSERT_TRUE(registerMover(info, &other, &error)) << error;
    EXPECT_NE(moverColour(other), made);
    info.id = "colour_test_mover_3";
    info.colour = 0xff123456u;
    ASSERT_TRUE(registerMover(info, &other, &error)) << error;
    EXPECT_EQ(moverColour(other), 0xff123456u);
}
