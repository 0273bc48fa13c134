// Bad Tiled and LDtk input: every broken file is refused with MapError naming the file and
// the problem, never a crash, and nothing large is allocated on a header's word.
#include <gtest/gtest.h>

#include "io/foreign_maps.h"
#include "io/layer_data.h"
#include "io/map_io.h"
#include "test_support.h"

namespace ts {
namespace {

// A TMX map around one layer's <data> (the layer is 2 x 2 unless the header says otherwise).
std::string tmx(const std::string& data, const std::string& mapAttrs = "width=\"2\" height=\"2\"",
                const std::string& tileset =
                    "<tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\" "
                    "tilecount=\"2\" columns=\"2\"><image source=\"t.png\" width=\"32\" "
                    "height=\"16\"/></tileset>") {
    return "<?xml version=\"1.0\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" " + mapAttrs +
           " tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">" + tileset +
           "<layer id=\"1\" name=\"collision\" width=\"2\" height=\"2\">" + data +
           "</layer></map>\n";
}

std::string b64(const std::vector<uint32_t>& gids, const std::string& compression) {
    std::string bytes;
    for (uint32_t g : gids)
        for (int k = 0; k < 4; ++k) bytes += char((g >> (8 * k)) & 0xff);
    return interop::base64Encode(interop::compress(bytes, compression));
}

struct BadFile {
    const char* name;
    std::string text;
    const char* problem;  // expected after "PATH: "
};

std::vector<BadFile> badFiles() {
    std::string zlib = b64({1, 2, 1, 2}, "zlib");
    std::string zstd = b64({1, 2, 1, 2}, "zstd");
    std::string bomb = b64(std::vector<uint32_t>(1 << 20, 1), "zlib");  // 4 MiB for 4 tiles
    return {
        {"not xml.tmx", "<map", "invalid XML at line 1"},
        {"empty.tmx", "", "invalid XML at line 1"},
        {"not a map.tmx", "<?xml version=\"1.0\"?><tileset/>", "no <map> element"},
        {"iso.tmx",
         "<map orientation=\"isometric\" width=\"2\" height=\"2\" tilewidth=\"16\" "
         "tileheight=\"16\"/>",
         "orientation \"isometric\" is not supported"},
        {"oblong.tmx", tmx("", "width=\"2\" height=\"2\" tilewidth=\"16\" tileheight=\"8\""),
         "tiles of 16 x 8 px are not supported"},
        {"huge.tmx", tmx("<data encoding=\"csv\">1</data>", "width=\"100000\" height=\"2\""),
         "<map> width: 100000 is outside 0..16384"},
        {"big.tmx", tmx("<data encoding=\"csv\">1</data>", "width=\"16384\" height=\"16384\""),
         "16384 x 16384 tiles is more than tilestep imports"},
        {"zero.tmx", tmx("<data encoding=\"csv\"></data>", "width=\"0\" height=\"2\""),
         "0 x 2 tiles is outside 1..16384 per side"},
        {"words.tmx", tmx("<data encoding=\"csv\">1,x1,2,1</data>"),
         "layer \"collision\": \"x1\" is not a tile GID"},
        {"short.tmx", tmx("<data encoding=\"csv\">1,2,1</data>"),
         "layer \"collision\": 3 values for 4 tiles"},
        {"long.tmx", tmx("<data encoding=\"csv\">1,2,1,2,1</data>"),
         "layer \"collision\": more than 4 values"},
        {"gid.tmx", tmx("<data encoding=\"csv\">1,2,9,1</data>"),
         "layer \"collision\": tile (0, 1): GID 9 is in no tileset"},
        {"big gid.tmx", tmx("<data encoding=\"csv\">1,2,99999999999,1</data>"),
         "layer \"collision\": \"99999999999\" is not a tile GID"},
        {"bad base64.tmx", tmx("<data encoding=\"base64\">AAAA*AAA</data>"),
         "layer \"collision\": invalid base64 data"},
        {"short base64.tmx", tmx("<data encoding=\"base64\">" + b64({1, 2, 1}, "") + "</data>"),
         "layer \"collision\": 12 bytes of tile data for 4 tiles (16 expected)"},
        {"bad zlib.tmx",
         tmx("<data encoding=\"base64\" compression=\"zlib\">" + zlib.substr(0, 8) + "AAAA" +
             zlib.substr(12) + "</data>"),
         "layer \"collision\": "},
        {"cut zlib.tmx",
         tmx("<data encoding=\"base64\" compression=\"zlib\">" +
             b64({1, 2, 1, 2}, "zlib").substr(0, 12) + "</data>"),
         "layer \"collision\": compressed data ends early"},
        {"bomb.tmx", tmx("<data encoding=\"base64\" compression=\"zlib\">" + bomb + "</data>"),
         "layer \"collision\": decompressed data is larger than the layer"},
        {"gzip as zstd.tmx",
         tmx("<data encoding=\"base64\" compression=\"zstd\">" + b64({1, 2, 1, 2}, "gzip") +
             "</data>"),
         "layer \"collision\": corrupt zstd data"},
        {"cut zstd.tmx",
         tmx("<data encoding=\"base64\" compression=\"zstd\">" + zstd.substr(0, 16) + "</data>"),
         "layer \"collision\": "},
        {"lzma.tmx", tmx("<data encoding=\"base64\" compression=\"lzma\">" + zlib + "</data>"),
         "layer \"collision\": unknown compression \"lzma\" (known: zlib, gzip, zstd)"},
        {"encoding.tmx", tmx("<data encoding=\"hex\">00</data>"),
         "layer \"collision\": unknown encoding \"hex\""},
        {"no tsx.tmx",
         tmx("<data encoding=\"csv\">1,1,1,1</data>", "width=\"2\" height=\"2\"",
             "<tileset firstgid=\"1\" source=\"missing.tsx\"/>"),
         "missing.tsx: cannot open: No such file or directory"},
        {"xml tiles.tmx", tmx("<data><tile gid=\"1\"/><tile gid=\"-1\"/></data>"),
         "<tile> gid: -1 is outside 0..4294967295"},
        {"chunks.tmx",
         "<map orientation=\"orthogonal\" width=\"2\" height=\"2\" tilewidth=\"16\" "
         "tileheight=\"16\" infinite=\"1\"><layer name=\"collision\"><data encoding=\"csv\">"
         "<chunk x=\"0\" y=\"0\" width=\"1\" height=\"1\">0</chunk>"
         "<chunk x=\"2000000000\" y=\"2000000000\" width=\"1\" height=\"1\">0</chunk>"
         "</data></layer></map>",
         "layer \"collision\": the chunks span 2000000001 x 2000000001 tiles, more than "
         "tilestep imports"},
        {"no tiles.tmx",
         "<map orientation=\"orthogonal\" width=\"2\" height=\"2\" tilewidth=\"16\" "
         "tileheight=\"16\" infinite=\"1\"/>",
         "an infinite map without any tiles"},
        {"not json.tmj", "{\"width\": ", "invalid JSON at line 1"},
        {"array.tmj", "[1, 2]", "the top level must be an object"},
        // fuzz_tiled_import: rapidjson's full-precision number path ran clz(0) and a negative
        // shift on a zero with an exponent (UBSan report, ASan+UBSan build only).
        {"zero exponent.tmj", "0E55%", "invalid JSON at line 1"},
        {"zero exponent number.tmj", "0E55", "the top level must be an object"},
        {"hex.tmj",
         "{\"orientation\": \"hexagonal\", \"width\": 2, \"height\": 2, \"tilewidth\": 16, "
         "\"tileheight\": 16}",
         "orientation \"hexagonal\" is not supported"},
        {"string width.tmj",
         "{\"orientation\": \"orthogonal\", \"width\": \"2\", \"height\": 2, \"tilewidth\": 16, "
         "\"tileheight\": 16}",
         "width: expected an integer"},
        {"data.tmj",
         "{\"orientation\": \"orthogonal\", \"width\": 2, \"height\": 1, \"tilewidth\": 16, "
         "\"tileheight\": 16, \"layers\": [{\"type\": \"tilelayer\", \"name\": \"a\", \"data\": "
         "[0, -5]}]}",
         "layer \"a\": data[1]: not a tile GID"},
        {"nan.tmj",
         "{\"orientation\": \"orthogonal\", \"width\": 2, \"height\": 1, \"tilewidth\": 16, "
         "\"tileheight\": 16, \"layers\": [{\"type\": \"objectgroup\", \"name\": \"o\", "
         "\"objects\": [{\"id\": 1, \"x\": 1e400}]}]}",
         "invalid JSON"},
        {"not ldtk.ldtk", "{\"levels\": 3}", "levels: expected an array"},
        {"no level.ldtk", "{\"levels\": []}", "levels: the project has no level"},
        {"no grid.ldtk", "{\"levels\": [{\"identifier\": \"L\", \"layerInstances\": []}]}",
         "level \"L\": no IntGrid layer"},
        {"grid size.ldtk",
         "{\"levels\": [{\"identifier\": \"L\", \"layerInstances\": [{\"__type\": \"IntGrid\", "
         "\"__identifier\": \"c\", \"__gridSize\": 16, \"__cWid\": 3, \"__cHei\": 2, "
         "\"intGridCsv\": [0, 1]}]}]}",
         "layer \"c\": intGridCsv: 2 values for 3 x 2 cells"},
        {"huge grid.ldtk",
         "{\"levels\": [{\"identifier\": \"L\", \"layerInstances\": [{\"__type\": \"IntGrid\", "
         "\"__identifier\": \"c\", \"__gridSize\": 16, \"__cWid\": 1000000, \"__cHei\": 2, "
         "\"intGridCsv\": []}]}]}",
         "layer \"c\": __cWid: 1000000 is outside 1..16384"},
    };
}

TEST(InteropErrors, EveryBrokenFileIsRefusedNamingTheFileAndTheProblem) {
    const std::string dir = test::tempDir();
    for (const BadFile& f : badFiles()) {
        const std::string path = dir + "/" + f.name;
        test::writeFile(path, f.text);
        try {
            Map m = loadMap(path);
            ADD_FAILURE() << f.name << " loaded";
        } catch (const MapError& e) {
            const std::string msg = e.what();
            const std::string want = std::string(f.problem).find("missing.tsx") == 0
                                         ? dir + "/" + f.problem
                                         : path + ": " + f.problem;
            EXPECT_EQ(msg.find(want), 0u) << f.name << ":\n  got  " << msg << "\n  want " << want;
        }
    }
}

TEST(InteropErrors, RandomDamageToARealMapNeverCrashes) {
    // Every single-byte change and every truncation of a small TMX and TMJ either loads a
    // valid map or throws MapError.
    const std::string dir = test::tempDir();
    Map m = test::mapFromRows({"#./\\", "=ab#"});
    m.actors.push_back(test::makeActor("hero", MoverKind::PixelSweep, 3, 4, 12, 16));
    m.walls.setH(1, 1, true);
    for (const char* ext : {".tmx", ".tmj"}) {
        const std::string good = dir + "/good" + ext;
        interop::exportMapFile(m, good, dir);
        const std::string text = test::readFile(good);
        const std::string path = dir + "/bad" + ext;
        int loaded = 0, refused = 0;
        for (size_t i = 0; i < text.size(); i += 13) {
            for (const std::string& variant :
                 {text.substr(0, i), text.substr(0, i) + "\x01" + text.substr(i + 1),
                  text.substr(0, i) + "9" + text.substr(i + 1)}) {
                test::writeFile(path, variant);
                try {
                    Map got = loadMap(path);
                    EXPECT_EQ(validateMap(got), "");
                    ++loaded;
                } catch (const MapError& e) {
                    EXPECT_EQ(std::string(e.what()).find(path + ": "), 0u) << e.what();
                    ++refused;
                }
            }
        }
        EXPECT_GT(refused, 0);
        EXPECT_GT(loaded, 0);
    }
}

}  // namespace
}  // namespace ts
