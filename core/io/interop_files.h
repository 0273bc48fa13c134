// File helpers shared by the Tiled and LDtk readers and the exporter: whole-file reads with
// errors that name the file, lexical path joins, and chunked tile layers.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/tiled/tiled_model.h"

namespace ts::interop {

// The file's bytes; throws MapError("PATH: cannot open: ...") on failure. Files above
// 256 MiB are refused (no level is that large; a device or a mistake would be).
std::string readFileBytes(const std::string& path);

std::string folderOf(const std::string& path);  // "a/b/c.tmx" -> "a/b", "c.tmx" -> "."
std::string joinPath(const std::string& folder, const std::string& rel);  // rel if absolute
// `path` (relative to the current folder or absolute) written relative to `folder`.
std::string relativeTo(const std::string& path, const std::string& folder);
bool endsWithNoCase(const std::string& s, const std::string& suffix);
// "#N" -> N: a layer or level picked by its 1-based position in file order, as the errors
// about two with the same name list them; 0 when `s` is not of that form.
size_t numberInList(const std::string& s);

// One chunk of an infinite layer, decoded.
struct Chunk {
    int64_t x = 0, y = 0, width = 0, height = 0;
    std::vector<uint32_t> gids;
};
// Merges the chunks into one rectangle (empty cells 0). Returns "" or the problem (the
// layer's bounds too large to import).
std::string mergeChunks(std::vector<Chunk>& chunks, TiledTileLayer* layer);

}  // namespace ts::interop
