// Carrying an actor's parameter values from one parameter list to another BY NAME: what a
// plugin rebuild whose parameters were added, removed, renamed or reordered needs, since
// ParamValues are kept by position (the step reads them in the declared order).
//
// A parameter of the new list takes the value of the old parameter with its name, put
// through the new ParamSpec::normalize (the one rule for parameter values, so a changed
// range or integer flag applies); a parameter without an old namesake takes the new default;
// an old parameter without a new namesake is dropped. A rename is a removal plus an addition.
// A parameter the actor's map does not set (param_set.h) takes the new default: a rebuild that
// changed a default moves every actor that left that parameter alone.
#pragma once
#include <string>
#include <vector>

#include "map/map.h"
#include "movers/mover.h"

namespace ts {

class ParamCarry {
  public:
    ParamCarry(const ParamSpec* from, int fromCount, const ParamSpec* to, int toCount);

    // `values` (in the old list's order) in the new list's order.
    ParamValues carry(const ParamValues& values) const;
    // An actor's values and set mask in the new list's order, unset parameters at the new
    // defaults.
    void carry(Actor& actor) const;
    // True when values kept by position would mean something else (or be out of range)
    // under the new list: names, order, ranges or the integer flag differ.
    bool changed() const;
    // True when a parameter both lists have changed its default.
    bool defaultsChanged() const;
    // "+ dash_speed (default 240), - old_gravity, speed 0..4 (was 0..8), gravity default 0.5
    // (was 0.4)"; "order" when only the order changed; "" when nothing changed.
    std::string summary() const;

  private:
    const ParamSpec* from_;
    const ParamSpec* to_;
    int fromCount_, toCount_;
    std::vector<int> source_;  // per new parameter: its old index, or -1 (new)
};

}  // namespace ts
