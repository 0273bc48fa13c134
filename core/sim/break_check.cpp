#include "sim/break_check.h"

#include <algorithm>

#include "trace/probe_vocabulary.h"

namespace ts {

namespace {

using Node = BreakExpr::Node;

constexpr unsigned kDefaultVerdicts = verdictBit(Verdict::Block) | verdictBit(Verdict::Hit);

class Checker {
  public:
    Checker(const BreakExpr& e, const std::string& who, const ProbeVocabulary* probes,
            const std::vector<std::string>& fields)
        : nodes_(e.nodes()), who_(who), probes_(probes), fields_(fields) {}

    std::string run() {
        if (nodes_.empty()) return "";
        const bool can = canHold(int(nodes_.size()) - 1);
        if (problems_.empty()) return "";
        std::string out;
        for (const std::string& p : problems_) out += p + "; ";
        if (!can) return out + "this breakpoint cannot fire";
        return out + (problems_.size() == 1 ? "that part never holds" : "those parts never hold");
    }

  private:
    void say(const std::string& problem) {
        if (std::find(problems_.begin(), problems_.end(), problem) == problems_.end())
            problems_.push_back(problem);
    }

    bool knownField(const std::string& name) {
        if (fields_.empty() || std::find(fields_.begin(), fields_.end(), name) != fields_.end())
            return true;
        std::string list;
        for (const std::string& f : fields_) list += (list.empty() ? "" : ", ") + f;
        say(who_ + " has no field '" + name + "' (fields: " + list + ")");
        return false;
    }

    bool probeCanHold(const Node& n) {
        if (!probes_) return true;  // not declared: anything may come
        const ProbeVocabulary& v = *probes_;
        const std::string& id = who_;
        const unsigned has = v.verdictsOf(n.probeKind);
        if (has == 0) {
            say(id + " never records '" + n.probeKind + "' probes (its kinds: " + v.kinds() + ")");
            return false;
        }
        if ((has & n.verdicts) != 0) return true;
        const std::string its = "its " + n.probeKind + " probes are " + verdictList(has);
        if (!n.verdictWord.empty()) {
            say(id + " never gives '" + n.probeKind + " " + n.verdictWord + "' (" + its + ")");
        } else {
            // `probe KIND` alone counts a block or a hit.
            const unsigned others = has & ~kDefaultVerdicts;
            const bool one = (others & (others - 1)) == 0;
            say("'probe " + n.probeKind + "' counts a block or hit, and " + its +
                " (name the verdict: " +
                (one ? "'probe " + n.probeKind + " " + verdictList(others) + "'"
                     : verdictList(others)) +
                ")");
        }
        return false;
    }

    // Can node i hold on some step? Every child is visited, so every problem is said.
    bool canHold(int i) {
        const Node& n = nodes_[size_t(i)];
        switch (n.op) {
            case Node::Op::Or: {
                const bool a = canHold(n.a), b = canHold(n.b);
                return a || b;
            }
            case Node::Op::And: {
                const bool a = canHold(n.a), b = canHold(n.b);
                return a && b;
            }
            case Node::Op::Not:
                canHold(n.a);  // for its problems; `not` of a part that never holds always holds
                return true;
            case Node::Op::Probe:
                return probeCanHold(n);
            default: {
                // A missing field reads as absent: comparisons and changes never hold.
                const bool left = !n.leftField || knownField(n.left);
                const bool right = !n.rightField || knownField(n.right);
                return left && right;
            }
        }
    }

    const std::vector<Node>& nodes_;
    const std::string who_;
    const ProbeVocabulary* probes_;
    const std::vector<std::string>& fields_;
    std::vector<std::string> problems_;
};

}  // namespace

std::string breakWarning(const BreakExpr& e, const MoverInfo& mover,
                         const std::vector<std::string>& fields) {
    return Checker(e, mover.id, mover.probes, fields).run();
}

std::string breakWarning(const BreakExpr& e, const std::string& who, const ProbeVocabulary* probes,
                         const std::vector<std::string>& fields) {
    return Checker(e, who, probes, fields).run();
}

}  // namespace ts
