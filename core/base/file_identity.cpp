#include "base/file_identity.h"

namespace ts {

namespace {

bool skipped(const NamedFile& f) {
    return f.path.empty();
}

std::string clash(const NamedFile& out, const NamedFile& other, const char* rule) {
    return out.role + " " + out.path + " is the same file as " + other.role + " " + other.path +
           ": " + rule;
}

}  // namespace

std::string findOutputClash(const std::vector<NamedFile>& inputs,
                            const std::vector<NamedFile>& outputs) {
    for (size_t i = 0; i < outputs.size(); ++i) {
        if (skipped(outputs[i])) continue;
        for (const NamedFile& in : inputs)
            if (!skipped(in) && sameFile(outputs[i].path, in.path))
                return clash(outputs[i], in, "an output may not overwrite an input");
        for (size_t j = 0; j < i; ++j)
            if (!skipped(outputs[j]) && sameFile(outputs[i].path, outputs[j].path))
                return clash(outputs[i], outputs[j], "two outputs may not be one file");
    }
    return "";
}

}  // namespace ts
