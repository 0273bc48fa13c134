#include "draw/overlays.h"

#include <cmath>
#include <cstring>

namespace ts {

namespace {

struct OverlayNames {
    const char* name;
    const char* title;
};
const OverlayNames kNames[] = {
    {"probes", "Sweep probes"},     {"scanlines", "Scanlines"},     {"regions", "Regions a/b/c"},
    {"bands", "Forbidden bands"},   {"blockers", "Blocking rects"}, {"nudges", "Nudges & slides"},
    {"facing", "Facing & pushing"}, {"hitboxes", "Hitboxes"},       {"trail", "Trail"},
    {"velocity", "Velocity"},
};
static_assert(sizeof(kNames) / sizeof(kNames[0]) == size_t(Overlay::Count), "one per overlay");

constexpr Rgba kMiss{80, 220, 120, 200};
constexpr Rgba kHit{255, 70, 70, 230};
constexpr Rgba kPass{90, 200, 255, 220};
constexpr Rgba kBlock{255, 140, 40, 230};
constexpr Rgba kInfo{255, 230, 90, 230};
constexpr Rgba kHitbox{255, 255, 255, 200};
constexpr Rgba kTrail{200, 120, 255, 160};
constexpr Rgba kVelocity{255, 255, 0, 230};
constexpr Rgba kFacing{120, 255, 255, 230};
constexpr Rgba kPushing{255, 60, 200, 230};
constexpr Rgba kBand{255, 80, 80, 70};

double px(Fix f) {
    return f.toDouble();
}

void arrow(DebugDraw& d, double x0, double y0, double x1, double y1, Rgba c) {
    d.line(x0, y0, x1, y1, c);
    double dx = x1 - x0, dy = y1 - y0, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-9) {
        d.rect(x0 - 0.5, y0 - 0.5, x0 + 0.5, y0 + 0.5, c, true);
        return;
    }
    double head = std::fmin(4.0, len * 0.5), ux = dx / len, uy = dy / len;
    d.line(x1, y1, x1 - head * (ux - uy * 0.6), y1 - head * (uy + ux * 0.6), c);
    d.line(x1, y1, x1 - head * (ux + uy * 0.6), y1 - head * (uy - ux * 0.6), c);
}

void circle(DebugDraw& d, double cx, double cy, double r, Rgba c) {
    const int n = 24;
    for (int i = 0; i < n; ++i) {
        double a0 = 2 * M_PI * i / n, a1 = 2 * M_PI * (i + 1) / n;
        d.line(cx + r * std::cos(a0), cy + r * std::sin(a0), cx + r * std::cos(a1),
               cy + r * std::sin(a1), c);
    }
}

// Centre of an actor's body in map px.
void centre(const MoverState& s, bool round, double* x, double* y) {
    *x = px(s.x) + (round ? 0.0 : s.w * 0.5);
    *y = px(s.y) + (round ? 0.0 : s.h * 0.5);
}

void drawProbe(const Probe& p, DebugDraw& d) {
    Rgba c = verdictColor(p.verdict);
    switch (p.shape) {
        case ProbeShape::Point:
            d.rect(px(p.x0), px(p.y0), px(p.x0) + 1, px(p.y0) + 1, c, true);
            break;
        case ProbeShape::Rect:
            d.rect(px(p.x0), px(p.y0), px(p.x1), px(p.y1), c, false);
            break;
        case ProbeShape::Segment:
            d.mark(px(p.x0), px(p.y0), px(p.x1), px(p.y1), c, kScanlineMarkPx);
            break;
        case ProbeShape::Cell:
            d.rect(px(p.x0), px(p.y0), px(p.x1), px(p.y1), regionColor(p.why), true);
            break;
        case ProbeShape::Band: {
            Rgba bc = p.verdict == Verdict::Info ? kBand : Rgba{c.r, c.g, c.b, 90};
            d.rect(px(p.x0), px(p.y0), px(p.x1), px(p.y1), bc, true);
            break;
        }
        case ProbeShape::Arrow:
            arrow(d, px(p.x0), px(p.y0), px(p.x1), px(p.y1), c);
            break;
        case ProbeShape::Value:
            break;  // shown in the legend / hover, not in the world
        case ProbeShape::Text:
            d.text(px(p.x0), px(p.y0), p.why, c);
            break;
        default:
            break;
    }
}

}  // namespace

const char* overlayName(Overlay o) {
    return size_t(o) < size_t(Overlay::Count) ? kNames[size_t(o)].name : "?";
}
const char* overlayTitle(Overlay o) {
    return size_t(o) < size_t(Overlay::Count) ? kNames[size_t(o)].title : "?";
}

bool parseOverlayList(const std::string& text, OverlayMask* out, std::string* error) {
    if (text == "all") {
        *out = kAllOverlays;
        return true;
    }
    if (text == "none") {
        *out = 0;
        return true;
    }
    OverlayMask m = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        std::string name =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool found = false;
        for (size_t i = 0; i < size_t(Overlay::Count); ++i)
            if (name == kNames[i].name) {
                m |= overlayBit(Overlay(i));
                found = true;
            }
        if (!found) {
            std::string known;
            for (const OverlayNames& n : kNames)
                known += std::string(known.empty() ? "" : ", ") + n.name;
            *error = "unknown overlay '" + name + "' (known: all, none, " + known + ")";
            return false;
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    *out = m;
    return true;
}

Overlay overlayOf(const Probe& p) {
    switch (p.shape) {
        case ProbeShape::Point:
            return Overlay::Probes;
        case ProbeShape::Rect:
            return std::strcmp(p.why, "blocker") == 0 ? Overlay::Blockers : Overlay::Probes;
        case ProbeShape::Segment:
        case ProbeShape::Value:
            return Overlay::Scanlines;
        case ProbeShape::Cell:
            return Overlay::Regions;
        case ProbeShape::Band:
            return Overlay::Bands;
        case ProbeShape::Arrow:
        case ProbeShape::Text:
            return Overlay::Nudges;
        default:
            return Overlay::Probes;
    }
}

OverlayMask overlaysShowing(const Trace& trace, int32_t actor) {
    OverlayMask m = overlayBit(Overlay::Hitboxes) | overlayBit(Overlay::Trail) |
                    overlayBit(Overlay::Velocity) | overlayBit(Overlay::Facing);
    for (const Probe& p : trace.probes)
        if (p.actor == actor) m |= overlayBit(overlayOf(p));
    return m;
}

Rgba verdictColor(Verdict v) {
    switch (v) {
        case Verdict::Miss:
            return kMiss;
        case Verdict::Hit:
            return kHit;
        case Verdict::Pass:
            return kPass;
        case Verdict::Block:
            return kBlock;
        default:
            return kInfo;
    }
}

Rgba regionColor(const char* why) {
    if (std::strcmp(why, "region_a") == 0) return Rgba{60, 200, 90, 60};
    if (std::strcmp(why, "region_b") == 0) return Rgba{240, 200, 60, 70};
    if (std::strcmp(why, "region_c") == 0) return Rgba{240, 70, 70, 80};
    return Rgba{160, 160, 160, 50};
}

const std::vector<LegendEntry>& overlayLegend() {
    static const std::vector<LegendEntry> legend = {
        {Overlay::Probes, kMiss, "probe: free pixel (miss)"},
        {Overlay::Probes, kHit, "probe: solid pixel (hit)"},
        {Overlay::Scanlines, kPass, "scanline passes"},
        {Overlay::Scanlines, kBlock, "scanline blocked"},
        {Overlay::Regions, regionColor("region_a"), "region a: no wall near"},
        {Overlay::Regions, regionColor("region_b"), "region b: one wall line"},
        {Overlay::Regions, regionColor("region_c"), "region c: wall crossing"},
        {Overlay::Bands, kBand, "forbidden band (centre may not enter)"},
        {Overlay::Blockers, kInfo, "blocking rectangle"},
        {Overlay::Nudges, kInfo, "nudge / slide / rule arrow"},
        {Overlay::Facing, kFacing, "facing"},
        {Overlay::Facing, kPushing, "pushing"},
        {Overlay::Hitboxes, kHitbox, "hitbox"},
        {Overlay::Trail, kTrail, "trail of past positions"},
        {Overlay::Velocity, kVelocity, "velocity (px/frame, x4)"},
    };
    return legend;
}

void drawOverlays(const std::vector<ActorView>& actors, const Trace& trace, OverlayMask mask,
                  int32_t onlyActor, DebugDraw& d) {
    // Area overlays first so that lines stay visible on top of them.
    for (int pass = 0; pass < 2; ++pass)
        for (const Probe& p : trace.probes) {
            if (onlyActor >= 0 && p.actor != onlyActor) continue;
            Overlay o = overlayOf(p);
            bool area = o == Overlay::Regions || o == Overlay::Bands;
            if ((pass == 0) != area || !(mask & overlayBit(o))) continue;
            drawProbe(p, d);
        }
    for (size_t i = 0; i < actors.size(); ++i) {
        const ActorView& a = actors[i];
        if (!a.actor && a.round < 0) continue;
        const bool round = a.round >= 0 ? a.round == 1 : moverInfo(a.actor->mover).round;
        const MoverState& s = a.state;
        double cx, cy;
        centre(s, round, &cx, &cy);
        if (mask & overlayBit(Overlay::Trail)) {
            for (size_t k = 1; k < a.trail.size(); ++k) {
                double x0, y0, x1, y1;
                centre(a.trail[k - 1], round, &x0, &y0);
                centre(a.trail[k], round, &x1, &y1);
                d.line(x0, y0, x1, y1, kTrail);
            }
        }
        if (mask & overlayBit(Overlay::Hitboxes)) {
            if (round) {
                circle(d, cx, cy, s.w * 0.5, kHitbox);
            } else {
                d.rect(px(s.x), px(s.y), px(s.x) + s.w, px(s.y) + s.h, kHitbox, false);
            }
        }
        if (mask & overlayBit(Overlay::Velocity))
            arrow(d, cx, cy, cx + px(s.vx) * 4, cy + px(s.vy) * 4, kVelocity);
        if (mask & overlayBit(Overlay::Facing)) {
            double fx = s.facing == DIR_LEFT ? -1 : s.facing == DIR_RIGHT ? 1 : 0;
            double fy = s.facing == DIR_UP ? -1 : s.facing == DIR_DOWN ? 1 : 0;
            double reach = 0.5 * (s.w > s.h ? s.w : s.h) + 4;
            if (fx != 0 || fy != 0)
                arrow(d, cx, cy, cx + fx * reach, cy + fy * reach, s.pushing ? kPushing : kFacing);
            if (s.pushing) d.text(cx, cy - s.h * 0.5 - 10, "pushing", kPushing);
        }
    }
}

namespace {
double distToSegment(double x, double y, double x0, double y0, double x1, double y1) {
    double dx = x1 - x0, dy = y1 - y0, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((x - x0) * dx + (y - y0) * dy) / l2 : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    double ex = x0 + t * dx - x, ey = y0 + t * dy - y;
    return std::sqrt(ex * ex + ey * ey);
}
double distToRect(double x, double y, double x0, double y0, double x1, double y1) {
    double dx = x < x0 ? x0 - x : (x > x1 ? x - x1 : 0);
    double dy = y < y0 ? y0 - y : (y > y1 ? y - y1 : 0);
    return std::sqrt(dx * dx + dy * dy);
}
}  // namespace

const Probe* probeAt(const Trace& trace, OverlayMask mask, double x, double y, double radius) {
    const Probe* best = nullptr;
    double bestDist = radius;
    for (const Probe& p : trace.probes) {
        if (!(mask & overlayBit(overlayOf(p))) || p.shape == ProbeShape::Value) continue;
        double d;
        switch (p.shape) {
            case ProbeShape::Point:
            case ProbeShape::Text:
                d = distToRect(x, y, px(p.x0), px(p.y0), px(p.x0) + 1, px(p.y0) + 1);
                break;
            case ProbeShape::Rect:
            case ProbeShape::Cell:
            case ProbeShape::Band:
                // Areas rank behind lines and points under the cursor.
                d = distToRect(x, y, px(p.x0), px(p.y0), px(p.x1), px(p.y1)) +
                    (p.shape == ProbeShape::Rect ? 0.0 : radius * 0.5);
                break;
            default:
                d = distToSegment(x, y, px(p.x0), px(p.y0), px(p.x1), px(p.y1));
        }
        if (d <= bestDist) {
            bestDist = d;
            best = &p;
        }
    }
    return best;
}

const Probe* scanlineThreshold(const Trace& trace, const Probe& scanline) {
    const Probe* first = trace.probes.data();
    const Probe* end = first + trace.probes.size();
    if (&scanline < first || &scanline >= end || overlayOf(scanline) != Overlay::Scanlines)
        return nullptr;
    for (const Probe* p = &scanline + 1; p < end; ++p)
        if (p->actor == scanline.actor && p->shape == ProbeShape::Value) return p;
    return nullptr;
}

std::string describeProbe(const Probe& p) {
    std::string s =
        std::string(p.why) + " " + probeShapeName(p.shape) + " (" + verdictName(p.verdict) + ")";
    auto pt = [](Fix x, Fix y) { return "(" + x.str() + ", " + y.str() + ")"; };
    switch (p.shape) {
        case ProbeShape::Point:
        case ProbeShape::Text:
            return s + " at " + pt(p.x0, p.y0);
        case ProbeShape::Cell:
            return s + " cell " + pt(p.x0, p.y0);
        case ProbeShape::Value:
            return s + ": " + p.x0.str() + " vs threshold " + p.x1.str();
        case ProbeShape::Rect:
        case ProbeShape::Band:
            return s + " " + pt(p.x0, p.y0) + " to " + pt(p.x1, p.y1);
        default:
            return s + " " + pt(p.x0, p.y0) + " -> " + pt(p.x1, p.y1);
    }
}

}  // namespace ts
