#include "editor_flags.h"

#include "import_args.h"
#include "plugin_args.h"

namespace ts::cli {

const std::vector<FlagSpec>& editorWindowFlags() {
    static const std::vector<FlagSpec> flags = {
        {"--screenshot", true, "OUT",
         "render N frames, write the window as a PNG, exit (0 ok, 1 error)"},
        {"--frames", true, "N", "frames before the screenshot (default 3)"},
        {"--scale", true, "S", "UI scale, 0.5 to 4 (default: saved setting, monitor scale)"},
        {"--window", true, "WxH", "window size in pixels (default 1280x800)"},
        {"--verbose", false, nullptr, "print where the map lands: window = x0 + map_px * zoom"},
        kLevelFlag,
        kCollisionLayerFlag,
        {kPluginFlag.name, true, "PATH.so",
         "load a mover plugin (actors with mover \"plugin:NAME\"); once per\n"
         "plugin, each file watched and a rebuild of it reloaded (docs/plugins.md)",
         true},
        {kStepLimitFlag.name, true, "MS",
         "a plugin call running longer than MS ms (1 .. 3600000, default 2000)\n"
         "is a fault; none while a debugger is attached to the plugin host"},
    };
    return flags;
}

const std::vector<FlagSpec>& debuggerFlags() {
    static const std::vector<FlagSpec> flags = {
        {"--debug", false, nullptr, "start in Debug mode (Tab switches Edit / Debug)"},
        {"--inputs", true, "LOG", "input log for an actor (lines COUNT,KEY,... keys L R U D J)"},
        {"--actor", true, "NAME", "the actor the log and the keyboard drive (default: the first)"},
        {"--frame", true, "K",
         "simulate K frames and pause there (position K: the state after\n"
         "trace frame K-1, with that frame's probes)"},
        {"--overlays", true, "LIST",
         "all (default), none, or a comma list of: probes, scanlines,\n"
         "regions, bands, blockers, nudges, facing, hitboxes, trail, velocity"},
        {"--record-log", true, "OUT",
         "on exit, write the driven actor's recorded keys as an input log"},
        {"--trace", true, "OUT", "on exit, write the recording as `tilestep run --trace` does"},
        {"--probes", false, nullptr, "with --trace: the probe lines too (as run --probes)"},
    };
    return flags;
}

const std::vector<FlagSpec>& editorFlags() {
    static const std::vector<FlagSpec> flags = [] {
        std::vector<FlagSpec> all = editorWindowFlags();
        all.insert(all.end(), debuggerFlags().begin(), debuggerFlags().end());
        return all;
    }();
    return flags;
}

bool isEditorFlag(const std::string& word) {
    const std::string name = word.substr(0, word.find('='));
    for (const FlagSpec& f : editorFlags())
        if (name == f.name) return true;
    return false;
}

std::string editorUsage() {
    return "usage: tilestep [MAP] [--screenshot OUT.png] [--frames N] [--scale S] [--window WxH]\n"
           "                [--verbose] [--level NAME] [--collision-layer NAME]\n"
           "                [--plugin PATH.so]... [--step-limit MS] [debugger flags]\n"
           "  MAP               a .json or .tsmap map to open, or a .tmx, .tmj or .ldtk map to\n"
           "                    import (docs/interop.md)\n" +
           formatFlagHelp(editorWindowFlags()) + "debugger:\n" + formatFlagHelp(debuggerFlags());
}

}  // namespace ts::cli
