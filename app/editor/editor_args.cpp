#include "editor/editor_args.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "file_identity.h"

namespace ts {

const char* const kEditorUsage =
    "usage: tilestep [MAP] [--screenshot OUT.png] [--frames N] [--scale S] [--window WxH]\n"
    "                [--verbose] [--plugin PATH.so]\n"
    "  MAP               a .json or .tsmap map to open, or a .tmx, .tmj or .ldtk map to\n"
    "                    import (docs/interop.md)\n"
    "  --screenshot OUT  render N frames, write the window as a PNG, exit (0 ok, 1 error)\n"
    "  --frames N        frames before the screenshot (default 3)\n"
    "  --scale S         UI scale, 0.5 to 4 (default: saved setting, monitor scale)\n"
    "  --window WxH      window size in pixels (default 1280x800)\n"
    "  --verbose         print where the map lands: window = x0 + map_px * zoom\n"
    "  --plugin PATH.so  load a mover plugin (actors with mover \"plugin:NAME\"); the file\n"
    "                    is watched and a rebuild is reloaded (docs/plugins.md)\n";

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
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* name) -> const char* {
            if (i + 1 >= argc) {
                *error = std::string(name) + ": missing value";
                return nullptr;
            }
            return argv[++i];
        };
        if (int used = parseDebuggerFlag(argc, argv, i, &out->debugger, error)) {
            if (used < 0) return false;
            i += used - 1;
        } else if (a == "--help" || a == "-h") {
            out->help = true;
        } else if (a == "--screenshot") {
            const char* v = value("--screenshot");
            if (!v) return false;
            out->screenshot = v;
        } else if (a == "--frames") {
            const char* v = value("--frames");
            if (!v) return false;
            if (!parseInt(v, 1, 1000, &out->frames)) {
                *error = "--frames: expected a whole number from 1 to 1000, got '" +
                         std::string(v) + "'";
                return false;
            }
        } else if (a == "--scale") {
            const char* v = value("--scale");
            if (!v) return false;
            char* end = nullptr;
            double s = std::strtod(v, &end);
            if (!end || *end != '\0' || !(s >= 0.5 && s <= 4)) {
                *error = "--scale: expected a number from 0.5 to 4, got '" + std::string(v) + "'";
                return false;
            }
            out->uiScale = float(s);
        } else if (a == "--window") {
            const char* v = value("--window");
            if (!v) return false;
            std::string t = v;
            auto x = t.find('x');
            if (x == std::string::npos ||
                !parseInt(t.substr(0, x).c_str(), 320, 8192, &out->width) ||
                !parseInt(t.substr(x + 1).c_str(), 240, 8192, &out->height)) {
                *error = "--window: expected WxH, e.g. 1280x800, got '" + t + "'";
                return false;
            }
        } else if (a == "--plugin") {
            const char* v = value("--plugin");
            if (!v) return false;
            out->plugin = v;
        } else if (a == "--verbose") {
            out->verbose = true;
        } else if (a.size() > 1 && a[0] == '-') {
            *error = "unknown option '" + a + "'";
            return false;
        } else if (out->map.empty()) {
            out->map = a;
        } else {
            *error = "more than one map given ('" + out->map + "', '" + a + "')";
            return false;
        }
    }
    return true;
}

std::string findEditorOutputClash(const EditorArgs& a, const std::string& tilesetImage) {
    return findOutputClash(
        {{"MAP", a.map}, {"--inputs", a.debugger.inputs}, {"the tileset image", tilesetImage}},
        {{"--screenshot", a.screenshot},
         {"--record-log", a.debugger.recordLog},
         {"--trace", a.debugger.trace}});
}

}  // namespace ts
