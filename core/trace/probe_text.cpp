#include "trace/probe_text.h"

#include <cstdio>

namespace ts {

namespace {

// "pass_rate" -> "pass rate"
std::string words(const char* why) {
    std::string s = why;
    for (char& c : s)
        if (c == '_') c = ' ';
    return s;
}

const char* verdictWord(Verdict v) {
    switch (v) {
        case Verdict::Miss:
            return "free";
        case Verdict::Hit:
            return "hit";
        case Verdict::Pass:
            return "passes";
        case Verdict::Block:
            return "blocked";
        default:
            return "";
    }
}

std::string point(Fix x, Fix y) {
    return "(" + roundedNumber(x) + ", " + roundedNumber(y) + ")";
}

}  // namespace

std::string roundedNumber(Fix v, int decimals) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v.toDouble());
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";  // a tiny negative value rounds to zero
    return s;
}

std::string readableProbe(const Probe& p) {
    std::string head = words(p.why);
    const char* verdict = verdictWord(p.verdict);
    switch (p.shape) {
        case ProbeShape::Value:
            // Only a pass or a block is a threshold test; any other value probe (a plugin's
            // "hold 1 vs 3, info") is two numbers side by side, with its own verdict if any.
            if (p.verdict == Verdict::Pass || p.verdict == Verdict::Block) {
                const bool passes = p.verdict == Verdict::Pass;
                return head + " " + roundedNumber(p.x0) + (passes ? " >= " : " < ") + "threshold " +
                       roundedNumber(p.x1) + ": " + verdict;
            }
            return head + " " + roundedNumber(p.x0) + " vs " + roundedNumber(p.x1) +
                   (*verdict ? ": " : "") + verdict;
        case ProbeShape::Point:
            return head + " pixel " + verdict + " at " + point(p.x0, p.y0);
        case ProbeShape::Cell:
            return head + " cell at " + point(p.x0, p.y0);
        case ProbeShape::Rect:
        case ProbeShape::Band:
            return head + (*verdict ? " " : "") + verdict + ": " + point(p.x0, p.y0) + " to " +
                   point(p.x1, p.y1);
        default:
            return head + (*verdict ? " " : "") + verdict + ": " + point(p.x0, p.y0) + " -> " +
                   point(p.x1, p.y1);
    }
}

std::vector<const Probe*> frameDecisions(const Trace& trace, int32_t actor) {
    std::vector<const Probe*> out;
    for (const Probe& p : trace.probes)
        if (p.actor == actor && (p.shape == ProbeShape::Value || p.verdict == Verdict::Hit ||
                                 p.verdict == Verdict::Block))
            out.push_back(&p);
    return out;
}

}  // namespace ts
