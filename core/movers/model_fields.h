// A mover's own state fields ("model fields": `air_frames`, `walk`, `region`...: what
// MoverState::timer / aux mean for that model, as its describe function names them), in each
// form they take:
//   - as values (ModelFields, what DescribeFn gives): `air_frames` 7, `slide` 0.5,
//     `region` "a". Each trace writer formats them its own way: JSON text for TraceWriter,
//     varint columns for .tstrace, with no text formatted and parsed back in between (issue
//     21: that round trip held `run --trace OUT.tstrace` to half its speed);
//   - as the tail of a JSON state line (writeModelFields) and read back from one
//     (parseFlatFields);
//   - as text for people (StateField, modelStateFields): the debugger's inspector shows these
//     instead of the raw timer / aux numbers, through the mover's own reading of a value
//     (MoverInfo::fieldText) where it has one.
// Not here: which fields each built-in has (movers/builtin_fields.h, the one list their
// describe and the fast trace writers share), and the fields every state line has for
// drawing, x, y, vx... (record/detail/state_fields.h, the trace readers').
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/fixed.h"
#include "base/text_buffer.h"
#include "movers/mover.h"

namespace ts {

struct ModelField {
    enum class Type : uint8_t { Int, Fix, Bool, Name };
    Type type = Type::Int;
    // An identifier ([a-z0-9_]) that lives as long as the mover: written without escapes.
    std::string_view key;
    int64_t value = 0;      // Int: the number; Fix: its raw 1/65536 value; Bool: 0 or 1
    std::string_view name;  // Name: text without characters JSON must escape ("a", "xy")
};

// The fields are kept as values, or, given a text buffer, written straight into it as the
// tail of a JSON object (`,"key":value...`, TextBuffer's intField...; size() counts them, the
// values are not kept): the JSON trace writer's lines take no copy of them (issue 19).
class ModelFields {
  public:
    // Plugins declare at most 8 fields (include/tilestep/mover_plugin.h), built-ins fewer;
    // fields past this are dropped.
    static constexpr size_t kMax = 8;

    ModelFields() = default;
    explicit ModelFields(TextBuffer* json) : json_(json) {}

    void clear() {
        n_ = 0;
        textSize_ = 0;
    }
    // The keys' and names' characters together.
    size_t textSize() const { return textSize_; }
    size_t size() const { return n_; }
    const ModelField* begin() const { return f_; }
    const ModelField* end() const { return f_ + n_; }
    const ModelField& operator[](size_t i) const { return f_[i]; }

    void intField(std::string_view key, int64_t v) {
        if (json_ && n_ < kMax && ++n_) return json_->intField(key, v);
        add(ModelField::Type::Int, key, v, {});
    }
    void fixField(std::string_view key, Fix v) {
        if (json_ && n_ < kMax && ++n_) return json_->fixField(key, v);
        add(ModelField::Type::Fix, key, v.raw, {});
    }
    void boolField(std::string_view key, bool v) {
        if (json_ && n_ < kMax && ++n_) return json_->boolField(key, v);
        add(ModelField::Type::Bool, key, v, {});
    }
    void nameField(std::string_view key, std::string_view name) {
        if (json_ && n_ < kMax && ++n_) return json_->nameField(key, name);
        add(ModelField::Type::Name, key, 0, name);
    }

  private:
    void add(ModelField::Type t, std::string_view key, int64_t v, std::string_view name) {
        if (n_ == kMax || json_) return;
        ModelField& f = f_[n_++];
        f.type = t;
        f.key = key;
        f.value = v;
        f.name = name;
        textSize_ += key.size() + name.size();
    }

    TextBuffer* json_ = nullptr;
    ModelField f_[kMax];
    size_t n_ = 0;
    size_t textSize_ = 0;
};

// The most characters writeModelFields writes for these fields (and may scribble on).
inline size_t modelFieldsChars(const ModelFields& fields) {
    return fields.textSize() + fields.size() * (8 + 32 + 8);
}
// The fields as the tail of a JSON object, `,"key":value...` (numbers exact, as Fix::str),
// into a buffer with modelFieldsChars(fields) room; returns the end.
char* writeModelFields(char* out, const ModelFields& fields);
// The same as a string (tests, tools).
std::string modelFieldsJson(const ModelFields& fields);
// One field's value as text: "7", "0.5", "true", a name without its quotes.
std::string modelFieldText(const ModelField& f);

// A field as people read it.
struct StateField {
    std::string name;   // "air_frames"
    std::string value;  // "3", "a", "0.5" (strings without their quotes)
};

// One field of `info`'s describe as the inspector shows it: the mover's own reading
// (MoverInfo::fieldText, "jumped (1073741824)") where it has one, else modelFieldText.
std::string modelFieldReading(const MoverInfo& info, const ModelField& f);
// Every field describe gives for `s`, each as modelFieldReading reads it.
std::vector<StateField> modelStateFields(MoverKind mover, const MoverState& s);

// The fields of flat JSON object text as the trace writer and describe functions write it
// (`{"key":value,"key":"text"...}` or its `,"key":value...` tail): keys and strings hold no
// quotes or commas there, so no general JSON reader is needed. Values as written.
std::vector<StateField> parseFlatFields(const std::string& text);

}  // namespace ts
