#include "cli/editor_args.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cli/editor_flags.h"
#include "cli/import_args.h"
#include "cli/plugin_args.h"
#include "base/file_identity.h"

namespace ts {

namespace {

bool parseInt(const char* text, int lo, int hi, int* out) {
    char* end = nullptr;
    long v = std::strtol(text, &end, 10);
    if (!end || *end != '\0' || end == text || v < lo || v > hi) return false;
    *out = int(v);
    return true;
}

}  // namespace

bool parseEditorArgs(int argc, char** argv, EditorArgs* out, std::string* error) {
    cli::ParsedArgs a;
    if (!cli::parseArgs(std::vector<std::string>(argv + 1, argv + argc), cli::editorFlags(), &a,
                        error))
        return false;
    if (a.help) {
        out->help = true;
        return true;
    }
    if (a.positional.size() > 1) {
        *error = "more than one map given ('" + a.positional[0] + "', '" + a.positional[1] + "')";
        return false;
    }
    if (!a.positional.empty()) out->map = a.positional[0];
    if (const std::string* v = a.value("--screenshot")) out->screenshot = *v;
    if (const std::string* v = a.value("--frames"))
        if (!parseInt(v->c_str(), 1, 1000, &out->frames)) {
            *error = "--frames: expected a whole number from 1 to 1000, got '" + *v + "'";
            return false;
        }
    if (const std::string* v = a.value("--scale")) {
        char* end = nullptr;
        double s = std::strtod(v->c_str(), &end);
        if (!end || *end != '\0' || !(s >= 0.5 && s <= 4)) {
            *error = "--scale: expected a number from 0.5 to 4, got '" + *v + "'";
            return false;
        }
        out->uiScale = float(s);
    }
    if (const std::string* v = a.value("--window")) {
        auto x = v->find('x');
        if (x == std::string::npos || !parseInt(v->substr(0, x).c_str(), 320, 8192, &out->width) ||
            !parseInt(v->substr(x + 1).c_str(), 240, 8192, &out->height)) {
            *error = "--window: expected WxH, e.g. 1280x800, got '" + *v + "'";
            return false;
        }
    }
    interop::ImportOptions importOptions;
    if (!cli::importOptionsFor(a, out->map, &importOptions, error)) return false;
    out->level = importOptions.level;
    out->collisionLayer = importOptions.collisionLayer;
    out->plugins = a.all(cli::kPluginFlag.name);
    if (const std::string* v = a.value(cli::kStepLimitFlag.name)) {
        long long ms = 0;
        if (!cli::parseWholeNumber(*v, cli::kStepLimitFlag.name, 1, 3600000, &ms, error))
            return false;
        out->stepLimitMs = ms;
    }
    out->verbose = a.has("--verbose");
    return readDebuggerFlags(a, &out->debugger, error);
}

std::string findEditorOutputClash(const EditorArgs& a, const std::string& tilesetImage) {
    return findOutputClash(
        {{"MAP", a.map}, {"--inputs", a.debugger.inputs}, {"the tileset image", tilesetImage}},
        {{"--screenshot", a.screenshot},
         {"--record-log", a.debugger.recordLog},
         {"--trace", a.debugger.trace}});
}

}  // namespace ts
