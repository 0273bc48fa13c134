#include "io/detail/collision_layer_names.h"

#include <cctype>

namespace ts::interop {

const std::vector<std::string>& usualCollisionLayerNames() {
    static const std::vector<std::string> names = {
        "collision", "collisions", "collider", "colliders", "solid", "solids", "wall", "walls"};
    return names;
}

int collisionLayerNameRank(const std::string& name) {
    const std::vector<std::string>& names = usualCollisionLayerNames();
    for (size_t i = 0; i < names.size(); ++i) {
        if (names[i].size() != name.size()) continue;
        bool same = true;
        for (size_t c = 0; c < name.size() && same; ++c)
            same = std::tolower(static_cast<unsigned char>(name[c])) == names[i][c];
        if (same) return int(i);
    }
    return -1;
}

std::string usualCollisionLayerNameList() {
    std::string out;
    for (const std::string& n : usualCollisionLayerNames()) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace ts::interop
