// Deliberately broken movers (broken_movers.h): the hunt finds each planted defect as the
// kind the issue defines, shrinks its log to a few lines and the case replays.
#include <gtest/gtest.h>

#include "broken_movers.h"
#include "hunt/hunt.h"
#include "movers/pixel_sweep.h"
#include "movers/step_context.h"
#include "test_support.h"

namespace ts {
namespace {

using test::Defect;

// A room of open floor, 12 x 12 px actor at (x, y).
Map room(MoverKind kind, int64_t x, int64_t y) {
    Map m = test::mapFromRows({"############",  //
                               "#..........#",  //
                               "#..........#",  //
                               "#..........#",  //
                               "#..........#",  //
                               "############"});
    m.actors.push_back(test::makeActor("hero", kind, x, y, 12, 12));
    return m;
}

HuntResult hunt(const Map& m, int64_t frames = 100000, int jobs = 1, uint64_t seed = 1) {
    HuntOptions opt;
    opt.frames = frames;
    opt.jobs = jobs;
    opt.seed = seed;
    HuntResult r;
    std::string error;
    EXPECT_TRUE(huntMap(m, opt, &r, &error)) << error;
    return r;
}

// The finding of `kind`; fails the test when there is none.
const SnagFinding* findingOf(const HuntResult& r, SnagKind kind) {
    for (const SnagFinding& f : r.findings)
        if (f.kind == kind) return &f;
    ADD_FAILURE() << "no " << snagKindName(kind) << " finding among " << r.findings.size();
    return nullptr;
}

// Found, shrunk to at most `lines` lines, replays (twice, in recheckFinding).
void expectShrunkCase(const Map& m, const SnagFinding* f, size_t lines = 3) {
    if (!f) return;
    EXPECT_LE(f->inputs.runs.size(), lines) << formatInputLog(f->inputs);
    std::string why;
    EXPECT_TRUE(recheckFinding(m, *f, &why)) << why;
    // The log ends at the detection frame: the debugger opens at it.
    EXPECT_EQ(f->inputs.frames(), f->frame + 1);
}

TEST(HuntBroken, SeamSnagIsFoundAsStuckAndSnagAtTheSeam) {
    const Map m = room(test::brokenMover(Defect::Seam), 20, 52);  // on the floor (row 4)
    const HuntResult r = hunt(m);
    for (SnagKind k : {SnagKind::Stuck, SnagKind::Snag}) {
        const SnagFinding* f = findingOf(r, k);
        expectShrunkCase(m, f);
        if (f) {
            EXPECT_EQ(f->feature.kind, "seam") << f->feature.text;
            EXPECT_EQ(f->dir, DIR_RIGHT);
        }
    }
}

TEST(HuntBroken, TunnelIsFoundThroughAThinBrush) {
    Map m = room(test::brokenMover(Defect::Tunnel), 30, 40);
    m.brushes.push_back(Brush{RectI{96, 16, 2, 64}});
    const HuntResult r = hunt(m);
    const SnagFinding* f = findingOf(r, SnagKind::Tunnel);
    expectShrunkCase(m, f);
    if (f) {
        EXPECT_EQ(f->feature.kind, "brush") << f->feature.text;
    }
}

TEST(HuntBroken, JitterIsFound) {
    const Map m = room(test::brokenMover(Defect::Jitter), 60, 40);
    const HuntResult r = hunt(m);
    expectShrunkCase(m, findingOf(r, SnagKind::Jitter));
}

TEST(HuntBroken, EndingInsideSolidIsFound) {
    const Map m = room(test::brokenMover(Defect::Inside), 60, 40);
    const HuntResult r = hunt(m);
    const SnagFinding* f = findingOf(r, SnagKind::Inside);
    expectShrunkCase(m, f);
}

// Only J held for exactly 7 frames, released where x mod 16 == 3, throws the box out.
TEST(HuntBroken, PreciseTimingDefectIsFoundAsEscape) {
    const Map m = room(test::brokenMover(Defect::Timing), 20, 40);
    const HuntResult r = hunt(m, 200000);
    const SnagFinding* f = findingOf(r, SnagKind::Escape);
    // A walk to x mod 16 == 3, 7 frames of J (which may walk too), the release: a few lines.
    expectShrunkCase(m, f, 4);
    if (f) {
        EXPECT_EQ(f->feature.kind, "map edge") << f->feature.text;
    }
}

// The pixel sweep with its corner correction switched off in the step while its rules still
// promise it: a blocked rise past a ceiling corner is a `corner`.
MoverState noCorrectionStep(const void*, const MoverState& s, InputBits in, const ParamValues& p,
                            const CollisionWorld& w, Trace* t, const StepContext& sc) {
    ParamValues q = p;
    q[pixel_sweep::kCornerCorrection] = Fix{};
    return kPixelSweepMover.step(s, in, q, w, t, sc);
}

TEST(HuntBroken, MissingCornerCorrectionIsFound) {
    static MoverKind kind = [] {
        MoverInfo info = kPixelSweepMover;
        info.id = "test_broken_corner";
        info.stepFn = noCorrectionStep;
        MoverKind k{};
        std::string error;
        if (const MoverInfo* known = findMover(info.id)) return known->kind;
        registerMover(info, &k, &error);
        return k;
    }();
    Map m = test::mapFromRows({"############",  //
                               "#..........#",  //
                               "#....#.....#",  //
                               "#..........#",  //
                               "#..........#",  //
                               "############"});
    m.actors.push_back(test::makeActor("hero", kind, 60, 52, 12, 12));
    const HuntResult r = hunt(m);
    const SnagFinding* f = findingOf(r, SnagKind::Corner);
    expectShrunkCase(m, f);
    if (f) {
        EXPECT_EQ(f->feature.kind, "corner") << f->feature.text;
    }
}

// The same seed gives the same findings, logs included, with one thread and with two.
TEST(HuntBroken, FindingsDoNotDependOnThreads) {
    const Map m = room(test::brokenMover(Defect::Jitter), 60, 40);
    const HuntResult a = hunt(m, 60000, 1, 7), b = hunt(m, 60000, 2, 7);
    ASSERT_EQ(a.findings.size(), b.findings.size());
    EXPECT_FALSE(a.findings.empty());
    for (size_t i = 0; i < a.findings.size(); ++i) {
        EXPECT_EQ(a.findings[i].key(), b.findings[i].key());
        EXPECT_EQ(a.findings[i].inputs, b.findings[i].inputs);
        EXPECT_EQ(a.findings[i].frame, b.findings[i].frame);
    }
    EXPECT_EQ(a.framesExplored, b.framesExplored);
    EXPECT_EQ(a.cells, b.cells);
}

// A correct mover (the same box without defect) in the same rooms: nothing.
TEST(HuntBroken, TheSameBoxWithoutDefectReportsNothing) {
    Map m = room(test::brokenMover(Defect::None), 30, 40);
    m.brushes.push_back(Brush{RectI{96, 16, 2, 64}});
    const HuntResult r = hunt(m);
    for (const SnagFinding& f : r.findings) ADD_FAILURE() << f.key() << ": " << f.detail;
}

}  // namespace
}  // namespace ts
