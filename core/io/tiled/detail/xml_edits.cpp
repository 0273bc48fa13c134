#include "io/tiled/detail/xml_edits.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "io/map_io.h"

namespace ts::interop {

namespace {

bool space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

[[noreturn]] void unreadable(const std::string& path, const char* what) {
    throw MapError(path + ": not saved in place: its text does not match what was read (" + what +
                   ")");
}

std::string escaped(const std::string& value, char quote) {
    std::string out;
    for (char c : value) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '\n':
                out += "&#10;";
                break;
            case '\r':
                out += "&#13;";
                break;
            case '\t':
                out += "&#9;";
                break;
            default:
                if (c == quote)
                    out += quote == '"' ? "&quot;" : "&apos;";
                else
                    out += c;
        }
    }
    return out;
}

}  // namespace

XmlEdits::XmlEdits(const std::string& text, const std::string& path) : text_(text), path_(path) {
    const size_t nl = text_.find('\n');
    eol_ = nl != std::string::npos && nl > 0 && text_[nl - 1] == '\r' ? "\r\n" : "\n";
}

XmlEdits::Span XmlEdits::span(pugi::xml_node element) const {
    const ptrdiff_t at = element.offset_debug();
    const size_t nameLen = std::strlen(element.name());
    if (at < 1 || size_t(at) + nameLen > text_.size() || text_[size_t(at) - 1] != '<' ||
        text_.compare(size_t(at), nameLen, element.name()) != 0)
        unreadable(path_, "an element's place");
    Span s;
    s.open = size_t(at) - 1;
    // Past the '>' of the tag opening at `lt`, quoted values skipped.
    auto tagEnd = [&](size_t lt) {
        for (size_t i = lt + 1; i < text_.size(); ++i) {
            if (text_[i] == '"' || text_[i] == '\'') {
                i = text_.find(text_[i], i + 1);
                if (i == std::string::npos) break;
            } else if (text_[i] == '>') {
                return i + 1;
            }
        }
        unreadable(path_, "an unterminated tag");
    };
    auto past = [&](size_t from, const char* mark) {
        const size_t i = text_.find(mark, from);
        if (i == std::string::npos) unreadable(path_, "an unterminated comment or section");
        return i + std::strlen(mark);
    };
    s.tagEnd = tagEnd(s.open);
    s.selfClosing = text_[s.tagEnd - 2] == '/';
    if (s.selfClosing) {
        s.inner = s.end = s.tagEnd;
        return s;
    }
    size_t pos = s.tagEnd;
    for (int depth = 1;;) {
        const size_t lt = text_.find('<', pos);
        if (lt == std::string::npos) unreadable(path_, "an element without its end tag");
        if (text_.compare(lt, 4, "<!--") == 0) {
            pos = past(lt, "-->");
        } else if (text_.compare(lt, 9, "<![CDATA[") == 0) {
            pos = past(lt, "]]>");
        } else if (text_.compare(lt, 2, "<?") == 0) {
            pos = past(lt, "?>");
        } else if (text_.compare(lt, 2, "</") == 0) {
            pos = past(lt, ">");
            if (--depth == 0) {
                s.inner = lt;
                s.end = pos;
                return s;
            }
        } else {
            pos = tagEnd(lt);
            if (text_[pos - 2] != '/') ++depth;
        }
    }
}

XmlEdits::Attr XmlEdits::attribute(pugi::xml_node element, const std::string& name,
                                   const Span& s) const {
    Attr a{};
    size_t i = s.open + 1 + std::strlen(element.name());
    a.before = i;  // where a new attribute goes: after the last one
    while (i < s.tagEnd) {
        const size_t before = i;
        while (i < s.tagEnd && space(text_[i])) ++i;
        if (text_[i] == '>' || text_[i] == '/') break;
        const size_t nameBegin = i;
        while (i < s.tagEnd && !space(text_[i]) && text_[i] != '=') ++i;
        const std::string attrName = text_.substr(nameBegin, i - nameBegin);
        while (i < s.tagEnd && space(text_[i])) ++i;
        if (text_[i] != '=') unreadable(path_, "an attribute without a value");
        ++i;
        while (i < s.tagEnd && space(text_[i])) ++i;
        const char quote = text_[i];
        if (quote != '"' && quote != '\'') unreadable(path_, "an unquoted attribute");
        const size_t valueEnd = text_.find(quote, i + 1);
        if (valueEnd == std::string::npos || valueEnd >= s.tagEnd)
            unreadable(path_, "an attribute");
        if (attrName == name) {
            a = Attr{before, nameBegin, i + 1, valueEnd, quote, true};
            return a;
        }
        i = valueEnd + 1;
        a.before = i;
    }
    return a;
}

void XmlEdits::setAttribute(pugi::xml_node element, const std::string& name,
                            const std::string& value) {
    pugi::xml_attribute now = element.attribute(name.c_str());
    if (now && value == now.value()) return;  // its bytes (entities, escapes) stay
    const Span s = span(element);
    const Attr a = attribute(element, name, s);
    if (a.found)
        replace(a.valueBegin, a.valueEnd, escaped(value, a.quote));
    else
        replace(a.before, a.before, " " + name + "=\"" + escaped(value, '"') + "\"");
}

void XmlEdits::removeAttribute(pugi::xml_node element, const std::string& name) {
    const Span s = span(element);
    const Attr a = attribute(element, name, s);
    if (a.found) replace(a.before, a.valueEnd + 1, "");
}

void XmlEdits::replace(size_t begin, size_t end, const std::string& text) {
    if (begin != end)
        for (Edit& e : edits_)
            if (e.begin == begin && e.end == end) {
                e.text = text;
                return;
            }
    edits_.push_back(Edit{begin, end, text, edits_.size()});
}

std::string XmlEdits::indentOf(size_t at) const {
    const size_t nl = at == 0 ? std::string::npos : text_.rfind('\n', at - 1);
    const size_t start = nl == std::string::npos ? 0 : nl + 1;
    size_t i = start;
    while (i < at && (text_[i] == ' ' || text_[i] == '\t')) ++i;
    return text_.substr(start, i - start);
}

bool XmlEdits::startsLine(size_t at) const {
    const size_t nl = at == 0 ? std::string::npos : text_.rfind('\n', at - 1);
    const size_t start = nl == std::string::npos ? 0 : nl + 1;
    return start + indentOf(at).size() == at && nl != std::string::npos;
}

std::string XmlEdits::childIndent(pugi::xml_node parent) const {
    for (pugi::xml_node c = parent.first_child(); c; c = c.next_sibling())
        if (c.type() == pugi::node_element) {
            const size_t open = span(c).open;
            if (startsLine(open)) return indentOf(open);
            break;
        }
    return indentOf(span(parent).open) + " ";  // Tiled indents by one space
}

std::string XmlEdits::indented(const std::string& child, const std::string& indent) const {
    std::string out;
    size_t from = 0;
    while (from <= child.size()) {
        size_t nl = child.find('\n', from);
        if (nl == std::string::npos) nl = child.size();
        if (from) out += eol_;
        out += indent + child.substr(from, nl - from);
        from = nl + 1;
    }
    return out;
}

void XmlEdits::appendChild(pugi::xml_node parent, const std::string& child) {
    const Span s = span(parent);
    const std::string indent = childIndent(parent);
    if (s.selfClosing) {
        replace(s.tagEnd - 2, s.tagEnd,
                ">" + eol_ + indented(child, indent) + eol_ + indentOf(s.open) + "</" +
                    parent.name() + ">");
    } else if (startsLine(s.inner)) {
        const size_t at = s.inner - indentOf(s.inner).size();
        replace(at, at, indented(child, indent) + eol_);
    } else {
        replace(s.inner, s.inner, eol_ + indented(child, indent) + eol_ + indentOf(s.open));
    }
}

void XmlEdits::prependChild(pugi::xml_node parent, const std::string& child) {
    const Span s = span(parent);
    if (s.selfClosing || s.inner == s.tagEnd) return appendChild(parent, child);
    replace(s.tagEnd, s.tagEnd, eol_ + indented(child, childIndent(parent)));
}

void XmlEdits::insertBefore(pugi::xml_node sibling, const std::string& child) {
    const size_t open = span(sibling).open;
    const std::string indent = indentOf(open);
    if (startsLine(open)) {
        const size_t at = open - indent.size();
        replace(at, at, indented(child, indent) + eol_);
    } else {
        replace(open, open, indented(child, "") + " ");
    }
}

void XmlEdits::remove(pugi::xml_node element) {
    const Span s = span(element);
    if (startsLine(s.open)) {
        size_t e = s.end;
        while (e < text_.size() && (text_[e] == ' ' || text_[e] == '\t')) ++e;
        if (text_.compare(e, 2, "\r\n") == 0)
            e += 2;
        else if (e < text_.size() && text_[e] == '\n')
            ++e;
        else
            e = 0;
        if (e) return replace(s.open - indentOf(s.open).size(), e, "");
    }
    replace(s.open, s.end, "");
}

std::string XmlEdits::result() const {
    std::vector<const Edit*> order;
    for (const Edit& e : edits_) order.push_back(&e);
    // By place; at one place, insertions before a replacement, each in the order made.
    std::sort(order.begin(), order.end(), [](const Edit* a, const Edit* b) {
        if (a->begin != b->begin) return a->begin < b->begin;
        if ((a->end > a->begin) != (b->end > b->begin)) return a->end == a->begin;
        return a->order < b->order;
    });
    std::string out;
    out.reserve(text_.size());
    size_t at = 0;
    for (const Edit* e : order) {
        if (e->begin < at) throw std::logic_error("XmlEdits: overlapping edits");
        out.append(text_, at, e->begin - at);
        out += e->text;
        at = e->end;
    }
    out.append(text_, at, std::string::npos);
    return out;
}

std::string printed(pugi::xml_node node) {
    std::ostringstream out;
    node.print(out, " ", pugi::format_indent, pugi::encoding_utf8);
    std::string s = out.str();
    while (!s.empty() && s.back() == '\n') s.pop_back();
    // Tiled ends an empty element "/>"; pugixml's indented form " />" (attribute values
    // cannot hold '>': pugixml writes it "&gt;").
    for (size_t at = s.find(" />"); at != std::string::npos; at = s.find(" />", at)) s.erase(at, 1);
    return s;
}

}  // namespace ts::interop
