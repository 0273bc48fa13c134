// Names of the kinds and a finding's identity (hunt.h).
#include "hunt/hunt.h"

namespace ts {

namespace {
const char* const kKindNames[] = {"stuck",  "snag",   "corner", "lip",  "tunnel",
                                  "inside", "jitter", "escape", "fault"};
static_assert(sizeof(kKindNames) / sizeof(kKindNames[0]) == size_t(SnagKind::Count),
              "one name per kind");
}  // namespace

const char* snagKindName(SnagKind k) {
    return size_t(k) < size_t(SnagKind::Count) ? kKindNames[size_t(k)] : "?";
}

bool parseSnagKinds(const std::string& list, uint32_t* mask, std::string* error) {
    uint32_t m = 0;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        const std::string name = list.substr(start, end - start);
        bool known = false;
        if (name == "all") {
            m |= kAllSnagKinds;
            known = true;
        }
        for (size_t i = 0; i < size_t(SnagKind::Count) && !known; ++i)
            if (name == kKindNames[i]) {
                m |= 1u << i;
                known = true;
            }
        if (!known) {
            if (error) {
                std::string names = "all";
                for (const char* n : kKindNames) names += std::string(", ") + n;
                *error = name.empty() ? "empty kind in \"" + list + "\" (kinds: " + names + ")"
                                      : "unknown kind \"" + name + "\" (kinds: " + names + ")";
            }
            return false;
        }
        start = end + 1;
    }
    *mask = m;
    return true;
}

std::string SnagFinding::key() const {
    return std::string(snagKindName(kind)) + "|" + actorName + "|" + feature.text + "|" +
           std::to_string(int(dir));
}

}  // namespace ts
