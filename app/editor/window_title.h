// The window's title: the document's name, whether it has unsaved changes, its folder.
#pragma once
#include <string>

#include "editor/editor_state.h"

namespace ts {

// "level.json *  (maps) - tilestep"
std::string windowTitle(const EditorState& s);

}  // namespace ts
