// The ignore list kept beside a map: findings a developer has looked at and accepted (a lip
// the level means to have), which `tilestep hunt` and the editor's Snag hunt leave out.
//
// File: MAP's own path plus ".snagignore" (maps/level.json -> maps/level.json.snagignore):
// the whole name, so level.json and level.tmx do not share a list, and the list sorts and
// travels next to its map in version control. Text, one SnagFinding::key() per line
// ("lip|hero|brush #3 at (40,96) 2x16|2"); lines starting with '#' are comments (a key never
// starts with '#', while feature texts may hold one, so comments take whole lines); blank lines
// and trailing spaces are ignored. A missing file is an empty list.
#pragma once
#include <string>
#include <vector>

#include "hunt/hunt.h"

namespace ts {

std::string ignoreListPath(const std::string& mapPath);

// The keys of a list's text, in file order.
std::vector<std::string> parseIgnoreList(const std::string& text);
// Reads `path` (missing: an empty list, true). False with *error ("PATH: cannot read").
bool loadIgnoreList(const std::string& path, std::vector<std::string>* keys, std::string* error);

// The text with f's key appended under a comment line ("# stuck hero frame 12: COMMENT"); the
// text as it was when the key is already there.
std::string ignoreListWith(const std::string& text, const SnagFinding& f,
                           const std::string& comment);
// The text without the lines of `key` (and the comment line right above each).
std::string ignoreListWithout(const std::string& text, const std::string& key);

// Adds / removes one finding in the file at `path`, written atomically. False with *error.
bool addToIgnoreList(const std::string& path, const SnagFinding& f, const std::string& comment,
                     std::string* error);
bool removeFromIgnoreList(const std::string& path, const std::string& key, std::string* error);

// Findings whose key is in `keys` are removed from *findings; returns how many.
size_t dropIgnored(const std::vector<std::string>& keys, std::vector<SnagFinding>* findings);

}  // namespace ts
