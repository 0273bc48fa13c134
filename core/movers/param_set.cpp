#include "movers/param_set.h"

namespace ts {

bool paramIsSet(const Actor& a, int i) {
    const MoverInfo& mi = moverInfo(a.mover);
    if (i < 0 || i >= mi.paramCount) return false;
    return (a.paramsSet & paramBit(i)) != 0 || !(a.params[size_t(i)] == mi.params[i].defFix());
}

uint32_t setParams(const Actor& a) {
    uint32_t set = 0;
    for (int i = 0; i < moverInfo(a.mover).paramCount; ++i)
        if (paramIsSet(a, i)) set |= paramBit(i);
    return set;
}

}  // namespace ts
