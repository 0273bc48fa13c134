// A model's rules as the detectors ask them (movers/mover.h MoverRules), with the defaults
// filled in for the members a model leaves null (plugins leave them all null).
//
// Defaults, the conservative reading of an unknown box mover:
// - held directions: L/R (opposite keys cancel); U/D too for a model that has neither
//   reported `grounded` in this run nor changed its vertical speed with neither U nor D held
//   (a top-down model); a platformer's U does not promise movement;
// - body: the box on whole pixels (round movers: the square of diameter w around the centre);
// - a move is blocked exactly when CollisionWorld::stepBlocked says so (no tolerance);
// - inside: rectOverlapsSolid of the body; a path is blocked when freeRun stops short on both
//   axis orders (and, for a platformer with a step height, on x climbing rises up to it, then
//   y: a fast walk over a bump), and no walk of 1-px moves reaches the end within the box
//   around both ends (ModelRules::pathBlocked);
// - no step height, no corner correction.
#pragma once
#include "hunt/hunt.h"

namespace ts::hunt {

class ModelRules {
  public:
    ModelRules(const CollisionWorld& world, const MoverInfo& mover, const ParamValues& params);

    bool gravity() const { return r_.gravity; }
    // Does a move across the held way, with no key held across it, come from the model's own
    // steering (scanline_slide's slide, topdown_aabb's alignment nudge), and so count as
    // movement for `stuck`? The built-in top-down models (MoverRules without gravity). Not a
    // plugin: its rules are unknown (a platformer plugin's fall would count), so it keeps the
    // whole-pixel test.
    bool steersAcross() const { return mover_->rules != nullptr && !r_.gravity; }
    uint8_t heldDirs(InputBits keys, const MoverState& s, bool seenGrounded) const;
    bool moveBlocked(const MoverState& s, uint8_t dir) const;
    RectI body(const MoverState& s) const;
    bool inside(const MoverState& s) const;
    // Could the body not have got from a to b, stepped with `keys`, without crossing what
    // blocks it? The model's own MoverRules::pathBlocked when it has one. Else, first the fast
    // checks (straightBlocked): a free straight way answers no. When they find every one
    // blocked, the answer is walk's: blocked unless a walk of 1-px moves, each one
    // CollisionWorld::stepBlocked lets through in its direction (so one-way tiles and edge
    // walls count by direction), takes the body from a's box to b's inside the box around both
    // grown by 1 px on every side, by the step's corner-correction range (cornerRange) left
    // and right and by the step height (platformers) above. Where that area holds more than
    // kMaxWalkPositions places for the box, or the two boxes differ in size, the fast checks'
    // verdict stands (blocked).
    bool pathBlocked(const MoverState& a, const MoverState& b, InputBits keys) const;
    static constexpr int64_t kMaxWalkPositions = int64_t(1) << 16;
    int stepHeight() const { return r_.stepHeight ? r_.stepHeight(*params_) : 0; }
    int cornerRange(const MoverState& prev, InputBits keys, int* prefer) const;
    // Is anything at all near the box (cheap: the collision layer's cell bits over the box
    // grown by 1 px)? False means no blocking question can be answered "blocked".
    bool anythingNear(const RectI& box) const;
    // Could the box `swept` (both ends of a step together) meet anything that makes a state
    // inside or a path blocked? The cell bits of the cells it covers, no margin, for models
    // whose inside and path questions are the defaults; anythingNear for the others.
    bool anythingIn(const RectI& swept) const;
    const CollisionWorld& world() const { return *world_; }

  private:
    // Both straight paths (x then y, y then x) stop short, and (platformers with a step
    // height) both stair paths too.
    bool straightBlocked(const RectI& from, const RectI& to) const;
    enum class Walk { Reached, NoWay, TooLarge };
    // The breadth-first walk of pathBlocked over the box's whole-pixel places.
    Walk walk(const RectI& from, const RectI& to, int side, int up) const;
    // Platformers: the path along x climbing rises up to the step height (and, with
    // `descend`, following the floor down as far), then along y.
    bool stairBlocked(const RectI& from, const RectI& to, bool descend) const;

    const CollisionWorld* world_;
    const MoverInfo* mover_;
    const ParamValues* params_;
    MoverRules r_;
};

// The smallest box holding both.
RectI unite(const RectI& a, const RectI& b);

// The box one pixel further in `dir` (one Dir bit).
RectI shiftedBox(const RectI& b, uint8_t dir, int64_t px = 1);

}  // namespace ts::hunt
