#include "win32/process.h"

#include <fcntl.h>
#include <io.h>
#include <windows.h>

#include <shellapi.h>  // needs <windows.h> first

#include <cstdio>
#include <string>
#include <vector>

#include "base/win32_text.h"

namespace ts::win32 {

void prepareProcess(int* argc, char*** argv) {
    ::_setmode(::_fileno(stdin), _O_BINARY);
    ::_setmode(::_fileno(stdout), _O_BINARY);
    ::_setmode(::_fileno(stderr), _O_BINARY);
    int n = 0;
    LPWSTR* wide = ::CommandLineToArgvW(::GetCommandLineW(), &n);
    if (!wide) return;
    // Kept for the life of the process, as the C runtime's argv is.
    static std::vector<std::string> text;
    static std::vector<char*> pointers;
    for (int i = 0; i < n; ++i) text.push_back(narrow(wide[i]));
    ::LocalFree(wide);
    for (std::string& t : text) pointers.push_back(t.data());
    pointers.push_back(nullptr);
    *argc = n;
    *argv = pointers.data();
}

void closeOwnConsole() {
    DWORD ids[2];
    if (::GetConsoleProcessList(ids, 2) == 1) ::FreeConsole();
}

}  // namespace ts::win32
