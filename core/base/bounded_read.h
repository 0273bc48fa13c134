// Reading a whole input file with a ceiling, so that /dev/zero, an endless pipe or a huge file
// named as a map or input log ends in a clear error instead of reading until memory runs out.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace ts {

enum class ReadResult { Ok, CannotOpen, CannotRead, TooLarge };

// Called after each chunk with everything read so far and where the new bytes begin; true
// stops reading (the content is already known to be bad, so the caller's parser will reject
// what was read with its usual message).
using StopReading = std::function<bool(const std::string& bytes, size_t newFrom)>;

// Reads all of `path` into *out, at most maxBytes. A regular file larger than that is refused
// from its size, before reading; pipes and devices are read up to the limit. On failure sets
// *problem (without the path): "cannot open: No such file or directory",
// "larger than 64 MiB, the most an input log may hold" (`what` = "an input log").
ReadResult readFileAtMost(const std::string& path, uint64_t maxBytes, const char* what,
                          std::string* out, std::string* problem, const StopReading& stop = {});

// Why `path` is not a plain file one may read, without opening it (opening a FIFO waits for
// a writer): "is a folder, not a file", "not a regular file (a FIFO)", "... (a device)",
// "... (a socket)"; "" for a regular file, a link to one, or a path that does not exist (its
// open then says so). For the files a map or a command names that must be files: traces,
// tilesets, templates, plugins. (Maps and input logs may be streamed: readFileAtMost.)
std::string regularFileProblem(const std::string& path);
// "64 MiB", "2 GiB", "1000 bytes": a limit in words.
std::string byteSizeText(uint64_t bytes);

}  // namespace ts
