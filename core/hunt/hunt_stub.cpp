// Stubs until the search lands.
#include "hunt/hunt.h"

namespace ts {

MapFeature featureNear(const CollisionWorld&, const RectI&, uint8_t) {
    return MapFeature{"open", 0, 0, "open floor"};
}

bool huntMap(const Map&, const HuntOptions&, HuntResult* out, std::string*) {
    *out = HuntResult{};
    return true;
}

bool recheckFinding(const Map&, const SnagFinding&, std::string* why) {
    if (why) *why = "not implemented yet";
    return false;
}

std::vector<SnagFinding> replayFindings(const Map&, size_t, const InputLog&, uint32_t, int64_t) {
    return {};
}

SnagDetectors::SnagDetectors(const CollisionWorld& world, const MoverInfo& mover,
                             const ParamValues& params, uint32_t kinds)
    : world_(&world), mover_(&mover), params_(params), kinds_(kinds) {}

void SnagDetectors::observe(const StepFacts&, std::vector<SnagFinding>*) {}

void SnagDetectors::reset() {}

}  // namespace ts
