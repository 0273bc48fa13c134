#include "trace.h"

namespace ts {

const char* probeShapeName(ProbeShape s) {
    static const char* const names[] = {"point", "rect",  "segment", "cell",
                                        "band",  "arrow", "value"};
    return size_t(s) < size_t(ProbeShape::Count) ? names[size_t(s)] : "?";
}

const char* verdictName(Verdict v) {
    static const char* const names[] = {"miss", "hit", "pass", "block", "info"};
    return size_t(v) < size_t(Verdict::Count) ? names[size_t(v)] : "?";
}

std::string probeJson(const Probe& p) {
    std::string s = "{\"kind\":\"";
    s += probeShapeName(p.shape);
    s += "\",\"verdict\":\"";
    s += verdictName(p.verdict);
    s += "\",\"why\":\"";
    s += p.why;  // static identifiers, never need escaping
    s += "\"";
    auto field = [&s](const char* k, Fix v) {
        s += ",\"";
        s += k;
        s += "\":";
        s += v.str();
    };
    switch (p.shape) {
        case ProbeShape::Point:
            field("x", p.x0);
            field("y", p.y0);
            break;
        case ProbeShape::Rect:
        case ProbeShape::Cell:
        case ProbeShape::Band:
        case ProbeShape::Segment:
        case ProbeShape::Arrow:
            field("x0", p.x0);
            field("y0", p.y0);
            field("x1", p.x1);
            field("y1", p.y1);
            break;
        case ProbeShape::Value:
            field("value", p.x0);
            field("threshold", p.x1);
            break;
        default:
            break;
    }
    s += "}";
    return s;
}

}  // namespace ts
