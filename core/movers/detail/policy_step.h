// The StepFn a model gives its MoverInfo, made from the model's one step templated on the
// trace policy (trace_policy.h), so that every model dispatches on `trace` the same way.
#pragma once
#include "movers/mover.h"
#include "trace/trace_policy.h"

namespace ts {

// Body: a type with
//   template <class Policy> static MoverState run(Policy, const MoverState&, InputBits,
//                                                 const ParamValues&, const CollisionWorld&);
// The traced instance is kept out of line, so that the untraced step does not carry its code.
template <class Body>
__attribute__((noinline)) MoverState tracedStepOf(const MoverState& s, InputBits in,
                                                  const ParamValues& p, const CollisionWorld& world,
                                                  Trace* trace) {
    return Body::run(WithTrace{trace}, s, in, p, world);
}

template <class Body>
MoverState stepByPolicy(const void* /*ctx*/, const MoverState& s, InputBits in,
                        const ParamValues& p, const CollisionWorld& world, Trace* trace,
                        const StepContext& /*sc*/) {
    if (trace) return tracedStepOf<Body>(s, in, p, world, trace);
    return Body::run(NoTrace{}, s, in, p, world);
}

}  // namespace ts
