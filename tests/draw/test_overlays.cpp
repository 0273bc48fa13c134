// Overlays: which probes each overlay draws, where, in which colour, and hover lookup.
#include <gtest/gtest.h>

#include "draw/overlays.h"

using namespace ts;

namespace {

struct Call {
    std::string kind;
    double x0, y0, x1, y1;
    Rgba c;
    bool filled;
    double minScreenPx = 0;  // a mark's
};

struct Recorder : DebugDraw {
    std::vector<Call> calls;
    void line(double x0, double y0, double x1, double y1, Rgba c) override {
        calls.push_back({"line", x0, y0, x1, y1, c, false});
    }
    void rect(double x0, double y0, double x1, double y1, Rgba c, bool filled) override {
        calls.push_back({"rect", x0, y0, x1, y1, c, filled});
    }
    void text(double x, double y, const std::string&, Rgba c) override {
        calls.push_back({"text", x, y, x, y, c, false});
    }
    void mark(double x0, double y0, double x1, double y1, Rgba c, double minScreenPx) override {
        calls.push_back({"mark", x0, y0, x1, y1, c, false, minScreenPx});
    }
};

Trace sampleTrace() {
    Trace t;
    t.actor = 0;
    t.point(Verdict::Hit, "step", 3, 4);
    t.segment(Verdict::Block, "scanline", Fix::fromInt(10), Fix::fromInt(0), Fix::fromInt(10),
              Fix::fromInt(16));
    t.cell(Verdict::Info, "region_c", Fix::fromInt(32), Fix::fromInt(16), Fix::fromInt(48),
           Fix::fromInt(24));
    t.actor = 1;
    t.rect(Verdict::Info, "blocker", 32, 32, 48, 40);
    t.value(Verdict::Pass, "pass_rate", Fix::ratio(2, 3), Fix::fromDouble(0.6667));
    return t;
}

}  // namespace

TEST(Overlays, ParsesListsAndNamesUnknownOnes) {
    OverlayMask m = 0;
    std::string err;
    ASSERT_TRUE(parseOverlayList("all", &m, &err));
    EXPECT_EQ(m, kAllOverlays);
    ASSERT_TRUE(parseOverlayList("none", &m, &err));
    EXPECT_EQ(m, 0u);
    ASSERT_TRUE(parseOverlayList("probes,trail", &m, &err));
    EXPECT_EQ(m, overlayBit(Overlay::Probes) | overlayBit(Overlay::Trail));
    EXPECT_FALSE(parseOverlayList("probes,sparkles", &m, &err));
    EXPECT_NE(err.find("unknown overlay 'sparkles'"), std::string::npos) << err;
}

TEST(Overlays, EachOverlayDrawsOnlyItsProbesWhereTheyAre) {
    Trace t = sampleTrace();
    Recorder none;
    drawOverlays({}, t, 0, -1, none);
    EXPECT_TRUE(none.calls.empty());

    Recorder probes;
    drawOverlays({}, t, overlayBit(Overlay::Probes), -1, probes);
    ASSERT_EQ(probes.calls.size(), 1u);
    EXPECT_EQ(probes.calls[0].kind, "rect");
    EXPECT_TRUE(probes.calls[0].filled);
    EXPECT_EQ(probes.calls[0].x0, 3);  // the pixel (3, 4) covers [3, 4) x [4, 5)
    EXPECT_EQ(probes.calls[0].y1, 5);
    EXPECT_EQ(probes.calls[0].c, verdictColor(Verdict::Hit));

    Recorder regions;
    drawOverlays({}, t, overlayBit(Overlay::Regions), -1, regions);
    ASSERT_EQ(regions.calls.size(), 1u);
    EXPECT_EQ(regions.calls[0].x0, 32);
    EXPECT_EQ(regions.calls[0].y0, 16);
    EXPECT_EQ(regions.calls[0].x1, 48);
    EXPECT_EQ(regions.calls[0].y1, 24);
    EXPECT_EQ(regions.calls[0].c, regionColor("region_c"));

    Recorder scan;
    drawOverlays({}, t, overlayBit(Overlay::Scanlines), -1, scan);
    ASSERT_EQ(scan.calls.size(), 1u);  // the Value probe is not drawn in the world
    // A mark the user can hit with the mouse at every zoom (issue 19: at least 6 px across).
    EXPECT_EQ(scan.calls[0].kind, "mark");
    EXPECT_EQ(scan.calls[0].minScreenPx, 6);
    EXPECT_EQ(scan.calls[0].x0, 10);
    EXPECT_EQ(scan.calls[0].y1, 16);
    EXPECT_EQ(scan.calls[0].c, verdictColor(Verdict::Block));

    Recorder onlyOne;
    drawOverlays({}, t, kAllOverlays, 1, onlyOne);
    ASSERT_EQ(onlyOne.calls.size(), 1u);  // actor 1 has the blocker rect (and a value)
    EXPECT_EQ(onlyOne.calls[0].x0, 32);
}

TEST(Overlays, ActorOverlaysUseTheStateAndTrail) {
    Actor a;
    a.name = "hero";
    a.mover = MoverKind::TopDownAabb;
    MoverState s;
    s.x = Fix::fromInt(20);
    s.y = Fix::fromInt(30);
    s.w = 10;
    s.h = 12;
    s.vx = Fix::fromInt(2);
    ActorView v{&a, s, {s, s}};
    Recorder hit;
    drawOverlays({v}, Trace{}, overlayBit(Overlay::Hitboxes), -1, hit);
    ASSERT_EQ(hit.calls.size(), 1u);
    EXPECT_EQ(hit.calls[0].x0, 20);
    EXPECT_EQ(hit.calls[0].x1, 30);
    EXPECT_EQ(hit.calls[0].y1, 42);
    Recorder vel;
    drawOverlays({v}, Trace{}, overlayBit(Overlay::Velocity), -1, vel);
    ASSERT_GE(vel.calls.size(), 1u);
    EXPECT_EQ(vel.calls[0].x0, 25);  // from the box centre
    EXPECT_EQ(vel.calls[0].x1, 33);  // 2 px/frame drawn x4
    Recorder trail;
    drawOverlays({v}, Trace{}, overlayBit(Overlay::Trail), -1, trail);
    EXPECT_EQ(trail.calls.size(), 1u);  // two trail states make one segment
}

TEST(Overlays, HoverFindsTheNearestEnabledProbe) {
    Trace t = sampleTrace();
    const Probe* p = probeAt(t, kAllOverlays, 3.5, 4.5, 2);
    ASSERT_NE(p, nullptr);
    EXPECT_STREQ(p->why, "step");
    EXPECT_EQ(describeProbe(*p), "step point (hit) at (3, 4)");
    EXPECT_EQ(probeAt(t, overlayBit(Overlay::Scanlines), 3.5, 4.5, 2), nullptr);
    const Probe* s = probeAt(t, kAllOverlays, 11, 8, 2);
    ASSERT_NE(s, nullptr);
    EXPECT_STREQ(s->why, "scanline");
    // 2/3 floored to 1/65536 is 43690/65536; 0.6667 rounds to 43693/65536 (by hand).
    EXPECT_EQ(describeProbe(t.probes[4]),
              "pass_rate value (pass): 0.666656494140625 vs threshold 0.6667022705078125");
}

// Hovering a scanline shows the pass rate its cast was judged by: the next threshold of the
// same actor, not another actor's, and none for what is no scanline.
TEST(Overlays, AScanlinesThresholdIsTheNextValueOfItsActor) {
    Trace t;
    t.actor = 0;
    t.segment(Verdict::Pass, "scanline", Fix::fromInt(1), Fix{}, Fix::fromInt(1), Fix::fromInt(8));
    t.segment(Verdict::Block, "scanline", Fix::fromInt(2), Fix{}, Fix::fromInt(2), Fix::fromInt(8));
    t.actor = 1;
    t.value(Verdict::Pass, "pass_rate", Fix::fromInt(1), Fix::ratio(1, 2));  // another actor's
    t.actor = 0;
    t.value(Verdict::Block, "pass_rate", Fix::ratio(1, 2), Fix::ratio(3, 4));
    t.segment(Verdict::Pass, "scanline", Fix::fromInt(3), Fix{}, Fix::fromInt(3), Fix::fromInt(8));
    EXPECT_EQ(scanlineThreshold(t, t.probes[0]), &t.probes[3]);
    EXPECT_EQ(scanlineThreshold(t, t.probes[1]), &t.probes[3]);
    EXPECT_EQ(scanlineThreshold(t, t.probes[4]), nullptr);  // its cast recorded no rate
    EXPECT_EQ(scanlineThreshold(t, t.probes[3]), nullptr);  // a value is no scanline
    const Probe outside = t.probes[0];
    EXPECT_EQ(scanlineThreshold(t, outside), nullptr);  // not one of this trace's probes
}
