// The debugger's overlays: which probes of a frame's trace (and which parts of the actors'
// state) each overlay shows, in which colours, and what hovering a primitive reports.
// Drawn through DebugDraw, so the app only turns the calls into GL and tests can check them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "draw/debug_draw.h"
#include "map/map.h"
#include "movers/mover.h"
#include "trace/trace.h"

namespace ts {

enum class Overlay : uint8_t {
    Probes,     // per-pixel sweep probes (points and rects), hit / miss
    Scanlines,  // scanline segments with pass / block, pass rate against the threshold
    Regions,    // a/b/c region classes of the cells around a round actor
    Bands,      // forbidden bands around walls
    Blockers,   // blocking rectangles an AABB mover found
    Nudges,     // alignment nudge, slide and rule arrows
    Facing,     // facing arrow and pushing marker
    Hitboxes,   // every actor's box or circle
    Trail,      // the last N positions
    Velocity,   // the velocity vector
    Count
};
using OverlayMask = uint32_t;
constexpr OverlayMask overlayBit(Overlay o) {
    return OverlayMask(1) << uint32_t(o);
}
constexpr OverlayMask kAllOverlays = (OverlayMask(1) << uint32_t(Overlay::Count)) - 1;

const char* overlayName(Overlay o);   // "probes", "scanlines", ... (CLI --overlays names)
const char* overlayTitle(Overlay o);  // "Sweep probes", ... (UI)
// Parses "all", "none" or a comma list of names; false and *error on an unknown name.
bool parseOverlayList(const std::string& text, OverlayMask* out, std::string* error);

// A scanline's mark: window pixels across, at every zoom (DebugDraw::mark). Six: a mark is hit
// with the mouse, not only seen (issue 19; the hover radius is at least as wide).
constexpr double kScanlineMarkPx = 6;

// Which overlay a probe belongs to.
Overlay overlayOf(const Probe& p);
// The overlays that show why `actor` moved as it did in `trace`'s frame: those of its probes,
// with its hitbox, trail, velocity and facing (the Snags panel turns these on at a finding).
OverlayMask overlaysShowing(const Trace& trace, int32_t actor);
Rgba verdictColor(Verdict v);
Rgba regionColor(const char* why);  // "region_a" / "region_b" / "region_c"

// One legend entry: a colour and what it means, per overlay.
struct LegendEntry {
    Overlay overlay;
    Rgba color;
    const char* text;
};
const std::vector<LegendEntry>& overlayLegend();

struct ActorView {
    const Actor* actor;             // spawn data (name, mover); null for a recorded actor
    MoverState state;               // current state
    std::vector<MoverState> trail;  // oldest first, may be empty
    int8_t round = -1;              // a recorded actor's shape (1 round, 0 box); -1: the mover's
};

// Draws the enabled overlays for one frame: trace probes (all actors, or only `onlyActor`
// when >= 0) and the actors' state-based overlays.
void drawOverlays(const std::vector<ActorView>& actors, const Trace& trace, OverlayMask mask,
                  int32_t onlyActor, DebugDraw& draw);

// The enabled probe nearest to map pixel (x, y) within `radius` px, or null.
const Probe* probeAt(const Trace& trace, OverlayMask mask, double x, double y, double radius);
// The threshold a scanline was judged by: the first Value probe of the same actor after
// `scanline` in the trace (a cast records its scanlines, then its pass rate against the rate
// it needs), or null when the mover recorded none.
const Probe* scanlineThreshold(const Trace& trace, const Probe& scanline);
// "scanline (block): (12, 4) -> (12, 20)" — what hovering a primitive shows.
std::string describeProbe(const Probe& p);

}  // namespace ts
