// The detectors (hunt.h SnagDetectors): one step of one actor at a time, every question asked
// of the model's own rules (detail/model_rules.h: MoverRules, or the plugins' defaults) and of
// CollisionWorld. Cheap tests run on every step (compares of the two states, the collision
// layer's cell bits around the box); the collision queries only where those trigger.
//
// Definitions. P, N: the states before and after the step; k: its keys; held(k): the
// directions the model's rules say k drives (MoverRules::heldDirs); blocked(S, d): the model's
// smallest move of S in direction d is blocked (MoverRules::moveBlocked); body(S): the box the
// model keeps out of solid (its tolerance applied); inside(S): the model's own "in solid past
// the tolerance" (MoverRules::insideSolid; default rectOverlapsSolid(body)).
//  stuck   d in held(k) on 3 steps in a row, the box not moving on each (the position
//          exactly unchanged, or the same whole pixels with the velocity along d exactly 0;
//          for a built-in top-down model, a move across d with no key held across it is
//          movement: its slide or nudge round a corner, ModelRules::steersAcross),
//          and on the third: not blocked(N, d), or (platformers) blocked only by a rise the
//          model climbs (at most its step height, with head room) — a way the model's own
//          rules say is open.
//  snag    d in held(k), P moving toward d (its velocity along d has d's sign), N's velocity
//          along d exactly 0, and not blocked toward d at P, at N, nor at the two corners of the
//          step's axis orders (N's x with P's y, P's x with N's y): the speed dropped with the
//          way free at the step's start and end, wherever the model met it in between (a
//          ghost collision). A wall met mid-step and passed by the other axis is no snag.
//  corner  the model's corner correction range c > 0 for this step (it tries to rise a whole
//          pixel: MoverRules::cornerRange), N's vertical speed 0 and blocked(N, up), yet the
//          model's own correction would have found a way: some j <= c with the sideways pixels
//          1..j free and the box j px over free to rise, on the preferred side first, a tie
//          between both sides at the same j counting as no way when there is no preference.
//  lip     platformers: a horizontal d in held(k), N's velocity along d exactly 0 (stopped),
//          N grounded and blocked(N, d), and the lowest rise r with the box
//          lifted by 1..r free and then free to move toward d satisfies step height < r <= 4.
//          (Level design, not a mover defect: a rise the model is documented not to climb.)
//  tunnel  neither inside(P) nor inside(N), the position changed, and the body could not have
//          got from P to N without crossing what blocks the model, by its own rules
//          (MoverRules::pathBlocked). Default (ModelRules::pathBlocked): first the fast checks,
//          both straight paths, x then y and y then x (CollisionWorld::freeRun of body along
//          each leg stops short; platformers with a step height: also along x climbing rises
//          up to it, then along y); only when all are blocked, a breadth-first walk of 1-px
//          moves, each one stepBlocked lets through in its direction (one-way tiles, edge
//          walls), from body(P) to body(N) within their bounding box grown by 1 px, by the
//          step's corner-correction range left and right and by the step height above: found,
//          no tunnel. Over 2^16 places for the box (or boxes of two sizes): the fast verdict.
//  inside  inside(N) and not inside(P), body(N) within the map.
//  jitter  the same keys on the last 4 steps and the position after them going A, B, A, B
//          on whole pixels (A != B), or grounded, or pushing, alternating over those 4 states while
//          the box stands on the same whole pixels.
//  escape  body(N) not within the map while body(P) was (feature: the edge it left by).
//  fault   (reported by the search, not here) a plugin step that crashed, hung or faulted, or
//          a replay that differs from itself.
// Each run of one actor reports a finding (SnagFinding::key) once.
#include <algorithm>
#include <string>
#include <utility>

#include "hunt/detail/model_rules.h"
#include "hunt/hunt.h"

namespace ts {

namespace {

const uint8_t kDirs[4] = {DIR_LEFT, DIR_RIGHT, DIR_UP, DIR_DOWN};
const uint8_t kHorizontal = DIR_LEFT | DIR_RIGHT, kVertical = DIR_UP | DIR_DOWN;

const char* dirName(uint8_t d) {
    switch (d) {
        case DIR_LEFT:
            return "left";
        case DIR_RIGHT:
            return "right";
        case DIR_UP:
            return "up";
        case DIR_DOWN:
            return "down";
        default:
            return "none";
    }
}

bool withinMap(const CollisionWorld& w, const RectI& b) {
    return b.x >= 0 && b.y >= 0 && b.right() <= w.widthPx() && b.bottom() <= w.heightPx();
}

uint8_t travel(const MoverState& a, const MoverState& b) {
    uint8_t d = 0;
    if (b.x < a.x) d |= DIR_LEFT;
    if (b.x > a.x) d |= DIR_RIGHT;
    if (b.y < a.y) d |= DIR_UP;
    if (b.y > a.y) d |= DIR_DOWN;
    return d;
}

MoverState moved(const MoverState& s, uint8_t d, int64_t px) {
    MoverState o = s;
    const Fix f = Fix::fromInt(px);
    if (d & DIR_LEFT) o.x -= f;
    if (d & DIR_RIGHT) o.x += f;
    if (d & DIR_UP) o.y -= f;
    if (d & DIR_DOWN) o.y += f;
    return o;
}

}  // namespace

struct SnagDetectors::Impl {
    Impl(const CollisionWorld& w, const MoverInfo& m, const ParamValues& p, uint32_t k)
        : world(&w), params(p), rules(w, m, params), kinds(k) {}
    const CollisionWorld* world;
    ParamValues params;
    hunt::ModelRules rules;
    uint32_t kinds;
    size_t actor = 0;
    std::string name;

    struct Past {
        Fix x, y;
        InputBits keys = 0;
        bool grounded = false, pushing = false;
    };
    Past past[4];
    unsigned pastHead = 0;
    int pastCount = 0;
    int still[4] = {0, 0, 0, 0};
    bool seenGrounded = false;
    struct LipAt {
        bool valid = false;
        int64_t x = 0, y = 0;
        uint8_t dir = 0;
    } lipAt;
    struct Known {
        bool valid = false;
        Fix x, y;
        bool inside = false;
    } lastInside;
    bool jittering = false;
    std::vector<std::string> reported;

    void reset() {
        pastCount = 0;
        pastHead = 0;
        std::fill(still, still + 4, 0);
        seenGrounded = false;
        lipAt = LipAt{};
        lastInside = Known{};
        jittering = false;
        reported.clear();
    }

    // The lowest rise (1..4 px) over which the box at s could move toward d: lifted one pixel
    // at a time with head room, then free to move. 0: none within 4 px.
    int riseAhead(const MoverState& s, uint8_t d) const {
        for (int r = 1; r <= 4; ++r) {
            if (rules.moveBlocked(moved(s, DIR_UP, r - 1), DIR_UP)) return 0;
            if (!rules.moveBlocked(moved(s, DIR_UP, r), d)) return r;
        }
        return 0;
    }

    // Would the model's corner correction (MoverRules::cornerRange) have slid s around the
    // ceiling within c px, given its side preference?
    bool cornerWay(const MoverState& s, int c, int prefer) const {
        const uint8_t side[2] = {uint8_t(prefer < 0 ? DIR_LEFT : DIR_RIGHT),
                                 uint8_t(prefer < 0 ? DIR_RIGHT : DIR_LEFT)};
        bool open[2] = {true, true};
        for (int j = 1; j <= c && (open[0] || open[1]); ++j) {
            int count = 0;
            for (int i = 0; i < 2; ++i) {
                if (!open[i]) continue;
                if (rules.moveBlocked(moved(s, side[i], j - 1), side[i])) {
                    open[i] = false;
                    continue;
                }
                if (!rules.moveBlocked(moved(s, side[i], j), DIR_UP)) {
                    ++count;
                    if (prefer != 0) break;
                }
            }
            if (count == 2 && prefer == 0) return false;
            if (count > 0) return true;
        }
        return false;
    }

    void report(SnagKind k, const StepFacts& st, uint8_t dir, const RectI& box, uint8_t featureDir,
                const std::string& detail, std::vector<SnagFinding>* out,
                const MapFeature* given = nullptr) {
        SnagFinding f;
        f.kind = k;
        f.actor = actor;
        f.actorName = name;
        f.frame = st.frame;
        f.x = st.next->x.floor();
        f.y = st.next->y.floor();
        f.dir = dir;
        f.feature = given ? *given : featureNear(*world, box, featureDir);
        f.detail = detail;
        const std::string key = f.key();
        if (std::find(reported.begin(), reported.end(), key) != reported.end()) return;
        reported.push_back(key);
        out->push_back(std::move(f));
    }

    void observe(const StepFacts& st, std::vector<SnagFinding>* out);
};

void SnagDetectors::Impl::observe(const StepFacts& st, std::vector<SnagFinding>* out) {
    const MoverState& P = *st.prev;
    const MoverState& N = *st.next;
    const uint8_t held = rules.heldDirs(st.keys, P, seenGrounded);
    // A platformer, for the default rules: it stood on something, or its vertical speed
    // changed with neither U nor D held (gravity).
    if (P.grounded || N.grounded || (!(st.keys & (KEY_U | KEY_D)) && N.vy != P.vy))
        seenGrounded = true;
    const RectI pb = rules.body(P), nb = rules.body(N);
    const uint8_t way = travel(P, N);
    const auto on = [&](SnagKind k) { return (kinds & snagBit(k)) != 0; };

    // escape, inside, tunnel: only where something is near (the cell bits say so).
    const bool pIn = withinMap(*world, pb), nIn = withinMap(*world, nb);
    if (on(SnagKind::Escape) && pIn && !nIn) {
        // The edge it left by, at the cell of the map it left from.
        const int64_t t = world->tileSize(), W = world->widthPx();
        const char* side = nb.x < 0         ? "left"
                           : nb.right() > W ? "right"
                           : nb.y < 0       ? "top"
                                            : "bottom";
        const MapFeature edge{"map edge", floorDiv(pb.x, t), floorDiv(pb.y, t),
                              std::string("map edge (") + side + ")"};
        report(SnagKind::Escape, st, way, pb, way,
               "the box left the map: (" + std::to_string(pb.x) + "," + std::to_string(pb.y) +
                   ") -> (" + std::to_string(nb.x) + "," + std::to_string(nb.y) + ")",
               out, &edge);
    }
    if (nIn && (on(SnagKind::Inside) || on(SnagKind::Tunnel)) &&
        rules.anythingIn(hunt::unite(pb, nb))) {
        const bool nInside = rules.inside(N);
        // P is the previous step's N in a run: its answer is kept.
        const bool pInside = lastInside.valid && lastInside.x == P.x && lastInside.y == P.y
                                 ? lastInside.inside
                                 : rules.inside(P);
        // Field by field (here and below): a whole struct built on the stack and copied was
        // a store-forwarding stall on every step, a tenth of the detectors' time.
        lastInside.valid = true;
        lastInside.x = N.x;
        lastInside.y = N.y;
        lastInside.inside = nInside;
        if (on(SnagKind::Inside) && nInside && !pInside)
            report(SnagKind::Inside, st, way, nb, 0,
                   "the box ended the step in solid past the model's tolerance at (" +
                       std::to_string(nb.x) + "," + std::to_string(nb.y) + ") " +
                       std::to_string(nb.w) + "x" + std::to_string(nb.h),
                   out);
        if (on(SnagKind::Tunnel) && !nInside && !pInside && way && rules.pathBlocked(P, N, st.keys))
            report(SnagKind::Tunnel, st, way, pb, way,
                   "the box went from (" + std::to_string(pb.x) + "," + std::to_string(pb.y) +
                       ") to (" + std::to_string(nb.x) + "," + std::to_string(nb.y) +
                       ") through something that blocks it, with no way around near both ends",
                   out);
    }

    // stuck, lip, snag: per held direction.
    for (int i = 0; i < 4; ++i) {
        const uint8_t d = kDirs[i];
        if (!(held & d)) {
            still[i] = 0;
            continue;
        }
        const bool alongX = d == DIR_LEFT || d == DIR_RIGHT;
        const Fix vn = alongX ? N.vx : N.vy;
        // Not moving: the same position, or the same whole pixels with no speed along d (a
        // sub-pixel remainder creeping under a growing speed is movement to come). A slide or
        // nudge across the held way with no key held across it (a top-down model steering
        // round a corner: scanline_slide, topdown_aabb) is movement, however small: a slide
        // of a fraction of a pixel a frame stays on the same whole pixels for frames, then
        // the box walks on (issue 27: false `stuck` findings with --vary params).
        const bool steered = rules.steersAcross() && !(held & (alongX ? kVertical : kHorizontal)) &&
                             (alongX ? N.y != P.y : N.x != P.x);
        const bool same =
            (N.x == P.x && N.y == P.y) || (vn == Fix{} && !steered && nb.x == pb.x && nb.y == pb.y);
        still[i] = same ? still[i] + 1 : 0;
        // (Asked once per place and direction: pushing a wall asks nothing more.)
        const bool lipAsked = lipAt.valid && lipAt.x == nb.x && lipAt.y == nb.y && lipAt.dir == d;
        if (vn == Fix{} && on(SnagKind::Lip) && rules.gravity() && alongX && N.grounded &&
            !lipAsked && (lipAt = LipAt{true, nb.x, nb.y, d}, rules.moveBlocked(N, d))) {
            const int r = riseAhead(N, d);
            if (r > rules.stepHeight())
                report(SnagKind::Lip, st, d, nb, d,
                       "stopped walking " + std::string(dirName(d)) + " by a rise of " +
                           std::to_string(r) + " px, above the step height of " +
                           std::to_string(rules.stepHeight()) + " px",
                       out);
        }
        if (same && still[i] == 3 && on(SnagKind::Stuck)) {
            if (!rules.moveBlocked(N, d))
                report(SnagKind::Stuck, st, d, nb, d,
                       std::string(dirName(d)) +
                           " held for 3 frames without moving, with the way one step ahead free",
                       out);
            else if (rules.gravity() && alongX) {
                const int r = riseAhead(N, d);
                if (r > 0 && r <= rules.stepHeight())
                    report(SnagKind::Stuck, st, d, nb, d,
                           std::string(dirName(d)) +
                               " held for 3 frames without moving, at a rise of " +
                               std::to_string(r) + " px that the step height of " +
                               std::to_string(rules.stepHeight()) + " px climbs",
                           out);
            }
        }
        if (on(SnagKind::Snag)) {
            const Fix vp = alongX ? P.vx : P.vy;
            const bool toward = (d == DIR_LEFT || d == DIR_UP) ? vp < Fix{} : vp > Fix{};
            MoverState xFirst = P, yFirst = P;  // the corners of the step's two axis orders
            xFirst.x = N.x;
            yFirst.y = N.y;
            if (toward && vn == Fix{} && !rules.moveBlocked(P, d) && !rules.moveBlocked(N, d) &&
                !rules.moveBlocked(xFirst, d) && !rules.moveBlocked(yFirst, d))
                report(SnagKind::Snag, st, d, nb, d,
                       "moving " + std::string(dirName(d)) +
                           ", the speed dropped to 0 with the way ahead free before and after",
                       out);
        }
    }

    // corner: a blocked rise the model's own correction would have got around.
    if (on(SnagKind::Corner) && N.vy == Fix{}) {
        int prefer = 0;
        const int c = rules.cornerRange(P, st.keys, &prefer);
        if (c > 0 && rules.moveBlocked(N, DIR_UP) && cornerWay(N, c, prefer))
            report(SnagKind::Corner, st, DIR_UP, nb, DIR_UP,
                   "a rise blocked by a ceiling corner within the correction range of " +
                       std::to_string(c) + " px was not corrected",
                   out);
    }

    // jitter: the last 4 steps, in a ring (q(0) the oldest, q(3) this step's).
    Past& now = past[pastHead & 3];
    now.x = N.x;
    now.y = N.y;
    now.keys = st.keys;
    now.grounded = N.grounded;
    now.pushing = N.pushing;
    ++pastHead;
    if (pastCount < 4) ++pastCount;
    const auto q = [&](int j) -> const Past& { return past[(pastHead + unsigned(j)) & 3]; };
    bool jitter = false;
    if (pastCount == 4 && on(SnagKind::Jitter) && q(0).keys == q(1).keys &&
        q(1).keys == q(2).keys && q(2).keys == q(3).keys) {
        // On whole pixels, what the player sees: a sub-pixel remainder that grows and is reset
        // each frame while pushing a wall (68, 68.4, 68, 68.4) is not a jitter on screen.
        const auto px = [&](int j) { return std::make_pair(q(j).x.floor(), q(j).y.floor()); };
        const bool abab = px(0) == px(2) && px(1) == px(3) && px(0) != px(1);
        bool flipG = true, flipP = true;
        for (int j = 1; j < 4; ++j) {
            flipG = flipG && q(j).grounded != q(j - 1).grounded;
            flipP = flipP && q(j).pushing != q(j - 1).pushing;
        }
        // Flags flipping while the box moves (walking past a row of pillars, sliding along a
        // wall) is no jitter: the box must stand on the same whole pixels all along.
        bool still = true;
        for (int j = 1; j < 4; ++j)
            still = still && q(j).x.floor() == q(0).x.floor() && q(j).y.floor() == q(0).y.floor();
        jitter = abab || (still && (flipG || flipP));
        if (jitter && !jittering)
            report(SnagKind::Jitter, st, way, nb, way,
                   abab ? "the same keys, and the position going back and forth A, B, A, B"
                        : (flipG ? "the same keys, and grounded flipping on every frame"
                                 : "the same keys, and pushing flipping on every frame"),
                   out);
    }
    jittering = jitter;
}

SnagDetectors::SnagDetectors(const CollisionWorld& world, const MoverInfo& mover,
                             const ParamValues& params, uint32_t kinds)
    : impl_(std::make_unique<Impl>(world, mover, params, kinds)) {}
SnagDetectors::~SnagDetectors() = default;
SnagDetectors::SnagDetectors(SnagDetectors&&) noexcept = default;
SnagDetectors& SnagDetectors::operator=(SnagDetectors&&) noexcept = default;

void SnagDetectors::observe(const StepFacts& step, std::vector<SnagFinding>* out) {
    impl_->observe(step, out);
}

void SnagDetectors::reset() {
    impl_->reset();
}

void SnagDetectors::setActor(size_t actor, const std::string& name) {
    impl_->actor = actor;
    impl_->name = name;
}

}  // namespace ts
