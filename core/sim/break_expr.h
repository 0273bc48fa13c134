// Breakpoint expressions as TAS tools have them: `x > 300`, `vy changes sign`,
// `grounded becomes true`, `probe scanline blocked`, `frame == 120`, joined with and / or /
// not and parentheses. The grammar is in docs/debugger.md ("Breakpoint expressions").
//
// An expression reads one step of one actor: the fields of its trace line before and after
// the step (`frame` and every state field the mover writes, by the trace's names, so each
// model's own fields work without a list here) and the probes of that step. Values compare
// exactly as the trace writes them (decimal text, never through floating point).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "movers/model_fields.h"
#include "trace/trace.h"

namespace ts {

// The fields of an actor's trace line for state `s` after stepping frame `frame`, as
// `tilestep run` prints them: frame, x, y, vx, vy, grounded, facing, pushing, then the
// model's own; the actor's name left out.
std::vector<StateField> traceFields(int64_t frame, MoverKind mover, const MoverState& s);

// What `changes sign` remembers between steps: each field's last sign that was not zero,
// while the value only passes through 0. A jump's vy goes -0.25, 0, 0.25 through its top: the
// rise-to-fall is a sign change. A value at 0 for two frames or more is at rest and its side
// is forgotten: standing still, then jumping, is no sign change.
// Whoever steps in frame order keeps one and remembers every step's `after` fields.
class SignMemory {
  public:
    void remember(const std::vector<StateField>& fields);
    int last(const std::string& field) const;  // -1 or 1; 0 when never non-zero, or at rest
    void clear() { signs_.clear(); }

  private:
    struct Side {
        std::string field;
        int sign = 0;
        int zeros = 0;  // frames at 0 since it was last non-zero
    };
    std::vector<Side> signs_;
};

// One step as an expression sees it.
struct BreakStep {
    std::vector<StateField> before;  // the trace fields before the step (frame F - 1)
    std::vector<StateField> after;   // and after it (frame F)
    const Trace* trace = nullptr;    // the step's probes; null when not traced
    int32_t actor = 0;               // whose probes count
    // The signs before `before` (null: none known, `before` alone counts).
    const SignMemory* signs = nullptr;
};

constexpr size_t kMaxBreakExprChars = 4096;

class BreakExpr {
  public:
    // Parses `text`. With `fields` not empty, every field named must be one of them.
    // False with *error "column C: expected ..., found ..." (C counts from 1) and
    // *column = C.
    static bool parse(const std::string& text, const std::vector<std::string>& fields,
                      BreakExpr* out, std::string* error, size_t* column = nullptr);

    bool holds(const BreakStep& step) const;
    bool readsProbes() const { return readsProbes_; }
    const std::string& text() const { return text_; }

    struct Node;  // the parsed tree (break_expr.cpp)
    // Children before parents; the root last (sim/break_check.h reads it).
    const std::vector<Node>& nodes() const { return nodes_; }

  private:
    std::string text_;
    std::vector<Node> nodes_;  // children before parents; the root last
    bool readsProbes_ = false;
};

// Only to let BreakExpr be copied and kept in vectors: the tree's nodes.
struct BreakExpr::Node {
    enum class Op { Or, And, Not, Compare, Changes, ChangesSign, Becomes, Probe, Truthy } op;
    int a = -1, b = -1;  // children (Or, And, Not)
    // Compare: left (field or literal) `cmp` right; Becomes, Changes..., Truthy: field left.
    bool leftField = false, rightField = false;
    std::string left, right;  // a field's name or a literal's text (numbers as written)
    enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge } cmp = Cmp::Eq;
    std::string probeKind;
    unsigned verdicts = 0;    // Probe: bit (1 << Verdict) for each verdict that counts
    std::string verdictWord;  // Probe: the verdict as written ("blocked"); "" for none
};

}  // namespace ts
