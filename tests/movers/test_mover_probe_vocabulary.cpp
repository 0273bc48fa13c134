// Each built-in mover declares the probes it records (MoverInfo::probes: kinds and the verdicts
// each can have); breakpoints are checked against it (sim/break_check.h). Here every built-in
// runs over the sample maps (every actor switched to it) and over random maps, with random
// keys, traced: every probe it records must be declared with its verdict, so that the
// declaration cannot go stale when a model starts recording something new. And every declared
// kind is seen at least once (a few listed exceptions), so that no dead kind hides a
// breakpoint that cannot fire.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "io/map_io.h"
#include "property.h"
#include "sim/sim.h"
#include "test_support.h"
#include "trace/probe_vocabulary.h"

using namespace ts;

namespace {

// kind -> verdict bits seen
using Seen = std::map<std::string, unsigned>;

constexpr uint64_t kRandomMaps = 60;

// Declared kinds these runs do not reach: grid_walls' rule names for a move refused on both
// axes at once into or out of a b region, and for one axis into a solid cell's a region
// (ruleWhy in core/movers/detail/grid_walls_sweep.cpp names them; reaching them takes walls and
// spawns the random maps do not make). Every other declared kind must show up.
const std::set<std::string> kNotReached = {"grid_walls:b_block_xy", "grid_walls:c_from_b_xy",
                                           "grid_walls:a_solid_x", "grid_walls:a_solid_y"};

void runMap(Map m, MoverKind kind, uint64_t seed, size_t frames, Seen* seen) {
    for (Actor& a : m.actors) {
        a.mover = kind;
        a.params = defaultParams(kind);
        if (moverInfo(kind).round) a.h = a.w;
    }
    Sim sim(m);
    const std::vector<InputBits> keys = test::randomInputs(seed, frames, 30);
    Trace trace;
    for (InputBits k : keys) {
        // Every actor gets the keys, so that each of them moves and probes.
        sim.step(std::vector<InputBits>(m.actors.size(), k), &trace);
        for (const Probe& p : trace.probes) (*seen)[p.why] |= verdictBit(p.verdict);
    }
}

Seen runEverywhere(MoverKind kind) {
    Seen seen;
    for (const char* sample :
         {"maps/platformer-slopes.json", "maps/grid-walls.json", "maps/zelda-room.json",
          "maps/bomber.json", "maps/tiled-platformer.json"})
        for (uint64_t seed = 1; seed <= 3; ++seed)
            runMap(loadMap(test::sourcePath(sample)), kind, seed, 1500, &seen);
    // Random maps: thin walls, one-way tiles and slopes the samples may lack; one spawn in
    // three wherever the seed puts it, solid or not (the escape paths).
    for (uint64_t seed = 1; seed <= kRandomMaps; ++seed) {
        test::RandomMapOptions opt;
        opt.tileSize = seed % 2 ? 16 : 12;
        Map m = test::randomMap(seed, opt);
        m.actors.clear();
        if (seed % 3 != 0) {
            if (!test::addActorAtFreeSpot(m, kind, seed, 10 + int32_t(seed % 8), 14)) continue;
        } else {
            Actor a;
            a.name = "hero";
            a.mover = kind;
            a.w = a.h = 12;
            a.x = int64_t(seed * 37) % (int64_t(opt.width) * opt.tileSize);
            a.y = int64_t(seed * 53) % (int64_t(opt.height) * opt.tileSize);
            m.actors.push_back(a);
        }
        runMap(m, kind, seed, 1500, &seen);
    }
    return seen;
}

class ProbeVocabularyTest : public ::testing::TestWithParam<MoverKind> {};

TEST_P(ProbeVocabularyTest, EveryRecordedProbeIsDeclaredAndEveryDeclaredKindIsRecorded) {
    const MoverInfo& info = moverInfo(GetParam());
    ASSERT_NE(info.probes, nullptr) << info.id << " declares no probe vocabulary";
    const ProbeVocabulary& v = *info.probes;
    const Seen seen = runEverywhere(GetParam());
    ASSERT_FALSE(seen.empty());
    for (const auto& [kind, verdicts] : seen) {
        const unsigned declared = v.verdictsOf(kind);
        EXPECT_NE(declared, 0u) << info.id << " records '" << kind << "' probes ("
                                << verdictList(verdicts) << ") but does not declare the kind";
        EXPECT_EQ(verdicts & ~declared, 0u)
            << info.id << "'s '" << kind << "' probes are " << verdictList(verdicts)
            << ", declared " << verdictList(declared);
    }
    for (int i = 0; i < v.count; ++i) {
        const std::string kind = v.words[i].kind;
        if (kNotReached.count(std::string(info.id) + ":" + kind)) continue;
        EXPECT_TRUE(seen.count(kind))
            << info.id << " declares '" << kind << "' but never recorded it";
    }
}

INSTANTIATE_TEST_SUITE_P(Builtins, ProbeVocabularyTest,
                         ::testing::ValuesIn(std::vector<MoverKind>{MoverKind(0), MoverKind(1),
                                                                    MoverKind(2), MoverKind(3)}),
                         [](const ::testing::TestParamInfo<MoverKind>& i) {
                             return std::string(moverInfo(i.param).id);
                         });

TEST(ProbeVocabulary, BuiltinsAreTheRegistrysFirstFour) {
    EXPECT_EQ(builtinMoverCount(), 4) << "add the new built-in to the list above";
}

TEST(ProbeVocabulary, VerdictListsReadAsEnglish) {
    EXPECT_EQ(verdictList(verdictBit(Verdict::Hit)), "hit");
    EXPECT_EQ(verdictList(verdictBit(Verdict::Hit) | verdictBit(Verdict::Miss)), "hit or miss");
    EXPECT_EQ(verdictList(verdictBit(Verdict::Miss) | verdictBit(Verdict::Pass) |
                          verdictBit(Verdict::Info)),
              "miss, pass or info");
    EXPECT_EQ(verdictList(verdictBit(Verdict::Block) | verdictBit(Verdict::Pass), "and"),
              "block and pass");
    EXPECT_EQ(verdictList(0), "");
}

}  // namespace
