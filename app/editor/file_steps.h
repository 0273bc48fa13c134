// The steps that the file actions (file_actions.cpp) and their dialogs (file_dialogs.cpp)
// share: reporting an error, the folder a dialog starts in, asking about unsaved changes and
// going on afterwards, saving, exporting, importing.
#pragma once
#include <string>

#include "editor/editor_state.h"
#include "io/import_result.h"

namespace ts::files {

// The document's file name, "untitled" without one.
std::string displayName(const EditorState& s);
// The error dialog, and the same text on stderr.
void showError(EditorState& s, std::string text);
// A path dialog starts in the document's folder (else the working directory).
void startFolder(EditorState& s);
// Asks about unsaved changes, then does `after`. True when it may go on right away.
bool checkUnsaved(EditorState& s, Dialogs::After after, const std::string& path = "");
// What was asked for once the unsaved changes are answered (Dialogs::after).
void doAfter(EditorState& s);
// The tileset image path as stored for a map file at `mapPath`: relative to its folder when
// that works, else absolute. `image` is as stored for the document's current path.
std::string imagePathFor(const EditorState& s, const std::string& image,
                         const std::string& mapPath);
// Saves the document to `path`, which becomes its file. False on failure (shown).
bool saveTo(EditorState& s, const std::string& path);
// Save As to .tmx / .tmj exports a Tiled copy; the document keeps its own file and state.
bool exportTo(EditorState& s, const std::string& path);
// `p` ends in an extension of a map format the editor writes.
bool hasMapExtension(const std::string& p);
// A Tiled or LDtk map into the document (see file_actions.cpp), with the Open dialog's
// collision layer and level unless OPTIONS are given; RELOAD reads the document's own file
// again (Document::reload) instead of replacing the document.
void importInto(EditorState& s, const std::string& path,
                const interop::ImportOptions* options = nullptr, bool reload = false);
// Records what the document's files hold now (its map, an imported map's external tilesets
// and LDtk level file), after an open, a reload or a save.
void watchDocumentFiles(EditorState& s);
// The files changed on disk since: the "File changed on disk" dialog.
void askAboutOutsideChanges(EditorState& s, std::vector<std::string> files, bool onSave);

}  // namespace ts::files
