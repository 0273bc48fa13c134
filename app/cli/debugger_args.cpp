#include "cli/debugger_args.h"

#include <cstdlib>

namespace ts {

bool readDebuggerFlags(const cli::ParsedArgs& a, DebuggerArgs* out, std::string* error) {
    out->debug = a.has("--debug");
    out->probes = a.has("--probes");
    if (const std::string* v = a.value("--inputs")) out->inputs = *v;
    if (const std::string* v = a.value("--actor")) out->actor = *v;
    if (const std::string* v = a.value("--record-log")) out->recordLog = *v;
    if (const std::string* v = a.value("--trace")) out->trace = *v;
    if (const std::string* v = a.value("--overlays"))
        if (!parseOverlayList(*v, &out->overlays, error)) {
            *error = "--overlays: " + *error;
            return false;
        }
    if (const std::string* v = a.value("--frame")) {
        char* end = nullptr;
        long long k = std::strtoll(v->c_str(), &end, 10);
        if (!end || *end != '\0' || end == v->c_str() || k < 0 || k > 100000000) {
            *error = "--frame: expected a whole number from 0 to 100000000, got '" + *v + "'";
            return false;
        }
        out->frame = k;
    }
    return true;
}

}  // namespace ts
