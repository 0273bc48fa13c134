#include "base/json_document.h"

#include <rapidjson/error/en.h>
#ifndef RAPIDJSON_ASSERT_THROWS
#error "rapidjson was configured before cereal/archives/json.hpp: its asserts would abort"
#endif

#include <unordered_set>
#include <vector>

#include "base/json_text.h"

namespace ts::json {

namespace {

constexpr unsigned kParseFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag |
    rapidjson::kParseNanAndInfFlag | rapidjson::kParseValidateEncodingFlag;

// Forwards rapidjson's SAX events to the document being built, keeping numbers as marked
// text, refusing duplicate keys, and tracking where in the document it is, so that an error
// can name the field ("actors[3].params.gravity").
class Builder {
  public:
    explicit Builder(rapidjson::Document& doc) : doc_(doc) {}

    bool Null() { return value(doc_.Null()); }
    bool Bool(bool b) { return value(doc_.Bool(b)); }
    bool Int(int i) { return value(doc_.Int(i)); }
    bool Uint(unsigned u) { return value(doc_.Uint(u)); }
    bool Int64(int64_t i) { return value(doc_.Int64(i)); }
    bool Uint64(uint64_t u) { return value(doc_.Uint64(u)); }
    bool Double(double d) { return value(doc_.Double(d)); }
    bool RawNumber(const char* str, rapidjson::SizeType length, bool) {
        marked_.assign(1, kNumberMark);
        marked_.append(str, length);
        return value(doc_.String(marked_.data(), rapidjson::SizeType(marked_.size()), true));
    }
    bool String(const char* str, rapidjson::SizeType length, bool copy) {
        return value(doc_.String(str, length, copy));
    }
    bool StartObject() {
        open(true);
        return doc_.StartObject();
    }
    bool Key(const char* str, rapidjson::SizeType length, bool copy) {
        Frame& f = frames_[depth_ - 1];
        f.key.assign(str, length);
        if (!f.addKey()) {
            duplicate_ = true;
            return false;
        }
        return doc_.Key(str, length, copy);
    }
    bool EndObject(rapidjson::SizeType members) {
        --depth_;
        return value(doc_.EndObject(members));
    }
    bool StartArray() {
        open(false);
        return doc_.StartArray();
    }
    bool EndArray(rapidjson::SizeType elements) {
        --depth_;
        return value(doc_.EndArray(elements));
    }

    bool duplicate() const { return duplicate_; }
    const std::string& lastKey() const { return frames_[depth_ - 1].key; }
    // The field whose value is being read: "" at the top level, else the path through the
    // open objects and arrays. Without the innermost key, the object holding it.
    std::string path(bool withInnermostKey) const {
        std::string p;
        for (size_t i = 0; i < depth_; ++i) {
            const Frame& f = frames_[i];
            if (f.object) {
                if (i + 1 == depth_ && !withInnermostKey) break;
                p += (p.empty() ? "" : ".") + f.key;
            } else {
                p += "[" + std::to_string(f.count) + "]";
            }
        }
        return p;
    }

  private:
    // One open object or array. Frames are reused as the depth changes, so that their buffers
    // are allocated once per depth, not once per object.
    struct Frame {
        bool object = false;
        size_t count = 0;  // values completed so far (arrays: the index of the next one)
        std::string key;   // objects: the key being read
        // Keys seen so far: a short list searched linearly (objects here have at most a
        // dozen keys), a hash set once an object has more, so that any object stays linear.
        std::vector<std::string> few;
        std::unordered_set<std::string> many;

        bool addKey() {
            if (few.size() < kFewKeys) {
                for (const std::string& k : few)
                    if (k == key) return false;
                few.push_back(key);
                return true;
            }
            if (many.empty()) many.insert(few.begin(), few.end());
            return many.insert(key).second;
        }
    };
    static constexpr size_t kFewKeys = 16;

    void open(bool object) {
        if (depth_ == frames_.size()) frames_.emplace_back();
        Frame& f = frames_[depth_++];
        f.object = object;
        f.count = 0;
        f.few.clear();
        // A fresh set, not clear(): clearing costs the buckets a big object left behind.
        if (!f.many.empty()) f.many = std::unordered_set<std::string>();
    }
    bool value(bool ok) {
        if (depth_ > 0) ++frames_[depth_ - 1].count;
        return ok;
    }

    rapidjson::Document& doc_;
    std::vector<Frame> frames_;  // frames_[0, depth_) are open
    size_t depth_ = 0;
    std::string marked_;
    bool duplicate_ = false;
};

// rapidjson stops just after a key's closing quote: back to its opening quote (the first
// quote before it that no backslash escapes), so that the message points at the key.
size_t keyStart(const std::string& text, size_t end) {
    for (size_t i = end >= 2 ? end - 2 : 0; i > 0; --i) {
        if (text[i] != '"') continue;
        size_t slashes = 0;
        while (slashes < i && text[i - 1 - slashes] == '\\') ++slashes;
        if (slashes % 2 == 0) return i;
    }
    return 0;
}

std::string lineAndColumn(const std::string& text, size_t offset) {
    size_t line = 1, lineStart = 0;
    for (size_t i = 0; i < offset && i < text.size(); ++i)
        if (text[i] == '\n') line++, lineStart = i + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

}  // namespace

bool parse(const std::string& text, rapidjson::Document& doc, ParseFailure* failure) {
    Builder builder(doc);
    rapidjson::ParseResult result;
    auto generate = [&](rapidjson::Document&) {
        rapidjson::MemoryStream memory(text.data(), text.size());
        rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> in(memory);
        rapidjson::Reader reader;
        result = reader.Parse<kParseFlags>(in, builder);
        return !result.IsError();
    };
    doc.Populate(generate);
    if (!result.IsError()) return true;

    const size_t offset = result.Offset();
    const std::string where = lineAndColumn(text, offset);
    if (builder.duplicate()) {
        std::string key;
        appendJsonString(key, builder.lastKey());  // quoted and escaped as in the file
        *failure = {builder.path(false),
                    "duplicate key " + key + " at " + lineAndColumn(text, keyStart(text, offset))};
    } else if (result.Code() == rapidjson::kParseErrorNumberTooBig) {
        *failure = {builder.path(true),
                    "the number at " + where +
                        " is too large to read (an exponent above 308, or more than 308 digits)"};
    } else {
        std::string problem =
            "invalid JSON at " + where + ": " + rapidjson::GetParseError_En(result.Code());
        if (offset >= text.size()) problem += " (the file ends early: truncated?)";
        *failure = {"", problem};
    }
    return false;
}

}  // namespace ts::json
