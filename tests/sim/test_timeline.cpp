// Recording, seeking and rewinding: seeking to any position must give exactly the state
// (and the probes) that stepping there from the start gives.
#include <gtest/gtest.h>

#include "property.h"
#include "record/trace_writer.h"
#include "sim/timeline.h"
#include "record/trace_writer.h"

using namespace ts;

namespace {

Map twoActorMap(uint64_t seed) {
    Map m = test::randomMap(seed);
    EXPECT_TRUE(test::addActorAtFreeSpot(m, MoverKind::PixelSweep, seed + 1, 10, 14, "a"));
    EXPECT_TRUE(test::addActorAtFreeSpot(m, MoverKind::ScanlineSlide, seed + 2, 12, 12, "b"));
    return m;
}

// Reference: a fresh Sim stepped p times with the recorded keys, probes of the last step.
Sim::Snapshot reference(const Map& m, const std::vector<std::vector<InputBits>>& keys, int64_t p,
                        Trace* trace) {
    Sim sim(m);
    for (int64_t f = 0; f < p; ++f) sim.step(keys[size_t(f)], f == p - 1 ? trace : nullptr);
    return sim.snapshot();
}

}  // namespace

TEST(Timeline, SeekEqualsSteppingFromTheStart) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        Map m = twoActorMap(seed * 10);
        auto a = test::randomInputs(seed, 700), b = test::randomInputs(seed + 99, 700);
        std::vector<std::vector<InputBits>> keys;
        Timeline tl(m, 16);
        for (size_t f = 0; f < a.size(); ++f) {
            keys.push_back({a[f], b[f]});
            tl.step(keys.back(), nullptr);
        }
        ASSERT_EQ(tl.length(), 700);
        test::Rng rng(seed);
        for (int i = 0; i < 40; ++i) {
            int64_t p = rng.range(0, 700);
            Trace got, want;
            tl.seek(p, &got);
            Sim::Snapshot ref = reference(m, keys, p, &want);
            for (int again = 0; again < 2; ++again) {  // seeking to where it is must work too
                ASSERT_EQ(tl.position(), p);
                ASSERT_EQ(tl.sim().states(), ref.states) << "seed " << seed << " position " << p;
                ASSERT_EQ(got.probes.size(), want.probes.size()) << p;
                for (size_t k = 0; k < got.probes.size(); ++k)
                    ASSERT_EQ(probeJson(got.probes[k]), probeJson(want.probes[k]));
                tl.seek(p, &got);
            }
        }
    }
}

TEST(Timeline, ReplaysRecordedKeysAndRecordsPastTheEnd) {
    Map m = twoActorMap(3);
    Timeline tl(m);
    tl.step({KEY_R, 0}, nullptr);
    tl.step({KEY_R, 0}, nullptr);
    tl.seek(0, nullptr);
    tl.step({KEY_L, KEY_L}, nullptr);  // inside the recording: replays R, ignores L
    EXPECT_EQ(tl.keysAt(0, 0), KEY_R);
    EXPECT_EQ(tl.length(), 2);
    tl.stepRecording({KEY_L, KEY_U}, nullptr);  // overwrite from position 1 on
    EXPECT_EQ(tl.length(), 2);
    EXPECT_EQ(tl.keysAt(1, 0), KEY_L);
    EXPECT_EQ(tl.keysAt(1, 1), KEY_U);
    EXPECT_EQ(formatInputLog(tl.log(0)), "1,R\n1,L\n");
}

TEST(Timeline, SnapshotMemoryIsBoundedAndSeekStillExact) {
    Map m = twoActorMap(5);
    const size_t budget = 64 * 1024;
    Timeline tl(m, 8, budget);
    auto in = test::randomInputs(5, 20000);
    std::vector<std::vector<InputBits>> keys;
    for (InputBits k : in) {
        keys.push_back({k, InputBits(k ^ KEY_J)});
        tl.step(keys.back(), nullptr);
        ASSERT_LE(tl.snapshotBytes(), budget);
    }
    EXPECT_GT(tl.snapshotInterval(), 8);  // it had to thin out
    tl.seek(12345, nullptr);
    EXPECT_EQ(tl.sim().states(), reference(m, keys, 12345, nullptr).states);
}

TEST(Timeline, ParameterChangesAreReplayedWhenSeeking) {
    Map m = twoActorMap(7);
    Timeline tl(m, 4);
    auto in = test::randomInputs(7, 200);
    for (size_t f = 0; f < 100; ++f) tl.step({in[f], 0}, nullptr);
    ParamValues p = tl.params(0);
    p[0] = p[0] + Fix::fromInt(1);  // the first parameter, whatever it is, a bit larger
    tl.setParams(0, p);
    for (size_t f = 100; f < 200; ++f) tl.step({in[f], 0}, nullptr);
    const auto end = tl.sim().states();
    tl.seek(3, nullptr);
    EXPECT_NE(tl.params(0), p);
    tl.seek(200, nullptr);
    EXPECT_EQ(tl.sim().states(), end);
    EXPECT_EQ(tl.params(0), p);
    // Without snapshots (dropped by a map change) the change must be replayed too.
    tl.mapChanged(nullptr);
    EXPECT_EQ(tl.position(), 200);
    EXPECT_EQ(tl.sim().states(), end);
}

// params() is what the next step uses: after a seek to the position of a tuning, that
// tuning (a step applies it only when it runs).
TEST(Timeline, ParamsAfterASeekIncludeTheTuningMadeThere) {
    Map m = twoActorMap(7);
    Timeline tl(m, 4);
    for (int f = 0; f < 50; ++f) tl.step({0, 0}, nullptr);
    tl.seek(10, nullptr);
    ParamValues p = tl.params(0);
    p[0] = p[0] + Fix::fromInt(1);
    tl.setParams(0, p);
    tl.seek(30, nullptr);
    tl.seek(10, nullptr);
    EXPECT_EQ(tl.params(0), p);
    tl.seek(9, nullptr);
    EXPECT_NE(tl.params(0), p);
}

// Compare's tuning from the start keeps the other constants tuned before it, in every
// tuning the recording holds for the actor.
TEST(Timeline, TuningFromTheStartKeepsTheOtherTunedConstants) {
    Map m = twoActorMap(7);
    Timeline tl(m, 4);
    for (int f = 0; f < 50; ++f) tl.step({0, 0}, nullptr);
    const ParamValues map = tl.params(0);
    const Fix one = Fix::fromInt(1);
    tl.seek(20, nullptr);
    tl.tuneFromStart(0, 0, map[0] + one, nullptr);
    EXPECT_EQ(tl.position(), 20);
    tl.seek(40, nullptr);
    tl.setParams(0, [&] {  // a tuning without Compare, from 40 on
        ParamValues v = tl.params(0);
        v[1] = v[1] + one;
        return v;
    }());
    tl.tuneFromStart(0, 2, map[2] + one, nullptr);
    EXPECT_EQ(tl.position(), 40);
    ParamValues expected = map;
    expected[0] = map[0] + one;
    expected[1] = map[1] + one;
    expected[2] = map[2] + one;
    EXPECT_EQ(tl.params(0), expected);
    EXPECT_EQ(*tl.lastTuning(0), expected);
    tl.seek(0, nullptr);
    expected[1] = map[1];  // tuned from 40 on only
    EXPECT_EQ(tl.params(0), expected);
}

TEST(Timeline, MapChangeResimulatesFromTheStartWithTheSameKeys) {
    Map m = twoActorMap(9);
    Timeline tl(m, 16);
    auto in = test::randomInputs(9, 300);
    std::vector<std::vector<InputBits>> keys;
    for (InputBits k : in) {
        keys.push_back({k, 0});
        tl.step(keys.back(), nullptr);
    }
    m.actors[0].x += 1;  // edit: move the first actor's spawn one pixel
    tl.mapChanged(nullptr);
    EXPECT_EQ(tl.position(), 300);
    EXPECT_EQ(tl.sim().states(), reference(m, keys, 300, nullptr).states);
    m.actors.pop_back();  // an actor removed: the other keeps its keys
    tl.mapChanged(nullptr);
    EXPECT_EQ(tl.actorCount(), 1u);
    std::vector<std::vector<InputBits>> one;
    for (auto& k : keys) one.push_back({k[0]});
    EXPECT_EQ(tl.sim().states(), reference(m, one, 300, nullptr).states);
}

TEST(Timeline, HistoryHoldsTheLastStatesAndEndsAtTheSeekTarget) {
    Map m = twoActorMap(11);
    Timeline tl(m, 8);
    auto in = test::randomInputs(11, 300);
    std::vector<std::vector<MoverState>> states(2);
    for (InputBits k : in) {
        tl.step({k, k}, nullptr);
        for (size_t a = 0; a < 2; ++a) states[a].push_back(tl.sim().states()[a]);
    }
    std::vector<std::vector<MoverState>> hist;
    Trace got, want;
    tl.seekWithHistory(250, &got, 30, &hist);
    tl.seek(250, &want);
    ASSERT_EQ(hist.size(), 2u);
    ASSERT_EQ(hist[1].size(), 31u);  // positions 220..250
    for (size_t k = 0; k <= 30; ++k)
        EXPECT_EQ(hist[1][k], states[1][219 + k]);  // position p = after p steps
    EXPECT_EQ(tl.position(), 250);
    ASSERT_EQ(got.probes.size(), want.probes.size());
    tl.seekWithHistory(5, nullptr, 30, &hist);  // clipped at the start: positions 0..5
    EXPECT_EQ(hist[0].size(), 6u);
}
