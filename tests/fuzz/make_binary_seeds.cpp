// usage: fuzz_make_binary_seeds OUT_DIR MAP.json...: writes each map as OUT_DIR/NAME.tsmap,
// the binary loader's seed corpus (made from maps/ at run time, so never stale or committed).
#include <cstdio>
#include <string>

#include "io/map_io.h"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s OUT_DIR MAP.json...\n", argv[0]);
        return 2;
    }
    for (int i = 2; i < argc; ++i) {
        std::string in = argv[i];
        std::string base = in.substr(in.rfind('/') + 1);
        base = base.substr(0, base.rfind('.'));
        try {
            ts::saveMap(ts::loadMap(in), std::string(argv[1]) + "/" + base + ".tsmap");
        } catch (const ts::MapError& e) {
            std::fprintf(stderr, "%s\n", e.what());
            return 1;
        }
    }
    return 0;
}
