#include "movers/param_carry.h"

#include <cstring>

#include "movers/param_set.h"

namespace ts {

namespace {

bool sameRule(const ParamSpec& a, const ParamSpec& b) {
    return a.minFix() == b.minFix() && a.maxFix() == b.maxFix() && a.integer == b.integer;
}

std::string range(const ParamSpec& p) {
    return p.minFix().str() + ".." + p.maxFix().str() + (p.integer ? " whole" : "");
}

}  // namespace

ParamCarry::ParamCarry(const ParamSpec* from, int fromCount, const ParamSpec* to, int toCount)
    : from_(from), to_(to), fromCount_(fromCount), toCount_(toCount) {
    for (int i = 0; i < toCount_; ++i) {
        int found = -1;
        for (int j = 0; j < fromCount_ && found < 0; ++j)
            if (std::strcmp(to_[i].name, from_[j].name) == 0) found = j;
        source_.push_back(found);
    }
}

ParamValues ParamCarry::carry(const ParamValues& values) const {
    ParamValues out{};
    for (int i = 0; i < toCount_; ++i) {
        const int j = source_[size_t(i)];
        out[size_t(i)] = j < 0 ? to_[i].defFix() : to_[i].normalize(values[size_t(j)]);
    }
    return out;
}

void ParamCarry::carry(Actor& actor) const {
    // Set or not by the old list's defaults (paramIsSet would ask the registry, which may
    // hold the new build by now).
    uint32_t set = 0;
    for (int j = 0; j < fromCount_; ++j)
        if ((actor.paramsSet & paramBit(j)) || !(actor.params[size_t(j)] == from_[j].defFix()))
            set |= paramBit(j);
    ParamValues out{};
    uint32_t outSet = 0;
    for (int i = 0; i < toCount_; ++i) {
        const int j = source_[size_t(i)];
        if (j >= 0 && (set & paramBit(j))) {
            out[size_t(i)] = to_[i].normalize(actor.params[size_t(j)]);
            outSet |= paramBit(i);
        } else {
            out[size_t(i)] = to_[i].defFix();
        }
    }
    actor.params = out;
    actor.paramsSet = outSet;
}

bool ParamCarry::defaultsChanged() const {
    for (int i = 0; i < toCount_; ++i) {
        const int j = source_[size_t(i)];
        if (j >= 0 && !(from_[j].defFix() == to_[i].defFix())) return true;
    }
    return false;
}

bool ParamCarry::changed() const {
    if (fromCount_ != toCount_) return true;
    for (int i = 0; i < toCount_; ++i)
        if (source_[size_t(i)] != i || !sameRule(from_[i], to_[i])) return true;
    return false;
}

std::string ParamCarry::summary() const {
    std::vector<std::string> parts;
    for (int i = 0; i < toCount_; ++i)
        if (source_[size_t(i)] < 0)
            parts.push_back(std::string("+ ") + to_[i].name + " (default " + to_[i].defFix().str() +
                            ")");
    for (int j = 0; j < fromCount_; ++j) {
        bool kept = false;
        for (int s : source_) kept = kept || s == j;
        if (!kept) parts.push_back(std::string("- ") + from_[j].name);
    }
    for (int i = 0; i < toCount_; ++i) {
        const int j = source_[size_t(i)];
        if (j >= 0 && !sameRule(from_[j], to_[i]))
            parts.push_back(std::string(to_[i].name) + " " + range(to_[i]) + " (was " +
                            range(from_[j]) + ")");
    }
    if (parts.empty() && changed()) parts.push_back("order");
    for (int i = 0; i < toCount_; ++i) {
        const int j = source_[size_t(i)];
        if (j >= 0 && !(from_[j].defFix() == to_[i].defFix()))
            parts.push_back(std::string(to_[i].name) + " default " + to_[i].defFix().str() +
                            " (was " + from_[j].defFix().str() + ")");
    }
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : ", ") + p;
    return s;
}

}  // namespace ts
