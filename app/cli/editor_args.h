// Command line of the editor: `tilestep [MAP] [--screenshot OUT.png] [--frames N]
// [--scale S] [--window WxH] [--verbose]`. The debugger adds its flags here.
#pragma once
#include <string>
#include <vector>

#include "cli/debugger_args.h"

namespace ts {

struct EditorArgs {
    std::string map;         // optional map to open
    std::string screenshot;  // write the window's image here and exit
    int frames = 3;          // frames rendered before the screenshot
    float uiScale = 0;       // 0 = saved setting or monitor scale (1 for screenshots)
    int width = 1280, height = 800;
    bool verbose = false;        // print the map-to-window mapping
    std::string level;           // --level: the LDtk level to open ("" the first)
    std::string collisionLayer;  // --collision-layer: the layer that becomes the tiles
    // --plugin PATH.so, repeatable: mover plugins, each watched and hot-reloaded on its own
    std::vector<std::string> plugins;
    int64_t stepLimitMs = 2000;  // --step-limit: a plugin call's limit
    bool help = false;
    DebuggerArgs debugger;  // --debug, --inputs, --frame, --overlays, ...
};

// Parses with the flag table of app/cli/editor_flags.h (its usage text: cli::editorUsage()).
// False with *error ("--frames: expected a whole number from 1 to 1000") on bad input.
bool parseEditorArgs(int argc, char** argv, EditorArgs* out, std::string* error);

// Empty, or why an output (--screenshot, --record-log, --trace) is the same file as an input
// (MAP, --inputs, the map's tileset image when known) or as another output.
std::string findEditorOutputClash(const EditorArgs& a, const std::string& tilesetImage = "");

}  // namespace ts
