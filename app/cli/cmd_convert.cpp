// `tilestep convert IN OUT`: JSON <-> binary, Tiled / LDtk import and Tiled export, each
// side's format from its extension.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "base/file_identity.h"
#include "import_args.h"
#include "io/foreign_maps.h"
#include "io/interop_files.h"
#include "io/map_formats.h"
#include "io/map_io.h"
#include "plugin_args.h"
#include "record/trace_convert.h"

namespace ts::cli {

const char kConvertUsage[] =
    "usage: tilestep convert [--collision-layer NAME] [--level NAME] [--plugin PATH.so]...\n"
    "                        IN OUT\n"
    "\n"
    "Loads IN and saves it as OUT; each file's format comes from its extension:\n"
    "  .json   readable JSON\n"
    "  .tsmap  compact binary\n"
    "  .tmx    Tiled XML map (in and out)\n"
    "  .tmj    Tiled JSON map (in and out)\n"
    "  .ldtk   LDtk project (in: one level, --level; out: only from an .ldtk IN)\n"
    "A trace converts between its two forms (docs/trace-format.md) when IN or OUT is one:\n"
    "  .jsonl    JSON lines, the interchange form\n"
    "  .tstrace  the compact form (IN's form is told by its content)\n"
    "Any direction works (json->tsmap, tsmap->json, and same-format rewrites). The save is\n"
    "atomic: a failed save leaves an existing OUT untouched. docs/interop.md describes how\n"
    "Tiled and LDtk maps are mapped; what an import skips is listed on stderr, one\n"
    "'warning:' line each. A Tiled OUT gets its tileset image beside it (OUT's name with\n"
    ".tiles.png: the kinds drawn as their collision shapes), except from a Tiled IN\n"
    "(.tmx or .tmj, either form): OUT is then IN itself (translated into OUT's form),\n"
    "every layer, tileset and object kept (docs/interop.md, \"Saving a Tiled map in\n"
    "place\"); so is\n"
    "an .ldtk OUT of an .ldtk IN, every level, layer and entity kept.\n"
    "  --collision-layer NAME  the Tiled tile layer / LDtk IntGrid layer that becomes the\n"
    "                          map's tiles (default: the one named collision, collisions,\n"
    "                          solid, walls, ... in any case, docs/interop.md; else the\n"
    "                          first); '#N' the N-th in file order, for two layers with\n"
    "                          one name (an error otherwise)\n"
    "  --level NAME            the level of an LDtk project, by its identifier (any case;\n"
    "                          default: the first; tilestep info IN lists them); '#N'\n"
    "                          the N-th level, for two levels with one name\n"
    "  --plugin PATH.so        load a mover plugin first (maps whose actors use it); once\n"
    "                          per plugin, two with the same NAME are an error\n"
    "On success prints 'IN (FORMAT) -> OUT (FORMAT)' on stdout, exit 0. A bad IN, an unknown\n"
    "extension or a failed save: the error on stderr, exit 1. Bad command line, or OUT the\n"
    "same file as IN (by any path, symlink or hard link): exit 2, nothing written.\n";

const std::vector<FlagSpec> kConvertFlags = {kCollisionLayerFlag, kLevelFlag, kPluginFlag};

int cmdConvert(const Args& args) {
    const char* cmd = "convert";
    ParsedArgs a;
    std::string error;
    if (!parseArgs(args, kConvertFlags, &a, &error)) return usageError(cmd, error);
    if (a.help) {
        std::fputs(kConvertUsage, stdout);
        return kExitOk;
    }
    if (a.positional.size() != 2) return usageError(cmd, "expects IN and OUT");
    const std::string& in = a.positional[0];
    const std::string& out = a.positional[1];
    // saveMap would replace IN itself (rewriting a hard-linked IN would also split the link).
    // A Tiled OUT's generated tileset image is an output too.
    const MapFileFormat* outKind = mapFileFormatFor(out);
    const bool tiledOut = outKind && (outKind->kind == MapFileKind::TiledXml ||
                                      outKind->kind == MapFileKind::TiledJson);
    const std::string image = tiledOut ? interop::exportImagePath(out) : "";
    std::vector<NamedFile> inputs = {{"IN", in}};
    for (const std::string& plugin : a.all(kPluginFlag.name))
        inputs.push_back({"--plugin", plugin});
    const std::string clash =
        findOutputClash(inputs, {{"OUT", out}, {"OUT's tileset image", image}, {"stdout", "-"}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    if (isTracePath(in) || isTracePath(out)) {
        if (!isTracePath(in) || !isTracePath(out) || !a.values.empty() || !a.lists.empty())
            return usageError(cmd, "a trace converts to a trace (.jsonl, .tstrace), without flags");
        if (!convertTrace(in, out, &error)) return fail(cmd, error, kExitFailure);
        auto form = [](const std::string& p) {
            return p.size() >= 8 && p.compare(p.size() - 8, 8, ".tstrace") == 0
                       ? "compact trace"
                       : "JSON lines trace";
        };
        std::printf("%s (%s) -> %s (%s)\n", in.c_str(), form(in), out.c_str(), form(out));
        return kExitOk;
    }
    interop::ImportOptions options;
    if (!importOptionsFor(a, in, &options, &error)) return usageError(cmd, error);
    try {
        // Check both extensions before the (possibly long) load.
        const MapFileFormat& outFormat = mapFormatForWriting(out);
        const MapFileFormat& inFormat = mapFormatForReading(in);
        if (!loadPluginsReported(cmd, a)) return kExitFailure;
        // An imported map names its image relative to IN: the written map names it relative
        // to OUT. Between tilestep files the path is copied as it is (docs/cli.md).
        std::vector<std::string> warnings;
        std::string mapFolder = interop::folderOf(in);
        Map m;
        std::shared_ptr<interop::ForeignSource> source;
        if (inFormat.foreign) {
            mapFolder = interop::folderOf(out);
            options.keepSource = interop::isExportPath(out);
            interop::ImportResult r = interop::importMapFile(in, options, mapFolder);
            warnings = std::move(r.warnings);
            m = std::move(r.map);
            source = std::move(r.source);
        } else {
            m = loadMap(in, options, &warnings);
        }
        for (const std::string& w : warnings)
            std::fprintf(stderr, "tilestep %s: warning: %s: %s\n", cmd, in.c_str(), w.c_str());
        // Tiled to either Tiled form, LDtk to LDtk: the user's file itself, every layer,
        // tileset and level kept.
        if (source && interop::savesFromSource(*source, out))
            interop::saveFromSource(*source, m, out, mapFolder);
        else
            saveMap(m, out, mapFolder);
        std::printf("%s (%s) -> %s (%s)\n", in.c_str(), inFormat.name, out.c_str(), outFormat.name);
        return kExitOk;
    } catch (const MapError& e) {
        return fail(cmd, e.what(), kExitFailure);
    }
}

}  // namespace ts::cli
