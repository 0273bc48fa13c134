// Where the editor's UI font (DejaVu Sans) is: Debian's fonts-dejavu-core on Linux, the copy
// beside tilestep.exe in the Windows release (scripts/build-windows.sh puts it there).
#pragma once
#include <string>

namespace ts {

std::string uiFontPath();
// Where the font comes from, for the warning when it is missing.
extern const char* const kUiFontSource;

}  // namespace ts
