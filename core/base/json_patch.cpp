#include "base/json_patch.h"

#include <algorithm>
#include <vector>

#include "base/json_spans.h"

namespace ts {

namespace {

struct Edit {
    size_t begin, end;  // source bytes replaced; begin == end inserts
    std::string text;
};

class Patcher {
  public:
    Patcher(const std::string& s, const std::string& o, const std::string& n)
        : s_(s), o_(o), n_(n) {}

    std::vector<Edit> edits;

    void patch(const JsonSpan& s, const JsonSpan& o, const JsonSpan& n) {
        if (same(o, n)) return;
        using K = JsonSpan::Kind;
        if (s.kind == K::Object && o.kind == K::Object && n.kind == K::Object && !s.keys.empty())
            return patchObject(s, o, n);
        if (s.kind == K::Array && o.kind == K::Array && n.kind == K::Array &&
            s.items.size() == o.items.size())
            return patchArray(s, o, n);
        replace(s, n);
    }

  private:
    std::string text(const std::string& t, size_t b, size_t e) const { return t.substr(b, e - b); }
    bool same(const JsonSpan& o, const JsonSpan& n) const {
        return o.end - o.begin == n.end - n.begin &&
               o_.compare(o.begin, o.end - o.begin, n_, n.begin, n.end - n.begin) == 0;
    }
    void replace(const JsonSpan& s, const JsonSpan& n) {
        edits.push_back({s.begin, s.end, text(n_, n.begin, n.end)});
    }
    static int find(const JsonSpan& obj, const std::string& key) {
        for (size_t i = 0; i < obj.keys.size(); ++i)
            if (obj.keys[i] == key) return int(i);
        return -1;
    }

    void patchObject(const JsonSpan& s, const JsonSpan& o, const JsonSpan& n) {
        const size_t count = s.keys.size();
        std::vector<bool> kept(count, true);
        for (size_t i = 0; i < count; ++i) {
            const int oi = find(o, s.keys[i]), ni = find(n, s.keys[i]);
            if (oi >= 0 && ni < 0)
                kept[i] = false;  // the writer no longer writes it: a parameter unset
            else if (oi >= 0)
                patch(s.items[i], o.items[size_t(oi)], n.items[size_t(ni)]);
            else if (ni >= 0)
                replace(s.items[i], n.items[size_t(ni)]);
            // else: a key the writer never writes stays as it is
        }
        if (std::none_of(kept.begin(), kept.end(), [](bool k) { return k; }))
            return replace(s, n);  // every member goes: nothing of the source's to keep
        // Removed members take the separator after them; a run at the end the one before.
        size_t lastKept = count - 1;
        while (!kept[lastKept]) --lastKept;
        for (size_t i = 0; i < lastKept; ++i)
            if (!kept[i]) edits.push_back({s.keyBegin[i], s.keyBegin[i + 1], ""});
        if (lastKept + 1 < count)
            edits.push_back({s.items[lastKept].end, s.items[count - 1].end, ""});
        // New members go after the source member that comes before them in `after`, written
        // as `after` writes them; with none before them, ahead of the first member kept.
        size_t firstKept = 0;
        while (!kept[firstKept]) ++firstKept;
        for (size_t j = 0; j < n.keys.size(); ++j) {
            if (find(s, n.keys[j]) >= 0) continue;
            const int oj = find(o, n.keys[j]);
            if (oj >= 0 && same(o.items[size_t(oj)], n.items[j])) continue;  // left out, as read
            const std::string member = text(n_, n.keyBegin[j], n.items[j].end);
            int before = -1;
            for (size_t k = j; k-- > 0 && before < 0;) {
                const int si = find(s, n.keys[k]);
                if (si >= 0 && kept[size_t(si)]) before = si;
            }
            if (before >= 0) {
                // `after`'s separator: its comma, then the space before the key.
                const size_t sep = n.items[j - 1].end;
                edits.push_back({s.items[size_t(before)].end, s.items[size_t(before)].end,
                                 text(n_, sep, n.keyBegin[j])});
                edits.back().text += member;
            } else {
                edits.push_back({s.keyBegin[firstKept], s.keyBegin[firstKept],
                                 member + "," + text(s_, s.begin + 1, s.keyBegin[0])});
            }
        }
    }

    void patchArray(const JsonSpan& s, const JsonSpan& o, const JsonSpan& n) {
        const size_t lo = o.items.size(), ln = n.items.size();
        if (lo == ln) {
            for (size_t i = 0; i < lo; ++i) patch(s.items[i], o.items[i], n.items[i]);
            return;
        }
        // Elements kept at both ends; what lies between is `after`'s, separators included.
        size_t head = 0, tail = 0;
        while (head < std::min(lo, ln) && same(o.items[head], n.items[head])) ++head;
        while (tail < std::min(lo, ln) - head &&
               same(o.items[lo - 1 - tail], n.items[ln - 1 - tail]))
            ++tail;
        auto region = [&](const JsonSpan& a, size_t count, size_t* b, size_t* e) {
            *b = head > 0 ? a.items[head - 1].end : a.begin + 1;
            *e = tail > 0 ? a.items[count - tail].begin : a.end - 1;
        };
        size_t sb, se, nb, ne;
        region(s, lo, &sb, &se);
        region(n, ln, &nb, &ne);
        edits.push_back({sb, se, text(n_, nb, ne)});
    }

    const std::string &s_, &o_, &n_;
};

}  // namespace

bool patchJson(const std::string& source, const std::string& before, const std::string& after,
               std::string* out) {
    JsonSpan s, o, n;
    if (!scanJsonSpans(source, &s) || !scanJsonSpans(before, &o) || !scanJsonSpans(after, &n))
        return false;
    std::vector<const JsonSpan*> stack = {&s};
    while (!stack.empty()) {
        const JsonSpan* v = stack.back();
        stack.pop_back();
        for (const std::string& k : v->keys)
            if (k.find('\\') != std::string::npos) return false;
        for (const JsonSpan& item : v->items) stack.push_back(&item);
    }
    Patcher p(source, before, after);
    p.patch(s, o, n);
    // Insertions come before a removal starting at the same byte; otherwise in text order.
    std::stable_sort(p.edits.begin(), p.edits.end(), [](const Edit& a, const Edit& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    std::string result;
    size_t at = 0;
    for (const Edit& e : p.edits) {
        result.append(source, at, e.begin - at);
        result += e.text;
        at = e.end;
    }
    result.append(source, at, std::string::npos);
    *out = std::move(result);
    return true;
}

}  // namespace ts
