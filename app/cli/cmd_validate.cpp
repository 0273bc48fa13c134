// `tilestep validate MAP`: loads and checks a map; one summary line or the loader's error.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "import_args.h"
#include "map_report_start.h"
#include "plugin_args.h"

namespace ts::cli {

const char kValidateUsage[] =
    "usage: tilestep validate MAP [--level NAME] [--collision-layer NAME]\n"
    "                         [--plugin PATH.so]...\n"
    "\n"
    "Loads MAP (.json or .tsmap; .tmx, .tmj and .ldtk are imported) and checks every\n"
    "field.\n"
    "  --level NAME  the level of an LDtk project (default: the first; tilestep info\n"
    "           lists them)\n"
    "  --collision-layer NAME  the Tiled / LDtk layer that becomes the map's tiles\n"
    "           (default: one named collision, solid, walls, ...; docs/interop.md)\n"
    "  --plugin PATH.so  load a mover plugin first (actors with mover \"plugin:NAME\");\n"
    "           once per plugin the map uses, two with the same NAME are an error\n"
    "  valid:   prints 'MAP: ok: W x H tiles of T px, R Hz, A actors, B brushes, N walls'\n"
    "           on stdout, exit 0\n"
    "  invalid: prints 'tilestep validate: MAP: field: problem' on stderr, exit 1\n"
    "  bad command line: exit 2\n";

const std::vector<FlagSpec> kValidateFlags = {kLevelFlag, kCollisionLayerFlag, kPluginFlag};

int cmdValidate(const Args& args) {
    MapReport r;
    if (std::optional<int> done =
            startMapReport("validate", args, kValidateFlags, kValidateUsage, &r))
        return *done;
    const std::string& path = r.path;
    const Map& m = r.map;
    std::printf("%s: ok: %d x %d tiles of %d px, %d Hz, %zu actors, %zu brushes, %zu walls\n",
                path.c_str(), m.width, m.height, m.tileSize, m.simRate, m.actors.size(),
                m.brushes.size(), m.walls.count());
    return kExitOk;
}

}  // namespace ts::cli
