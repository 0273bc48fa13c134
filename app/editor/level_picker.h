// Opening an LDtk project that holds several levels: instead of silently taking the first,
// the editor lists them (name, size in cells, entities) and opens the one the user picks.
#pragma once
#include <string>

#include "editor/editor_state.h"

namespace ts {

// Opens PATH (openPath); an LDtk project with more than one level shows the level picker
// first. A project that cannot be listed goes to openPath, which shows the error.
void openChoosingLevel(EditorState& s, const std::string& path);

// The picker's modal ("Choose level"); call once per frame. Up / Down move the choice,
// Enter or a double click opens it, Escape cancels.
void levelPickerDialog(EditorState& s);

}  // namespace ts
