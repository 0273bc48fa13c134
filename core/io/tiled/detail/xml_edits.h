// Edits of an XML text by byte ranges, for the in-place save of a .tmx or .tsx
// (tiled_inplace.h): the file is read with pugixml only to find things; what is written is the
// source's text with each edit spliced in, so that every byte the save did not edit stays as
// the file had it: DTD entities (`&author;` stays a reference, not `&amp;author;`), line
// endings (a CRLF file stays CRLF), attribute order, quotes and the spacing inside tags.
// New elements take the indentation and line ending of the place they are put.
#pragma once
#include <pugixml.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace ts::interop {

class XmlEdits {
  public:
    // TEXT is the buffer the document was parsed from (load_buffer, UTF-8): node offsets
    // (offset_debug) are offsets into it. PATH names the file in messages.
    XmlEdits(const std::string& text, const std::string& path);

    // Where ELEMENT lies: `open` at its '<', `tagEnd` past its start tag's '>', `inner` at its
    // content's end (the '<' of its end tag; tagEnd for an empty element) and `end` past it.
    struct Span {
        size_t open = 0, tagEnd = 0, inner = 0, end = 0;
        bool selfClosing = false;
    };
    Span span(pugi::xml_node element) const;

    // Sets attribute NAME (VALUE unescaped) in ELEMENT's start tag, added after its last
    // attribute when it has none; removeAttribute drops it with the space before it.
    void setAttribute(pugi::xml_node element, const std::string& name, const std::string& value);
    void removeAttribute(pugi::xml_node element, const std::string& name);
    // Replaces [begin, end) of the source with TEXT (taken as it is).
    void replace(size_t begin, size_t end, const std::string& text);
    // Adds CHILD (an element's text from `printed`, lines split by '\n') as PARENT's first
    // or last child, or just before SIBLING, each line indented as its neighbours are.
    void prependChild(pugi::xml_node parent, const std::string& child);
    void appendChild(pugi::xml_node parent, const std::string& child);
    void insertBefore(pugi::xml_node sibling, const std::string& child);
    // Removes ELEMENT, with its line when it stands alone on one.
    void remove(pugi::xml_node element);

    // The source with the edits made. MapError-free: edits that would overlap (never made by
    // the save) are a logic error reported as std::logic_error.
    std::string result() const;

    const std::string& text() const { return text_; }
    const std::string& path() const { return path_; }
    // "\r\n" when the source's first line break is one, else "\n".
    const std::string& eol() const { return eol_; }

  private:
    struct Edit {
        size_t begin, end;
        std::string text;
        size_t order;
    };
    struct Attr {
        size_t before, nameBegin, valueBegin, valueEnd;  // `before`: the space before it
        char quote;
        bool found;
    };
    Attr attribute(pugi::xml_node element, const std::string& name, const Span& s) const;
    std::string indentOf(size_t at) const;  // the whitespace opening AT's line
    bool startsLine(size_t at) const;       // only whitespace before AT on its line
    std::string childIndent(pugi::xml_node parent) const;
    std::string indented(const std::string& child, const std::string& indent) const;
    void insertChildAt(size_t at, const std::string& child, const std::string& indent);

    std::string text_, path_;
    std::string eol_;
    std::vector<Edit> edits_;
};

// NODE (made in a scratch document) as text for XmlEdits: one-space indentation, '\n' breaks.
std::string printed(pugi::xml_node node);

}  // namespace ts::interop
