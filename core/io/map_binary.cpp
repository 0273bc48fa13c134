// The compact map form (.tsmap): an 8-byte magic, then a cereal PortableBinaryArchive stream
// (its endianness byte, then little-endian values) in a fixed, versioned layout. Every count
// and length is checked against the bytes that remain before anything is allocated, so a
// corrupt or hostile file ends in MapError, never in a crash or a huge allocation.
// docs/map-format.md gives the layout field by field.
#include <cereal/archives/portable_binary.hpp>

#include <cstring>
#include <sstream>
#include <streambuf>
#include <unordered_set>

#include "world/collision.h"
#include "map/image_flip.h"
#include "io/map_io.h"
#include "io/detail/map_io_detail.h"
#include "movers/mover.h"
#include "movers/param_set.h"

namespace ts {

namespace {

constexpr char kMagic[8] = {'\x89', 'T', 'S', 'M', 'A', 'P', '\r', '\n'};

// An input stream over bytes already in memory that can say how many remain.
class MemoryBuffer : public std::streambuf {
  public:
    MemoryBuffer(const char* data, size_t size) {
        char* p = const_cast<char*>(data);  // never written: this is a get area only
        setg(p, p, p + size);
    }
    size_t remaining() const { return size_t(egptr() - gptr()); }
};

class BinaryReader {
  public:
    BinaryReader(const std::string& bytes, const std::string& name)
        : buffer_(bytes.data() + sizeof kMagic, bytes.size() - sizeof kMagic),
          stream_(&buffer_),
          archive_(stream_),
          name_(name) {}

    [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
        mapio::fail(name_, field, problem);
    }
    size_t remaining() const { return buffer_.remaining(); }
    void need(uint64_t bytes, const std::string& field) const {
        if (bytes > remaining())
            fail(field, "the file ends early (truncated): " + std::to_string(bytes) +
                            " bytes needed, " + std::to_string(remaining()) + " left");
    }
    template <class T>
    T read(const std::string& field) {
        need(sizeof(T), field);
        T v{};
        archive_(v);
        return v;
    }
    // A T in [lo, hi], else an error naming the field and the range.
    template <class T>
    T readInRange(const std::string& field, T lo, T hi) {
        const T v = read<T>(field);
        if (v < lo || v > hi)
            fail(field, std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
                            std::to_string(hi));
        return v;
    }
    int64_t readInt(const std::string& field, int64_t lo, int64_t hi) {
        return readInRange<int64_t>(field, lo, hi);
    }
    int32_t readInt32(const std::string& field, int32_t lo, int32_t hi) {
        return readInRange<int32_t>(field, lo, hi);
    }
    // A count of items of at least minItemBytes each: checked against the bytes left.
    uint32_t readCount(const std::string& field, size_t maxItems, size_t minItemBytes) {
        uint32_t n = read<uint32_t>(field);
        if (n > maxItems)
            fail(field, std::to_string(n) + " is more than " + std::to_string(maxItems));
        need(uint64_t(n) * minItemBytes, field);
        return n;
    }
    std::string readText(const std::string& field, size_t maxBytes) {
        uint32_t len = read<uint32_t>(field);
        if (len > maxBytes)
            fail(field, "text of " + std::to_string(len) + " bytes is longer than " +
                            std::to_string(maxBytes));
        need(len, field);
        std::string s(len, '\0');
        archive_.loadBinary<1>(&s[0], len);
        std::string problem = mapio::checkText(s, maxBytes);
        if (!problem.empty()) fail(field, problem);
        return s;
    }
    template <size_t Size, class T>
    void readArray(T* data, size_t count, const std::string& field) {
        need(uint64_t(count) * Size, field);
        archive_.loadBinary<Size>(data, count * Size);
    }

  private:
    MemoryBuffer buffer_;
    std::istream stream_;
    cereal::PortableBinaryInputArchive archive_;
    const std::string& name_;
};

std::string at(const char* parent, size_t i) {
    return std::string(parent) + "[" + std::to_string(i) + "]";
}

Tileset readTileset(BinaryReader& in, int32_t version) {
    Tileset t;
    t.image = in.readText("tileset.image", mapio::kMaxPathBytes);
    t.imageCellSize = in.readInt32("tileset.image_cell_size", 0, 4096);
    // Version 2 added each kind's image orientation (one byte after the image cell).
    const bool hasFlip = version >= 2;
    // Smallest kind: empty name (4) + colour (4) + shape (1) + mask (1) + image cell (4)
    // + image flip (1, from version 2).
    uint32_t n = in.readCount("tileset.kinds", mapio::kMaxKinds, hasFlip ? 15 : 14);
    if (n == 0) in.fail("tileset.kinds", "no kinds (kind 0 must be empty)");
    for (uint32_t i = 0; i < n; ++i) {
        const std::string f = at("tileset.kinds", i);
        TileKind k;
        k.name = in.readText(f + ".name", mapio::kMaxNameBytes);
        k.color = in.read<uint32_t>(f + ".color");
        uint8_t shape = in.read<uint8_t>(f + ".shape");
        if (shape >= uint8_t(Shape::Count))
            in.fail(f + ".shape", "unknown shape " + std::to_string(shape));
        k.shape = Shape(shape);
        k.passMask = in.read<uint8_t>(f + ".pass_mask");
        if (k.passMask > 15)
            in.fail(f + ".pass_mask", std::to_string(k.passMask) + " is outside 0..15");
        k.imageCell = in.readInt32(f + ".image_cell", -1, INT32_MAX);
        if (hasFlip) {
            k.imageFlip = in.read<uint8_t>(f + ".image_flip");
            if (k.imageFlip > kImageFlipMax)
                in.fail(f + ".image_flip", std::to_string(k.imageFlip) + " is outside 0.." +
                                               std::to_string(kImageFlipMax));
        }
        t.kinds.push_back(std::move(k));
    }
    if (t.kinds[0].shape != Shape::Empty)
        in.fail("tileset.kinds[0].shape", "kind 0 must have the shape \"empty\"");
    return t;
}

void readTiles(BinaryReader& in, Map& m) {
    const uint8_t idBytes = in.read<uint8_t>("tiles.id_bytes");
    if (idBytes != 1 && idBytes != 2)
        in.fail("tiles.id_bytes", std::to_string(idBytes) + " is not 1 or 2");
    const size_t count = size_t(m.width) * size_t(m.height);
    in.need(uint64_t(count) * idBytes, "tiles");  // before allocating
    m.tiles.resize(count);
    if (idBytes == 2) {
        in.readArray<2>(m.tiles.data(), count, "tiles");
    } else {
        std::vector<uint8_t> small(count);
        in.readArray<1>(small.data(), count, "tiles");
        for (size_t i = 0; i < count; ++i) m.tiles[i] = small[i];
    }
    for (size_t i = 0; i < count; ++i)
        if (m.tiles[i] >= m.tileset.kinds.size())
            in.fail("tiles", "unknown tile id " + std::to_string(m.tiles[i]) + " at (" +
                                 std::to_string(i % size_t(m.width)) + ", " +
                                 std::to_string(i / size_t(m.width)) + ")");
}

void readWalls(BinaryReader& in, Map& m) {
    m.walls.resize(m.width, m.height);
    for (bool horizontal : {true, false}) {
        const char* field = horizontal ? "walls.h" : "walls.v";
        const size_t most = horizontal ? m.walls.horiz.size() : m.walls.vert.size();
        uint32_t n = in.readCount(field, most, 8);
        for (uint32_t i = 0; i < n; ++i) {
            int32_t x = in.read<int32_t>(at(field, i));
            int32_t y = in.read<int32_t>(at(field, i));
            std::string problem = mapio::checkWall(x, y, m.width, m.height, horizontal);
            if (!problem.empty()) in.fail(at(field, i), problem);
            if (horizontal)
                m.walls.setH(x, y, true);
            else
                m.walls.setV(x, y, true);
        }
    }
}

void readBrushes(BinaryReader& in, Map& m) {
    uint32_t n = in.readCount("brushes", mapio::kMaxBrushes, 32);
    const int64_t wpx = m.widthPx(), hpx = m.heightPx();
    uint64_t buckets = 0;  // what running the map will store for them, checked as they come
    for (uint32_t i = 0; i < n; ++i) {
        const std::string f = at("brushes", i);
        Brush b;
        b.rect.x = in.readInt(f + ".x", 0, wpx - 1);
        b.rect.y = in.readInt(f + ".y", 0, hpx - 1);
        b.rect.w = in.readInt(f + ".w", 1, wpx - b.rect.x);
        b.rect.h = in.readInt(f + ".h", 1, hpx - b.rect.y);
        buckets += CollisionWorld::brushBucketEntries(b.rect, m.tileSize, m.width, m.height);
        std::string problem = CollisionWorld::brushBucketProblem(buckets);
        if (!problem.empty()) in.fail(f, problem);
        m.brushes.push_back(b);
    }
}

void readActors(BinaryReader& in, Map& m) {
    // Smallest actor: two lengths (8) + x, y (16) + w, h (8) + parameter count (4).
    uint32_t n = in.readCount("actors", mapio::kMaxActors, 36);
    std::unordered_set<std::string> names;  // a hash set: loading stays linear in actors
    m.actors.reserve(n);                    // at most kMaxActors, and bytes for each remain
    for (uint32_t i = 0; i < n; ++i) {
        const std::string f = at("actors", i);
        Actor a;
        a.name = in.readText(f + ".name", mapio::kMaxNameBytes);
        if (a.name.empty()) in.fail(f + ".name", "empty");
        if (!names.insert(a.name).second)
            in.fail(f + ".name", "duplicate actor name \"" + a.name + "\"");
        std::string mover = in.readText(f + ".mover", mapio::kMaxNameBytes);
        const MoverInfo* mi = findMover(mover);
        if (!mi) in.fail(f + ".mover", mapio::unknownMover(mover));
        a.mover = mi->kind;
        a.x = in.readInt(f + ".x", 0, m.widthPx());
        a.y = in.readInt(f + ".y", 0, m.heightPx());
        a.w = in.readInt32(f + ".w", 1, 4096);
        a.h = in.readInt32(f + ".h", 1, 4096);
        a.params = defaultParams(a.mover);
        uint32_t params = in.readCount(f + ".params", kMaxParams, 12);
        for (uint32_t p = 0; p < params; ++p) {
            std::string name =
                in.readText(f + ".params[" + std::to_string(p) + "]", mapio::kMaxNameBytes);
            const std::string pf = f + ".params." + name;
            int index = findParam(a.mover, name);
            if (index < 0)
                in.fail(pf, "unknown parameter of " + std::string(mi->id) +
                                " (known: " + mapio::knownParams(a.mover) + ")");
            Fix v = Fix::fromRaw(in.read<int64_t>(pf));
            std::string problem = mapio::checkParamValue(mi->params[index], v);
            if (!problem.empty()) in.fail(pf, problem);
            a.params[size_t(index)] = v;
            a.paramsSet |= paramBit(index);
        }
        m.actors.push_back(std::move(a));
    }
}

Map readMap(BinaryReader& in) {
    const int32_t version = in.read<int32_t>("format_version");
    if (version > kMapFormatVersion)
        in.fail("format_version", std::to_string(version) + " is newer than this tilestep reads (" +
                                      std::to_string(kMapFormatVersion) + ")");
    // Version 1 is the first binary layout; version 2 adds the kinds' image_flip byte.
    if (version < 1)
        in.fail("format_version", std::to_string(version) + " is not a binary map version");
    Map m;
    m.tileSize = in.readInt32("tile_size", kMinTileSize, kMaxTileSize);
    m.width = in.readInt32("width", 1, kMaxMapTiles);
    m.height = in.readInt32("height", 1, kMaxMapTiles);
    m.simRate = in.readInt32("sim_rate", 1, 1000);
    m.tileset = readTileset(in, version);
    readTiles(in, m);
    readWalls(in, m);
    readBrushes(in, m);
    readActors(in, m);
    if (in.remaining() != 0)
        in.fail("", std::to_string(in.remaining()) + " unexpected bytes after the last actor");
    return m;
}

// ---- writing ----

class BinaryWriter {
  public:
    BinaryWriter(std::ostream& out, bool bigEndian)
        : archive_(out, bigEndian ? cereal::PortableBinaryOutputArchive::Options::BigEndian()
                                  : cereal::PortableBinaryOutputArchive::Options::LittleEndian()) {}
    template <class T>
    void write(T v) {
        archive_(v);
    }
    void writeText(const std::string& s) {
        write(uint32_t(s.size()));
        archive_.saveBinary<1>(s.data(), s.size());
    }
    template <size_t Size, class T>
    void writeArray(const T* data, size_t count) {
        archive_.saveBinary<Size>(data, count * Size);
    }

  private:
    cereal::PortableBinaryOutputArchive archive_;
};

}  // namespace

Map mapFromBinary(const std::string& bytes, const std::string& name) {
    if (bytes.empty()) mapio::fail(name, "", "empty file");
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        mapio::fail(name, "",
                    "not a tilestep binary map (the file does not start with \\x89TSMAP)");
    // cereal's endianness byte: 1 little, 0 big; anything else is damage.
    if (bytes.size() == sizeof kMagic)
        mapio::fail(name, "", "the file ends early (truncated) after the magic");
    if (uint8_t(bytes[sizeof kMagic]) > 1)
        mapio::fail(name, "",
                    "bad endianness byte " + std::to_string(uint8_t(bytes[sizeof kMagic])));
    Map m;
    try {
        BinaryReader in(bytes, name);
        m = readMap(in);
    } catch (const cereal::Exception& e) {
        // Only reached if a length check above is missing: still an error, never a crash.
        mapio::fail(name, "", std::string("the file ends early (truncated): ") + e.what());
    }
    mapio::validateLoaded(m, name);
    return m;
}

std::string mapToBinary(const Map& m) {
    return mapio::toBinary(m, false);
}

std::string mapio::toBinary(const Map& m, bool bigEndian) {
    std::string problem = validateMap(m);
    if (!problem.empty()) throw MapError("cannot write an invalid map: " + problem);
    std::ostringstream out(std::ios::binary);
    out.write(kMagic, sizeof kMagic);
    {
        BinaryWriter w(out, bigEndian);
        w.write(int32_t(kMapFormatVersion));
        w.write(m.tileSize);
        w.write(m.width);
        w.write(m.height);
        w.write(m.simRate);
        w.writeText(m.tileset.image);
        w.write(m.tileset.imageCellSize);
        w.write(uint32_t(m.tileset.kinds.size()));
        for (const TileKind& k : m.tileset.kinds) {
            w.writeText(k.name);
            w.write(k.color);
            w.write(uint8_t(k.shape));
            w.write(k.passMask);
            w.write(k.imageCell);
            w.write(k.imageFlip);
        }
        // One byte per id while the tileset has at most 256 kinds: half the size.
        if (m.tileset.kinds.size() <= 256) {
            w.write(uint8_t(1));
            std::vector<uint8_t> small(m.tiles.begin(), m.tiles.end());
            w.writeArray<1>(small.data(), small.size());
        } else {
            w.write(uint8_t(2));
            w.writeArray<2>(m.tiles.data(), m.tiles.size());
        }
        for (bool horizontal : {true, false}) {
            std::vector<mapio::WallPos> walls = mapio::listWalls(m.walls, horizontal);
            w.write(uint32_t(walls.size()));
            for (const mapio::WallPos& p : walls) {
                w.write(p.x);
                w.write(p.y);
            }
        }
        w.write(uint32_t(m.brushes.size()));
        for (const Brush& b : m.brushes) {
            w.write(b.rect.x);
            w.write(b.rect.y);
            w.write(b.rect.w);
            w.write(b.rect.h);
        }
        w.write(uint32_t(m.actors.size()));
        for (const Actor& a : m.actors) {
            const MoverInfo& mi = moverInfo(a.mover);
            w.writeText(a.name);
            w.writeText(mi.id);
            w.write(a.x);
            w.write(a.y);
            w.write(a.w);
            w.write(a.h);
            const uint32_t set = setParams(a);
            w.write(uint32_t(__builtin_popcount(set)));
            for (int i = 0; i < mi.paramCount; ++i) {
                if (!(set & paramBit(i))) continue;
                w.writeText(mi.params[i].name);
                w.write(a.params[size_t(i)].raw);
            }
        }
    }
    return out.str();
}

}  // namespace ts
