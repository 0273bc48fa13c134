// The headless sub-commands: validate, info, convert, run, help. They never open a window.
#pragma once

namespace ts {

// True for "validate", "info", "convert", "run", "help", "--help", "-h" and any argument
// that is not a map path or an editor flag (so that unknown commands get a clear error).
bool isCliCommand(const char* arg);
// Runs argv[1] as a command; returns the process exit code (0 ok, 1 failure, 2 usage).
int runCli(int argc, char** argv);

}  // namespace ts
