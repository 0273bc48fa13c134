#include "movers/state_fields.h"

#include <string>

#include "movers/model_fields.h"

namespace ts {

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

std::vector<StateField> modelStateFields(MoverKind mover, const MoverState& s) {
    const MoverInfo& info = moverInfo(mover);
    ModelFields fields;
    info.describe(s, fields);
    std::vector<StateField> out;
    for (const ModelField& f : fields) {
        // The model's own reading of a value, where it has one (MoverInfo::fieldText).
        std::string text = info.fieldText ? info.fieldText(f) : std::string();
        out.push_back(StateField{std::string(f.key), text.empty() ? modelFieldText(f) : text});
    }
    return out;
}

}  // namespace ts
