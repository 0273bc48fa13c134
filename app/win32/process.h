// What a Windows process needs before tilestep's own code runs (app/main.cpp):
//   - argv as UTF-8, from the UTF-16 command line (the C runtime's argv is in the ANSI code
//     page, which cannot spell most non-ASCII file names);
//   - stdin, stdout and stderr in binary mode, so that traces, maps written to "-" and
//     messages are the same bytes as on Linux (text mode would turn "\n" into "\r\n").
#pragma once
#ifdef _WIN32

namespace ts::win32 {

void prepareProcess(int* argc, char*** argv);
// For the editor: when Windows made a console for this process alone (tilestep.exe
// double-clicked in Explorer), closes it, so that only the window stays on screen. Started
// from a terminal, the console is the terminal's and stays.
void closeOwnConsole();

}  // namespace ts::win32
#endif
