// libFuzzer: any bytes as a Tiled map (.tmx when it starts with '<', else .tmj). The importer
// reads by path and resolves external tilesets and templates next to the map, so each input
// is written into one temporary folder per process that also holds a valid external tileset
// (tileset.tsx / tileset.tsj) and object template (template.tx / template.tj): inputs that
// name them reach those readers too. Bad input must end in MapError, never a crash.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "fuzz_support.h"
#include "io/tiled/tiled_import.h"

namespace {

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) ts::fuzz::failed("cannot write the fuzz input file");
}

const std::string& folder() {
    static const std::string dir = [] {
        char pattern[] = "/tmp/fuzz_tiled_XXXXXX";
        if (!mkdtemp(pattern)) ts::fuzz::failed("cannot make the temporary folder");
        const std::string d = pattern;
        writeFile(d + "/tileset.tsx",
                  "<?xml version=\"1.0\"?>\n<tileset name=\"t\" tilewidth=\"16\" "
                  "tileheight=\"16\" tilecount=\"4\" columns=\"2\">\n"
                  " <image source=\"t.png\" width=\"32\" height=\"32\"/>\n"
                  " <tile id=\"0\" type=\"solid\"/>\n <tile id=\"1\" type=\"slope\"/>\n"
                  "</tileset>\n");
        writeFile(d + "/tileset.tsj",
                  "{\"name\":\"t\",\"tilewidth\":16,\"tileheight\":16,\"tilecount\":4,"
                  "\"columns\":2,\"image\":\"t.png\",\"imagewidth\":32,\"imageheight\":32,"
                  "\"tiles\":[{\"id\":0,\"type\":\"solid\"}]}");
        writeFile(d + "/template.tx",
                  "<?xml version=\"1.0\"?>\n<template>\n"
                  " <object name=\"hero\" type=\"pixel_sweep\" x=\"0\" y=\"0\" width=\"12\" "
                  "height=\"14\"/>\n</template>\n");
        writeFile(d + "/template.tj",
                  "{\"type\":\"template\",\"object\":{\"name\":\"hero\",\"type\":\"pixel_sweep\","
                  "\"x\":0,\"y\":0,\"width\":12,\"height\":14}}");
        return d;
    }();
    return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const bool xml = size > 0 && data[0] == '<';
    const std::string path = folder() + (xml ? "/map.tmx" : "/map.tmj");
    writeFile(path, text);
    ts::Map m;
    try {
        m = (xml ? ts::interop::importTmx : ts::interop::importTmj)(path, {}).map;
    } catch (const ts::MapError&) {
        return 0;
    }
    ts::fuzz::checkLoadedMap(m);
    return 0;
}
