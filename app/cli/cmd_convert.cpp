// `tilestep convert IN OUT`: JSON <-> binary, Tiled / LDtk import and Tiled export, each
// side's format from its extension.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "base/file_identity.h"
#include "import_args.h"
#include "io/foreign_maps.h"
#include "io/interop_files.h"
#include "io/tiled/tiled_inplace.h"
#include "plugin_args.h"
#include "io/map_io.h"

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
    "  .ldtk   LDtk project (in only: one level, --level)\n"
    "Any direction works (json->tsmap, tsmap->json, and same-format rewrites). The save is\n"
    "atomic: a failed save leaves an existing OUT untouched. docs/interop.md describes how\n"
    "Tiled and LDtk maps are mapped; what an import skips is listed on stderr, one\n"
    "'warning:' line each. A Tiled OUT gets its tileset image beside it (OUT's name with\n"
    ".tiles.png: the kinds drawn as their collision shapes), except from a Tiled IN of\n"
    "the same form (.tmx -> .tmx, .tmj -> .tmj): OUT is then IN itself, every layer,\n"
    "tileset and object kept (docs/interop.md, \"Saving a Tiled map in place\").\n"
    "  --collision-layer NAME  the Tiled tile layer / LDtk IntGrid layer that becomes the\n"
    "                          map's tiles (default: the layer named \"collision\", any\n"
    "                          case, else the first one); '#N' the N-th in file order,\n"
    "                          for two layers with one name (an error otherwise)\n"
    "  --level NAME            the level of an LDtk project, by its identifier (any case;\n"
    "                          default: the first; tilestep info IN lists them); '#N'\n"
    "                          the N-th level, for two levels with one name\n"
    "  --plugin PATH.so        load a mover plugin first (maps whose actors use it); once\n"
    "                          per plugin, two with the same NAME are an error\n"
    "On success prints 'IN (FORMAT) -> OUT (FORMAT)' on stdout, exit 0. A bad IN, an unknown\n"
    "extension or a failed save: the error on stderr, exit 1. Bad command line, or OUT the\n"
    "same file as IN (by any path, symlink or hard link): exit 2, nothing written.\n";

namespace {
std::string formatName(const std::string& path) {
    if (interop::isImportPath(path)) {
        std::string ext = path.substr(path.rfind('.') + 1);
        for (char& c : ext) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return ext == "ldtk" ? "ldtk" : "tiled " + ext;
    }
    return formatForPath(path) == MapFormat::Json ? "json" : "binary";
}
}  // namespace

const std::vector<FlagSpec> kConvertFlags = {{"--collision-layer", true}, kLevelFlag, kPluginFlag};

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
    const std::string image = interop::isExportPath(out) ? interop::exportImagePath(out) : "";
    const std::string clash = findOutputClash(
        {{"IN", in}}, {{"OUT", out}, {"OUT's tileset image", image}, {"stdout", "-"}});
    if (!clash.empty()) return fail(cmd, clash, kExitUsage);
    interop::ImportOptions options;
    if (!importOptionsFor(a, in, &options, &error)) return usageError(cmd, error);
    try {
        // Check OUT's extension before the (possibly long) load.
        const bool exportTiled = interop::isExportPath(out);
        if (!exportTiled && interop::isImportPath(out))
            throw MapError(out + ": LDtk files are only read (write .json, .tsmap, .tmx or .tmj)");
        if (!exportTiled) formatForPath(out);
        if (!interop::isImportPath(in)) formatForPath(in);
        Map m;
        if (!loadPluginsReported(cmd, a)) return kExitFailure;
        // Tiled and LDtk files name their images relative to themselves; the written map
        // names them relative to OUT.
        const std::string outFolder = interop::folderOf(out);
        const std::string inFolder = interop::folderOf(in);
        std::shared_ptr<interop::ForeignSource> source;
        if (interop::isImportPath(in)) {
            options.keepSource = exportTiled;
            interop::ImportResult r = interop::importMapFile(in, options, outFolder);
            for (const std::string& w : r.warnings)
                std::fprintf(stderr, "tilestep %s: warning: %s: %s\n", cmd, in.c_str(), w.c_str());
            m = std::move(r.map);
            source = std::move(r.source);
        } else if (!loadMapReported(cmd, in, &m)) {
            return kExitFailure;
        }
        // Tiled to the same Tiled form: the file itself, every layer and tileset kept.
        if (source && interop::savesInPlace(*source, out))
            interop::saveTiledInPlace(*source, m, out, outFolder);
        else if (exportTiled)
            interop::exportMapFile(m, out, interop::isImportPath(in) ? outFolder : inFolder);
        else
            saveMap(m, out);
        std::printf("%s (%s) -> %s (%s)\n", in.c_str(), formatName(in).c_str(), out.c_str(),
                    formatName(out).c_str());
        return kExitOk;
    } catch (const MapError& e) {
        return fail(cmd, e.what(), kExitFailure);
    }
}

}  // namespace ts::cli
