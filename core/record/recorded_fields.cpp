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

RecordedFieldReader::RecordedFieldReader(const std::string& moverId) {
    const MoverInfo* info = findMover(moverId);
    // Only a built-in: a plugin's describe may run in another process, and its reading is not
    // needed to show the recorded text.
    if (!info || !isBuiltinMover(info->kind) || !info->fieldText) return;
    info_ = info;
    info->describe(MoverState{}, own_);
}

std::string RecordedFieldReader::reading(const TraceField& f) const {
    if (!info_) return "";
    for (const ModelField& like : own_) {
        ModelField m;
        if (like.key == f.key && asModelField(f, like, &m)) return info_->fieldText(m);
    }
    return "";
}

std::string recordedFieldReading(const std::string& moverId, const TraceField& f) {
    return RecordedFieldReader(moverId).reading(f);
}

std::vector<StateField> recordedStateFields(const std::string& moverId,
                                            const std::vector<TraceField>& fields) {
    const RecordedFieldReader reader(moverId);
    std::vector<StateField> out;
    out.reserve(fields.size());
    for (const TraceField& f : fields) {
        std::string value = reader.reading(f);
        if (value.empty()) value = f.text;
        if (f.type == TraceField::Type::Number && !f.exact)
            value += "  (~" + f.fix.str() + " in 1/65536)";
        out.push_back(StateField{f.key, std::move(value)});
    }
    return out;
}

}  // namespace ts
