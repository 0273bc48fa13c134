#include "sim/break_expr.h"

#include <algorithm>
#include <cctype>

#include "base/json_number.h"
#include "record/trace_writer.h"

namespace ts {

std::vector<StateField> traceFields(int64_t frame, MoverKind mover, const MoverState& s) {
    std::vector<StateField> out = parseFlatFields(stateJsonLine(frame, "", mover, s));
    out.erase(std::remove_if(out.begin(), out.end(),
                             [](const StateField& f) { return f.name == "actor"; }),
              out.end());
    return out;
}

namespace {

using Node = BreakExpr::Node;

struct Token {
    enum Kind { Word, Number, Text, Symbol, End } kind = End;
    std::string text;
    size_t column = 0;  // from 1
};

bool wordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string shownToken(const Token& t) {
    if (t.kind == Token::End) return "the end";
    if (t.kind == Token::Text) return "\"" + t.text + "\"";
    return "'" + t.text + "'";
}

// Splits the text; false with the error's column and message on a character no token starts with.
bool lex(const std::string& s, std::vector<Token>* out, size_t* column, std::string* error) {
    size_t i = 0;
    while (true) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        Token t;
        t.column = i + 1;
        if (i >= s.size()) {
            out->push_back(t);
            return true;
        }
        const char c = s[i];
        const bool minusNumber =
            c == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
        if (std::isdigit(static_cast<unsigned char>(c)) || minusNumber) {
            size_t j = i + 1;
            while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.'))
                ++j;
            // An exponent, as traces write one ("1e400", "2.5E-3"): taken with its number, so a
            // bad one reads "'1e' is not a number", never "found 'e400'".
            if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
                ++j;
                if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
                while (j < s.size() && std::isalnum(static_cast<unsigned char>(s[j]))) ++j;
            }
            t.kind = Token::Number;
            t.text = s.substr(i, j - i);
            jsonnum::Decimal d;
            if (!jsonnum::parse(t.text, &d)) {
                *column = t.column;
                *error = "'" + t.text + "' is not a number";
                return false;
            }
            i = j;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            size_t j = i;
            while (j < s.size() && wordChar(s[j])) ++j;
            t.kind = Token::Word;
            t.text = s.substr(i, j - i);
            i = j;
        } else if (c == '"') {
            const size_t end = s.find('"', i + 1);
            if (end == std::string::npos) {
                *column = t.column;
                *error = "a text in quotes is not closed";
                return false;
            }
            t.kind = Token::Text;
            t.text = s.substr(i + 1, end - i - 1);
            i = end + 1;
        } else {
            static const char* const kTwo[] = {"==", "!=", "<=", ">=", "&&", "||"};
            t.kind = Token::Symbol;
            for (const char* two : kTwo)
                if (s.compare(i, 2, two) == 0) t.text = two;
            if (t.text.empty() && std::string("<>()!").find(c) != std::string::npos)
                t.text = std::string(1, c);
            if (t.text.empty()) {
                *column = t.column;
                *error = std::string("unexpected '") + c + "'";
                return false;
            }
            i += t.text.size();
        }
        out->push_back(t);
    }
}

bool isKeyword(const std::string& w) {
    static const char* const kWords[] = {"and",     "or",      "not",  "probe",
                                         "changes", "becomes", "true", "false"};
    for (const char* k : kWords)
        if (w == k) return true;
    return false;
}

// Verdict words after `probe KIND`, as a mask of Verdict bits.
unsigned verdictWord(const std::string& w) {
    auto bit = [](Verdict v) { return 1u << unsigned(v); };
    if (w == "block" || w == "blocks" || w == "blocked") return bit(Verdict::Block);
    if (w == "hit" || w == "hits") return bit(Verdict::Hit);
    if (w == "pass" || w == "passes" || w == "passed") return bit(Verdict::Pass);
    if (w == "miss" || w == "misses" || w == "missed") return bit(Verdict::Miss);
    if (w == "info") return bit(Verdict::Info);
    return 0;
}

class Parser {
  public:
    Parser(std::vector<Token> tokens, const std::vector<std::string>& fields,
           std::vector<Node>* nodes)
        : t_(std::move(tokens)), fields_(fields), nodes_(nodes) {}

    bool parse(std::string* error, size_t* column, bool* readsProbes) {
        const int root = orExpr();
        if (root >= 0 && peek().kind != Token::End) expected("'and', 'or' or the end");
        if (!error_.empty()) {
            *error = error_;
            *column = errorColumn_;
            return false;
        }
        *readsProbes = readsProbes_;
        return true;
    }

  private:
    const Token& peek() const { return t_[pos_]; }
    Token next() { return t_[std::min(pos_++, t_.size() - 1)]; }
    bool accept(const char* word) {
        const Token& t = peek();
        if ((t.kind == Token::Word || t.kind == Token::Symbol) && t.text == word) {
            ++pos_;
            return true;
        }
        return false;
    }
    int fail(size_t column, const std::string& message) {
        if (error_.empty()) {
            error_ = message;
            errorColumn_ = column;
        }
        return -1;
    }
    int expected(const std::string& what) {
        return fail(peek().column, "expected " + what + ", found " + shownToken(peek()));
    }
    int add(Node n) {
        nodes_->push_back(std::move(n));
        return int(nodes_->size()) - 1;
    }
    int binary(Node::Op op, int a, int b) {
        Node n;
        n.op = op;
        n.a = a;
        n.b = b;
        return add(std::move(n));
    }

    int orExpr() {
        int a = andExpr();
        while (a >= 0 && (accept("or") || accept("||"))) {
            const int b = andExpr();
            if (b < 0) return -1;
            a = binary(Node::Op::Or, a, b);
        }
        return a;
    }
    int andExpr() {
        int a = unary();
        while (a >= 0 && (accept("and") || accept("&&"))) {
            const int b = unary();
            if (b < 0) return -1;
            a = binary(Node::Op::And, a, b);
        }
        return a;
    }
    int unary() {
        if (accept("not") || accept("!")) {
            const int a = unary();
            return a < 0 ? -1 : binary(Node::Op::Not, a, -1);
        }
        if (accept("(")) {
            const int a = orExpr();
            if (a < 0) return -1;
            if (!accept(")")) return expected("')'");
            return a;
        }
        return condition();
    }

    // A field name; checked against the actor's fields when they are known.
    bool field(const Token& t) {
        if (fields_.empty() || std::find(fields_.begin(), fields_.end(), t.text) != fields_.end())
            return true;
        std::string list;
        for (const std::string& f : fields_) list += (list.empty() ? "" : ", ") + f;
        fail(t.column, "unknown field '" + t.text + "' (fields: " + list + ")");
        return false;
    }
    // A value: a number, true / false, or a text in quotes.
    bool literal(Node& n) {
        const Token& t = peek();
        if (t.kind == Token::Number || t.kind == Token::Text ||
            (t.kind == Token::Word && (t.text == "true" || t.text == "false"))) {
            n.right = next().text;
            return true;
        }
        expected("a value (a number, true, false or a text in quotes)");
        return false;
    }

    int condition() {
        const Token first = peek();
        if (first.kind == Token::Word && first.text == "probe") {
            next();
            Node n;
            n.op = Node::Op::Probe;
            if (peek().kind != Token::Word || isKeyword(peek().text))
                return expected("a probe kind after 'probe' (ground, scanline, pass_rate...)");
            n.probeKind = next().text;
            n.verdicts = peek().kind == Token::Word ? verdictWord(peek().text) : 0;
            if (n.verdicts)
                n.verdictWord = next().text;
            else
                n.verdicts = (1u << unsigned(Verdict::Block)) | (1u << unsigned(Verdict::Hit));
            readsProbes_ = true;
            return add(std::move(n));
        }
        Node n;
        n.op = Node::Op::Compare;
        if (first.kind == Token::Word && !isKeyword(first.text)) {
            next();
            if (!field(first)) return -1;
            n.leftField = true;
            n.left = first.text;
            if (accept("changes")) {
                n.op = accept("sign") ? Node::Op::ChangesSign : Node::Op::Changes;
                return add(std::move(n));
            }
            if (accept("becomes")) {
                n.op = Node::Op::Becomes;
                return literal(n) ? add(std::move(n)) : -1;
            }
        } else if (first.kind == Token::Number || first.kind == Token::Text ||
                   first.text == "true" || first.text == "false") {
            n.left = next().text;
        } else {
            return expected("a field name, 'probe', 'not' or '('");
        }
        static const std::pair<const char*, Node::Cmp> kCmp[] = {
            {"==", Node::Cmp::Eq}, {"!=", Node::Cmp::Ne}, {"<=", Node::Cmp::Le},
            {">=", Node::Cmp::Ge}, {"<", Node::Cmp::Lt},  {">", Node::Cmp::Gt}};
        bool compared = false;
        for (const auto& [sym, cmp] : kCmp)
            if (!compared && peek().kind == Token::Symbol && peek().text == sym) {
                next();
                n.cmp = cmp;
                compared = true;
            }
        if (!compared) {
            if (n.leftField) {  // a field alone: holds when true or not zero
                n.op = Node::Op::Truthy;
                return add(std::move(n));
            }
            return expected("a comparison (==, !=, <, <=, >, >=) after " + shownToken(first));
        }
        const Token right = peek();
        if (right.kind == Token::Word && !isKeyword(right.text)) {
            next();
            if (!field(right)) return -1;
            n.rightField = true;
            n.right = right.text;
        } else if (!literal(n)) {
            return -1;
        }
        return add(std::move(n));
    }

    std::vector<Token> t_;
    size_t pos_ = 0;
    const std::vector<std::string>& fields_;
    std::vector<Node>* nodes_;
    std::string error_;
    size_t errorColumn_ = 0;
    bool readsProbes_ = false;
};

const std::string* find(const std::vector<StateField>& fields, const std::string& name) {
    for (const StateField& f : fields)
        if (f.name == name) return &f.value;
    return nullptr;
}

// -1, 0, 1 for a < b, a == b, a > b, both exact decimals.
int compareDecimals(const jsonnum::Decimal& a, const jsonnum::Decimal& b) {
    const bool za = a.digits.empty(), zb = b.digits.empty();
    const int sa = za ? 0 : (a.negative ? -1 : 1), sb = zb ? 0 : (b.negative ? -1 : 1);
    if (sa != sb) return sa < sb ? -1 : 1;
    if (sa == 0) return 0;
    // Same sign: compare magnitudes (0.DIGITS x 10^point, the first digit never 0).
    int mag = 0;
    if (a.point != b.point)
        mag = a.point < b.point ? -1 : 1;
    else if (a.digits != b.digits)
        mag = a.digits < b.digits ? -1 : 1;
    return sa * mag;
}

bool number(const std::string& text, jsonnum::Decimal* d) {
    return jsonnum::parse(text, d) && !d->nan && !d->infinite;
}

// a `cmp` b: numbers by value, anything else by text (only == and != hold for those).
bool compare(const std::string& a, Node::Cmp cmp, const std::string& b) {
    jsonnum::Decimal da, db;
    int c = 0;
    if (number(a, &da) && number(b, &db)) {
        c = compareDecimals(da, db);
    } else {
        if (cmp != Node::Cmp::Eq && cmp != Node::Cmp::Ne) return false;
        c = a == b ? 0 : 1;
    }
    switch (cmp) {
        case Node::Cmp::Eq:
            return c == 0;
        case Node::Cmp::Ne:
            return c != 0;
        case Node::Cmp::Lt:
            return c < 0;
        case Node::Cmp::Le:
            return c <= 0;
        case Node::Cmp::Gt:
            return c > 0;
        case Node::Cmp::Ge:
            return c >= 0;
    }
    return false;
}

int sign(const std::string& v) {
    jsonnum::Decimal d;
    if (!number(v, &d) || d.digits.empty()) return 0;
    return d.negative ? -1 : 1;
}

bool eval(const std::vector<Node>& nodes, int i, const BreakStep& s) {
    const Node& n = nodes[size_t(i)];
    const std::string* now = n.leftField ? find(s.after, n.left) : &n.left;
    const std::string* was = n.leftField ? find(s.before, n.left) : &n.left;
    switch (n.op) {
        case Node::Op::Or:
            return eval(nodes, n.a, s) || eval(nodes, n.b, s);
        case Node::Op::And:
            return eval(nodes, n.a, s) && eval(nodes, n.b, s);
        case Node::Op::Not:
            return !eval(nodes, n.a, s);
        case Node::Op::Truthy:
            return now && (*now == "true" || sign(*now) != 0);
        case Node::Op::Changes:
            return now && was && !compare(*now, Node::Cmp::Eq, *was);
        // From one side of zero to the other, through 0 or not: the side it was on is its
        // last non-zero sign (SignMemory). Coming to rest at 0 is no sign change.
        case Node::Op::ChangesSign: {
            if (!now || !was) return false;
            int side = sign(*was);
            if (side == 0 && s.signs) side = s.signs->last(n.left);
            return sign(*now) * side < 0;
        }
        case Node::Op::Becomes:
            return now && was && compare(*now, Node::Cmp::Eq, n.right) &&
                   !compare(*was, Node::Cmp::Eq, n.right);
        case Node::Op::Compare: {
            const std::string* right = n.rightField ? find(s.after, n.right) : &n.right;
            return now && right && compare(*now, n.cmp, *right);
        }
        case Node::Op::Probe:
            if (!s.trace) return false;
            for (const Probe& p : s.trace->probes)
                if (p.actor == s.actor && (n.verdicts >> unsigned(p.verdict) & 1u) &&
                    n.probeKind == p.why)
                    return true;
            return false;
    }
    return false;
}

}  // namespace

bool BreakExpr::parse(const std::string& text, const std::vector<std::string>& fields,
                      BreakExpr* out, std::string* error, size_t* column) {
    size_t col = 0;
    std::vector<Token> tokens;
    BreakExpr e;
    e.text_ = text;
    // Parsing and evaluating recurse once per parenthesis or operator: a bound on the text
    // bounds the depth, far above any expression a user types.
    bool ok = text.size() <= kMaxBreakExprChars;
    if (!ok) {
        col = kMaxBreakExprChars + 1;
        *error = "longer than " + std::to_string(kMaxBreakExprChars) + " characters";
    }
    ok = ok && lex(text, &tokens, &col, error);
    if (ok) {
        if (tokens.size() == 1) {
            col = 1;
            *error = "the expression is empty";
            ok = false;
        } else {
            Parser p(std::move(tokens), fields, &e.nodes_);
            ok = p.parse(error, &col, &e.readsProbes_);
        }
    }
    if (!ok) {
        *error = "column " + std::to_string(col) + ": " + *error;
        if (column) *column = col;
        return false;
    }
    *out = std::move(e);
    return true;
}

void SignMemory::remember(const std::vector<StateField>& fields) {
    for (const StateField& f : fields) {
        const int v = sign(f.value);
        auto it = std::find_if(signs_.begin(), signs_.end(),
                               [&](const Side& e) { return e.field == f.name; });
        if (it == signs_.end()) {
            if (v == 0) continue;
            it = signs_.insert(signs_.end(), Side{f.name, v, 0});
        }
        if (v != 0) {
            it->sign = v;
            it->zeros = 0;
        } else if (++it->zeros >= 2) {
            it->sign = 0;  // at rest
        }
    }
}

int SignMemory::last(const std::string& field) const {
    for (const Side& e : signs_)
        if (e.field == field) return e.sign;
    return 0;
}

bool BreakExpr::holds(const BreakStep& step) const {
    return !nodes_.empty() && eval(nodes_, int(nodes_.size()) - 1, step);
}

}  // namespace ts
