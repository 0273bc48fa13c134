// Parameter rules and the lookups by kind built on the registry (mover_registry.cpp).
#include "movers/mover.h"

#include "movers/step_context.h"

namespace ts {

const StepContext& MoverInfo::noStepContext() {
    static const StepContext none;
    return none;
}

Fix ParamSpec::minFix() const {
    Fix f = Fix::fromDouble(min);
    if (f.toDouble() < min) f += Fix::fromRaw(1);
    return integer ? Fix::fromInt(f.ceil()) : f;
}

Fix ParamSpec::maxFix() const {
    Fix f = Fix::fromDouble(max);
    if (f.toDouble() > max) f -= Fix::fromRaw(1);
    return integer ? Fix::fromInt(f.floor()) : f;
}

Fix ParamSpec::defFix() const {
    return normalize(Fix::fromDouble(def));
}

Fix ParamSpec::normalize(Fix v) const {
    if (integer) v = Fix::fromInt(v.round());
    return fixClamp(v, minFix(), maxFix());
}

std::string ParamSpec::check(Fix v) const {
    if (v < minFix() || v > maxFix())
        return v.str() + " is outside " + minFix().str() + ".." + maxFix().str();
    if (integer && v.frac().raw != 0) return v.str() + " is not a whole number";
    return "";
}

ParamValues defaultParams(MoverKind k) {
    ParamValues v{};
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i) v[size_t(i)] = m.params[i].defFix();
    return v;
}

int findParam(MoverKind k, const std::string& name) {
    const MoverInfo& m = moverInfo(k);
    for (int i = 0; i < m.paramCount; ++i)
        if (name == m.params[i].name) return i;
    return -1;
}

}  // namespace ts
