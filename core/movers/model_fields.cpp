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

}  // namespace ts
