// Helpers shared by the test suites: temporary folders, file I/O, running the CLI.
#pragma once
#include <string>
#include <vector>

#include "map/map.h"

namespace ts::test {

// A fresh empty folder under the system temp dir, unique per call.
std::string tempDir();
std::string readFile(const std::string& path);
void writeFile(const std::string& path, const std::string& bytes);
std::string sourcePath(const std::string& rel);  // a path inside the source tree
// The sample maps in maps/ (*.json), sorted by path.
std::vector<std::string> sampleMapPaths();

struct CommandResult {
    int exitCode = -1;
    std::string out, err;
};
// Runs a shell command line (no redirections of its own) with stdin from /dev/null and
// returns its exit code, stdout and stderr.
CommandResult runShell(const std::string& command);
// Runs the built `tilestep` binary with the given shell-quoted arguments.
CommandResult runTilestep(const std::string& args);

// An actor with the mover's default parameters.
Actor makeActor(const std::string& name, MoverKind kind, int64_t x, int64_t y, int32_t w,
                int32_t h);

// Builds a map from rows of characters: '.' empty, '#' solid, '/' slope45_right,
// '\\' slope45_left, '=' one-way platform (UP|LEFT|RIGHT), 'a'/'b' slope22 right low/high,
// 'c'/'d' slope22 left high/low (reading left to right: c then d descends).
Map mapFromRows(const std::vector<std::string>& rows, int tileSize = 16);

// A stream socket connected to the Unix socket PATH, trying every 100 ms for up to `tries`
// times while the program that listens there starts; -1 when it never answers.
int connectUnixSocket(const std::string& path, int tries = 100);

}  // namespace ts::test
