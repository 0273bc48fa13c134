// "Would this output overwrite one of my inputs?" answered by file identity, not by spelling:
// `m.json`, `./m.json`, `/abs/m.json`, a symlink to it and a hard link to it are one file.
// Every command that writes a file checks its outputs here before it opens anything.
#pragma once
#include <string>
#include <vector>

namespace ts {

// True when a and b name the same file ("-" names stdout): the same device and inode once symlinks
// are followed; for a path that does not exist yet (an output about to be created), the same
// resolved folder and the same name. Paths that cannot be resolved at all (their folder is
// missing) are compared as normalised absolute paths.
bool sameFile(const std::string& a, const std::string& b);

// The identity of the existing file PATH names (symlinks followed) as text: its device and
// inode (volume and file index on Windows); "" when there is none. A file replaced by a
// rename, as every atomic save does, gets another identity with the same name.
std::string fileIdentityKey(const std::string& path);

// One file a command reads or writes, with what the user calls it in messages: "MAP",
// "--inputs", "--trace".
struct NamedFile {
    std::string role;
    std::string path;
};

// Empty when every output is a file distinct from every input and from every other output;
// else the first clash, naming both: "--trace ./m.json is the same file as MAP m.json: an
// output may not overwrite an input" (or "...: two outputs may not be one file").
// Empty paths are skipped; "-" is stdout, compared as the file it is redirected to (a
// terminal or a pipe is never an input file).
std::string findOutputClash(const std::vector<NamedFile>& inputs,
                            const std::vector<NamedFile>& outputs);

}  // namespace ts
