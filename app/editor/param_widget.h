// One editable field for a mover parameter, shared by the actor inspector (Edit mode) and
// live tuning (Debug mode), so both show and round a value the same way.
#pragma once
#include "movers/mover.h"

namespace ts {

// A drag field labelled with the parameter's name over its range (whole numbers for integer
// parameters; Ctrl+click types a value, and a typed 2.6 is rounded to 3 as normalize says, not
// cut to 2), with a tooltip giving its help, unit, default and range. Returns true when the user
// changed the value: *value is then the new value, put through ParamSpec::normalize (rounded and
// clamped) and different from `current`. The field is ImGui's last item afterwards (IsItemActivated
// and friends ask about it).
bool paramWidget(const ParamSpec& spec, Fix current, Fix* value);

}  // namespace ts
