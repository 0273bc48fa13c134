// UTF-8 inside, UTF-16 at the Windows API's edge: paths and messages cross here. Included
// only by the *_win32.cpp files and Windows-only code (app/main.cpp), never on Linux.
#pragma once
#ifdef _WIN32
#include <string>

namespace ts::win32 {

// Invalid UTF-8 becomes U+FFFD (a path that cannot exist, so opening it fails cleanly).
std::wstring widen(const std::string& utf8);
std::string narrow(const std::wstring& utf16);
// GetLastError()'s text in English where Windows has it, without the trailing line break.
std::string errorText(unsigned long code);

}  // namespace ts::win32
#endif
