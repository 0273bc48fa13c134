#include "record/recorded_fields.h"

#include <charconv>

namespace ts {

namespace {

// The recorded value as the describe field `like` (its key and type), or false when the
// recorded value is not of that type.
bool asModelField(const TraceField& f, const ModelField& like, ModelField* out) {
    *out = like;
    switch (like.type) {
        case ModelField::Type::Int: {
            if (f.type != TraceField::Type::Number) return false;
            const char* end = f.text.data() + f.text.size();
            const std::from_chars_result r = std::from_chars(f.text.data(), end, out->value);
            return r.ec == std::errc() && r.ptr == end;
        }
        case ModelField::Type::Fix:
            out->value = f.fix.raw;
            return f.type == TraceField::Type::Number && f.exact;
        case ModelField::Type::Bool:
            out->value = f.text == "true";
            return f.type == TraceField::Type::Bool;
        case ModelField::Type::Name:
            out->name = f.text;
            return f.type == TraceField::Type::String;
    }
    return false;
}

}  // namespace

std::string recordedFieldReading(const std::string& moverId, const TraceField& f) {
    const MoverInfo* info = findMover(moverId);
    // Only a built-in: a plugin's describe may run in another process, and its reading is not
    // needed to show the recorded text.
    if (!info || !isBuiltinMover(info->kind) || !info->fieldText) return "";
    // The mover's fields, their keys and types, from its describe of any state.
    ModelFields own;
    info->describe(MoverState{}, own);
    for (const ModelField& like : own) {
        ModelField m;
        if (like.key == f.key && asModelField(f, like, &m)) return info->fieldText(m);
    }
    return "";
}

std::vector<StateField> recordedStateFields(const std::string& moverId,
                                            const std::vector<TraceField>& fields) {
    std::vector<StateField> out;
    out.reserve(fields.size());
    for (const TraceField& f : fields) {
        std::string value = recordedFieldReading(moverId, f);
        if (value.empty()) value = f.text;
        if (f.type == TraceField::Type::Number && !f.exact)
            value += "  (~" + f.fix.str() + " in 1/65536)";
        out.push_back(StateField{f.key, std::move(value)});
    }
    return out;
}

}  // namespace ts
