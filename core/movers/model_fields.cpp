#include "movers/model_fields.h"

#include <cstring>

#include "base/json_text.h"
#include "base/short_text.h"

namespace ts {

static_assert(kFixChars <= 32 + 8 && kIntChars <= 32 + 8, "modelFieldsChars' bound");

char* writeModelFields(char* p, const ModelFields& fields) {
    for (const ModelField& f : fields) {
        *p++ = ',';
        *p++ = '"';
        p = copyShort(p, f.key.data(), f.key.size());
        *p++ = '"';
        *p++ = ':';
        switch (f.type) {
            case ModelField::Type::Int:
                p = writeInt(p, f.value);
                break;
            case ModelField::Type::Fix:
                p = writeFix(p, Fix::fromRaw(f.value));
                break;
            case ModelField::Type::Bool:
                std::memcpy(p, f.value ? "true" : "false", 5);
                p += f.value ? 4 : 5;
                break;
            case ModelField::Type::Name:
                *p++ = '"';
                p = copyShort(p, f.name.data(), f.name.size());
                *p++ = '"';
                break;
        }
    }
    return p;
}

std::string modelFieldsJson(const ModelFields& fields) {
    std::string s(modelFieldsChars(fields), '\0');
    s.resize(size_t(writeModelFields(&s[0], fields) - s.data()));
    return s;
}

std::string modelFieldText(const ModelField& f) {
    char buf[kFixChars + 8];
    switch (f.type) {
        case ModelField::Type::Int:
            return std::string(buf, writeInt(buf, f.value));
        case ModelField::Type::Fix:
            return std::string(buf, writeFix(buf, Fix::fromRaw(f.value)));
        case ModelField::Type::Bool:
            return f.value ? "true" : "false";
        case ModelField::Type::Name:
            break;
    }
    return std::string(f.name);
}

std::vector<StateField> parseFlatFields(const std::string& text) {
    std::vector<StateField> out;
    size_t i = 0;
    while (i < text.size()) {
        const size_t keyStart = text.find('"', i);
        if (keyStart == std::string::npos) break;
        const size_t keyEnd = text.find('"', keyStart + 1);
        if (keyEnd == std::string::npos || keyEnd + 1 >= text.size() || text[keyEnd + 1] != ':')
            break;
        StateField f;
        f.name = text.substr(keyStart + 1, keyEnd - keyStart - 1);
        size_t v = keyEnd + 2;
        if (v < text.size() && text[v] == '"') {
            const size_t end = text.find('"', v + 1);
            if (end == std::string::npos) break;
            f.value = text.substr(v + 1, end - v - 1);
            i = end + 1;
        } else {
            size_t end = text.find(',', v);
            if (end == std::string::npos) end = text.find('}', v);
            f.value = text.substr(v, end == std::string::npos ? std::string::npos : end - v);
            i = end == std::string::npos ? text.size() : end;
        }
        out.push_back(std::move(f));
    }
    return out;
}

std::string modelFieldReading(const MoverInfo& info, const ModelField& f) {
    std::string text = info.fieldText ? info.fieldText(f) : std::string();
    return text.empty() ? modelFieldText(f) : text;
}

std::vector<StateField> modelStateFields(MoverKind mover, const MoverState& s) {
    const MoverInfo& info = moverInfo(mover);
    ModelFields fields;
    info.describe(s, fields);
    std::vector<StateField> out;
    for (const ModelField& f : fields)
        out.push_back(StateField{std::string(f.key), modelFieldReading(info, f)});
    return out;
}

}  // namespace ts
