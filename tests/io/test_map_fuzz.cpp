// Random damage to valid map files: loading must either succeed with a valid map or throw
// MapError naming the file; never crash, never throw anything else, never allocate wildly
// (run under ASan in CI). The generator is seeded, so every run tests the same inputs.
#include <gtest/gtest.h>

#include <random>

#include "io/map_io.h"
#include "test_support.h"
#include "movers/mover.h"

namespace ts {
namespace {

Map sampleMap() {
    Map m = test::mapFromRows({
        "....................",
        "..##.......=====....",
        "........./#\\.......",
        "....ab..##########..",
        "####################",
    });
    m.walls.setH(3, 1, true);
    m.walls.setV(7, 2, true);
    m.walls.setV(20, 0, true);
    m.brushes.push_back({RectI{40, 8, 17, 5}});
    m.brushes.push_back({RectI{100, 30, 2, 2}});
    for (size_t k = 0; k < size_t(moverCount()); ++k) {
        Actor a;
        a.name = "a" + std::to_string(k);
        a.mover = MoverKind(k);
        a.x = int64_t(16 * k);
        a.y = 4;
        a.params = defaultParams(a.mover);
        m.actors.push_back(a);
    }
    return m;
}

// Loads; a successful load must give a valid map that writes back to the same map.
template <class Load, class Save>
void expectSafe(const std::string& bytes, const std::string& name, Load load, Save save,
                int* errors) {
    try {
        Map m = load(bytes, name);
        ASSERT_EQ(validateMap(m), "");
        ASSERT_TRUE(load(save(m), name) == m);
    } catch (const MapError& e) {
        ASSERT_EQ(std::string(e.what()).rfind(name + ": ", 0), 0u) << e.what();
        ++*errors;
    }
}

TEST(MapFuzz, DamagedBinaryNeverCrashes) {
    const std::string valid = mapToBinary(sampleMap());
    std::mt19937 rng(12345);
    int errors = 0;
    const int kRounds = 4000;
    for (int round = 0; round < kRounds; ++round) {
        std::string b = valid;
        const int kind = round % 4;
        if (kind == 0) {  // flip a few bytes
            for (int i = 1 + int(rng() % 4); i > 0; --i) b[rng() % b.size()] = char(rng());
        } else if (kind == 1) {  // cut at a random length, then maybe append junk
            b.resize(rng() % b.size());
            if (rng() % 2) b += char(rng());
        } else if (kind == 2) {  // insert or delete a byte
            size_t at = rng() % b.size();
            if (rng() % 2)
                b.insert(b.begin() + long(at), char(rng()));
            else
                b.erase(b.begin() + long(at));
        } else {  // keep the header, random body
            for (size_t i = 9 + rng() % 40; i < b.size(); ++i) b[i] = char(rng());
        }
        expectSafe(b, "f.tsmap", mapFromBinary, mapToBinary, &errors);
        if (HasFatalFailure()) return;
    }
    // Most damage must be detected (a flipped tile id or colour can still be a valid map).
    EXPECT_GT(errors, kRounds / 2);
}

TEST(MapFuzz, DamagedJsonNeverCrashes) {
    const std::string valid = mapToJson(sampleMap());
    const std::string alphabet = "{}[],:\"0123456789-.eE aN\\";
    std::mt19937 rng(777);
    int errors = 0;
    const int kRounds = 3000;
    for (int round = 0; round < kRounds; ++round) {
        std::string t = valid;
        if (round % 3 == 0) {
            t.resize(rng() % t.size());
        } else {
            for (int i = 1 + int(rng() % 3); i > 0; --i) {
                size_t at = rng() % t.size();
                char c = round % 3 == 1 ? alphabet[rng() % alphabet.size()] : char(rng());
                t[at] = c;
            }
        }
        expectSafe(t, "f.json", mapFromJson, mapToJson, &errors);
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(errors, kRounds / 2);
}

}  // namespace
}  // namespace ts
