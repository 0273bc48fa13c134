#include "editor/ui_font.h"

namespace ts {

const char* const kUiFontSource = "Debian package fonts-dejavu-core";

std::string uiFontPath() {
    return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}

}  // namespace ts
