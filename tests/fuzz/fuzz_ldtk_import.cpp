// libFuzzer: any bytes as an LDtk project. Each input is written as project.ldtk into one
// temporary folder per process that also holds two valid level files (levels/Start.ldtkl,
// levels/Cave.ldtkl, "Separate level files"), so inputs that name them reach the level-file
// reader. The input is imported with the default options, its levels listed (which reads
// every level, files included), and each of its first three levels imported by name. Bad
// input must end in MapError, never a crash.
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "io/ldtk/ldtk_import.h"

namespace {

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) ts::fuzz::failed("cannot write the fuzz input file");
}

std::string levelFile(const char* name, const char* iid, const char* csv) {
    return std::string("{\"identifier\": \"") + name + "\", \"iid\": \"" + iid +
           "\", \"uid\": 1, \"pxWid\": 24, \"pxHei\": 16, \"externalRelPath\": null, "
           "\"fieldInstances\": [], \"layerInstances\": [{\"__identifier\": \"Entities\", "
           "\"__type\": \"Entities\", \"__cWid\": 3, \"__cHei\": 2, \"__gridSize\": 8, "
           "\"pxOffsetX\": 0, \"pxOffsetY\": 0, \"entityInstances\": [{\"__identifier\": "
           "\"pixel_sweep\", \"__pivot\": [0, 0], \"px\": [0, 0], \"width\": 6, \"height\": 8, "
           "\"fieldInstances\": []}]}, {\"__identifier\": \"Collision\", \"__type\": "
           "\"IntGrid\", \"__cWid\": 3, \"__cHei\": 2, \"__gridSize\": 8, \"layerDefUid\": 10, "
           "\"intGridCsv\": [" +
           csv + "]}]}";
}

const std::string& folder() {
    static const std::string dir = [] {
        char pattern[] = "/tmp/fuzz_ldtk_XXXXXX";
        if (!mkdtemp(pattern)) ts::fuzz::failed("cannot make the temporary folder");
        const std::string d = pattern;
        if (mkdir((d + "/levels").c_str(), 0700) != 0) ts::fuzz::failed("cannot make levels/");
        writeFile(d + "/levels/Start.ldtkl", levelFile("Start", "iid-start", "0,0,0, 1,1,1"));
        writeFile(d + "/levels/Cave.ldtkl", levelFile("Cave", "iid-cave", "1,0,1, 1,1,1"));
        return d;
    }();
    return dir;
}

void importAndCheck(const std::string& path, const std::string& level) {
    ts::interop::ImportOptions options;
    options.level = level;
    ts::Map m;
    try {
        m = ts::interop::importLdtk(path, options).map;
    } catch (const ts::MapError&) {
        return;
    }
    ts::fuzz::checkLoadedMap(m);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string path = folder() + "/project.ldtk";
    writeFile(path, std::string(reinterpret_cast<const char*>(data), size));
    importAndCheck(path, "");
    std::vector<ts::interop::LdtkLevelSummary> levels;
    try {
        levels = ts::interop::listLdtkLevels(path, ts::interop::ImportOptions{});
    } catch (const ts::MapError&) {
        return 0;
    }
    for (size_t i = 0; i < levels.size() && i < 3; ++i)
        if (!levels[i].name.empty()) importAndCheck(path, levels[i].name);
    return 0;
}
