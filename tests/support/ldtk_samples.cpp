#include "ldtk_samples.h"

#include <filesystem>

#include "test_support.h"

namespace ts::test {

namespace {

const char kDefs[] = R"("defs": {
    "layers": [
      {"__type": "Entities", "identifier": "Entities", "type": "Entities", "uid": 20,
       "gridSize": 8, "displayOpacity": 1, "pxOffsetX": 0, "pxOffsetY": 0, "intGridValues": []},
      {"__type": "IntGrid", "identifier": "Collision", "type": "IntGrid", "uid": 10,
       "gridSize": 8, "displayOpacity": 1, "pxOffsetX": 0, "pxOffsetY": 0,
       "intGridValues": [{"value": 1, "identifier": "solid", "color": "#404040", "tile": null}]}
    ],
    "entities": [], "tilesets": [], "enums": [], "externalEnums": [], "levelFields": []
  })";

struct Level {
    const char* name;
    const char* iid;
    int uid, cWid, cHei;
    const char* csv;
    const char* entities;
};

const Level kLevels[] = {
    {"Start", "a3c1e2f0-5e0b-11ee-8c99-0242ac120001", 0, 4, 2, "0,0,0,0, 1,1,1,1",
     R"({"__identifier": "pixel_sweep", "__grid": [1, 0], "__pivot": [0, 0], "__tags": [],
        "__tile": null, "__smartColor": "#BE4A2F", "iid": "b1", "width": 6, "height": 8,
        "defUid": 30, "px": [8, 0], "fieldInstances": [], "__worldX": 8, "__worldY": 0})"},
    {"Cave", "a3c1e2f0-5e0b-11ee-8c99-0242ac120002", 1, 3, 3, "1,1,1, 0,0,0, 1,1,1",
     R"({"__identifier": "pixel_sweep", "__grid": [0, 1], "__pivot": [0, 0], "__tags": [],
        "__tile": null, "__smartColor": "#BE4A2F", "iid": "b2", "width": 6, "height": 8,
        "defUid": 30, "px": [0, 8], "fieldInstances": [
          {"__identifier": "name", "__type": "String", "__value": "digger", "__tile": null,
           "defUid": 40, "realEditorValues": []}], "__worldX": 100, "__worldY": 8},
       {"__identifier": "Chest", "__grid": [2, 1], "__pivot": [0, 0], "__tags": [],
        "__tile": null, "__smartColor": "#94D9B3", "iid": "b3", "width": 8, "height": 8,
        "defUid": 31, "px": [16, 8], "fieldInstances": [], "__worldX": 116, "__worldY": 8})"},
    {"Tower", "a3c1e2f0-5e0b-11ee-8c99-0242ac120003", 2, 2, 4, "0,0, 0,0, 0,0, 1,1", ""},
};

const Level& level(const std::string& name) {
    for (const Level& l : kLevels)
        if (name == l.name) return l;
    return kLevels[0];
}

std::string layers(const Level& l) {
    const std::string size = "\"__cWid\": " + std::to_string(l.cWid) +
                             ", \"__cHei\": " + std::to_string(l.cHei) + ", \"__gridSize\": 8";
    const std::string common =
        ", \"__opacity\": 1, \"__pxTotalOffsetX\": 0, "
        "\"__pxTotalOffsetY\": 0, \"__tilesetDefUid\": null, "
        "\"__tilesetRelPath\": null, \"levelId\": " +
        std::to_string(l.uid) +
        ", \"pxOffsetX\": 0, \"pxOffsetY\": 0, \"visible\": true, "
        "\"optionalRules\": [], \"autoLayerTiles\": [], \"seed\": 1, "
        "\"overrideTilesetUid\": null, \"gridTiles\": []";
    return std::string("[\n    {\"__identifier\": \"Entities\", \"__type\": \"Entities\", ") +
           size + common + ", \"iid\": \"e" + std::to_string(l.uid) +
           "\", \"layerDefUid\": 20, \"intGridCsv\": [], \"entityInstances\": [" + l.entities +
           "]},\n    {\"__identifier\": \"Collision\", \"__type\": \"IntGrid\", " + size + common +
           ", \"iid\": \"c" + std::to_string(l.uid) + "\", \"layerDefUid\": 10, \"intGridCsv\": [" +
           l.csv + "], \"entityInstances\": []}\n  ]";
}

// One Level object; external: the project's entry of a "separate level files" project.
std::string levelJson(const Level& l, bool external) {
    const int worldX = l.uid * 100;
    return std::string("{\"identifier\": \"") + l.name + "\", \"iid\": \"" + l.iid +
           "\", \"uid\": " + std::to_string(l.uid) + ", \"worldX\": " + std::to_string(worldX) +
           ", \"worldY\": 0, \"worldDepth\": 0, \"pxWid\": " + std::to_string(l.cWid * 8) +
           ", \"pxHei\": " + std::to_string(l.cHei * 8) +
           ", \"__bgColor\": \"#40465B\", \"bgColor\": null, \"useAutoIdentifier\": false, "
           "\"bgRelPath\": null, \"bgPos\": null, \"bgPivotX\": 0.5, \"bgPivotY\": 0.5, "
           "\"__smartColor\": \"#ADADB5\", \"__bgPos\": null, \"externalRelPath\": " +
           (external ? std::string("\"ext/") + l.name + ".ldtkl\"" : "null") +
           ", \"fieldInstances\": [], \"layerInstances\": " + (external ? "null" : layers(l)) +
           ", \"__neighbours\": []}";
}

std::string project(bool external) {
    std::string levels;
    for (const Level& l : kLevels)
        levels += (levels.empty() ? "\n  " : ",\n  ") + levelJson(l, external);
    return std::string(
               "{\n  \"__header__\": {\"fileType\": \"LDtk Project JSON\", \"app\": "
               "\"LDtk\", \"appVersion\": \"1.5.3\"},\n  \"iid\": "
               "\"5ab0d2a0-5e0b-11ee-8c99-0242ac120000\", \"jsonVersion\": \"1.5.3\", "
               "\"appBuildId\": 473703, \"nextUid\": 50, \"identifierStyle\": "
               "\"Capitalize\", \"toc\": [], \"worldLayout\": \"Free\", "
               "\"worldGridWidth\": 256, \"worldGridHeight\": 256, "
               "\"defaultLevelWidth\": 256, \"defaultLevelHeight\": 256, "
               "\"defaultPivotX\": 0, \"defaultPivotY\": 0, \"defaultGridSize\": 8, "
               "\"bgColor\": \"#40465B\", \"externalLevels\": ") +
           (external ? "true" : "false") + ", \"minifyJson\": false, \"flags\": [],\n  " + kDefs +
           ",\n  \"levels\": [" + levels +
           "\n  ],\n  \"worlds\": [],\n  \"dummyWorldIid\": "
           "\"5ab0d2a1-5e0b-11ee-8c99-0242ac120000\"\n}\n";
}

}  // namespace

std::string ldtkWorldProject() {
    return project(false);
}

std::string ldtkLevelFile(const std::string& name) {
    return std::string(
               "{\n  \"__header__\": {\"fileType\": \"LDtk Level\", \"app\": \"LDtk\", "
               "\"appVersion\": \"1.5.3\"},\n  ") +
           levelJson(level(name), false).substr(1) + "\n";
}

std::string writeLdtkExternalProject(const std::string& dir) {
    std::filesystem::create_directories(dir + "/ext");
    writeFile(dir + "/ext.ldtk", project(true));
    for (const Level& l : kLevels)
        writeFile(dir + "/ext/" + l.name + ".ldtkl", ldtkLevelFile(l.name));
    return dir + "/ext.ldtk";
}

}  // namespace ts::test
