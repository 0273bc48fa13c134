#include <filesystem>

#include "editor/file_steps.h"
#include "editor/window_title.h"

namespace ts {

std::string windowTitle(const EditorState& s) {
    std::string t =
        files::displayName(s) + (s.doc.dirty() ? " *" : "") + (s.readOnly ? " (read-only)" : "");
    if (!s.doc.path().empty()) {
        std::string folder = std::filesystem::path(s.doc.path()).parent_path().string();
        if (!folder.empty()) t += "  (" + folder + ")";
    }
    return t + " - tilestep";
}

}  // namespace ts
