// Carrying an actor's parameter values from one parameter list to another BY NAME: what a
// plugin rebuild whose parameters were added, removed, renamed or reordered needs, since
// ParamValues are kept by position (the step reads them in the declared order).
//
// A parameter of the new list takes the value of the old parameter with its name, put
// through the new ParamSpec::normalize (the one rule for parameter values, so a changed
// range or integer flag applies); a parameter without an old namesake takes the new default;
// an old parameter without a new namesake is dropped. A rename is a removal plus an addition.
#pragma once
#include <string>
#include <vector>

#include "movers/mover.h"

namespace ts {

class ParamCarry {
  public:
    ParamCarry(const ParamSpec* from, int fromCount, const ParamSpec* to, int toCount);

    // `values` (in the old list's order) in the new list's order.
    ParamValues carry(const ParamValues& values) const;
    // True when values kept by position would mean something else (or be out of range)
    // under the new list: names, order, ranges or the integer flag differ.
    bool changed() const;
    // "+ dash_speed (default 240), - old_gravity, speed 0..4 (was 0..8)"; "order" when
    // only the order changed; "" when nothing changed.
    std::string summary() const;

  private:
    const ParamSpec* from_;
    const ParamSpec* to_;
    int fromCount_, toCount_;
    std::vector<int> source_;  // per new parameter: its old index, or -1 (new)
};

}  // namespace ts
