// New, Open, Save, Save As, Import, Export, Quit: the file side of the editor. The dialogs
// that ask for paths and confirm throwing away unsaved changes are in file_dialogs.cpp, the
// recovery copy of unsaved work in recovery.h, the window title in window_title.h.
#pragma once
#include <string>

#include "editor/editor_state.h"

namespace ts {

// Each asks first when there are unsaved changes.
void requestNew(EditorState& s);
void requestOpen(EditorState& s);
void requestOpenPath(EditorState& s, const std::string& path);
// File > Import...: a Tiled / LDtk map into an untitled document (asks first when unsaved).
void requestImport(EditorState& s);
// File > Export...: a Tiled copy; the document's path and dirty state do not change.
void requestExport(EditorState& s);
void requestQuit(EditorState& s);
// With live tuning the map lacks (s.unappliedTuning) each of these first sets s.askTuning;
// once the debugger's dialog has applied or discarded the tuning, this repeats the request.
void resumeAfterTuning(EditorState& s);
// Saves to the document's path (Save As when it has none). False on failure (shown).
bool saveDocument(EditorState& s);
void requestSaveAs(EditorState& s);
void requestResize(EditorState& s);
// A read-only window's own save (EditorState::viewerSave): the path dialog.
void requestViewerSave(EditorState& s);
void requestViewerDrive(EditorState& s);  // `view --listen`: File > Drive the game with...

// Loads `path` into the document; on failure shows the error and keeps the current map.
bool openPath(EditorState& s, const std::string& path);

// Another program's changes (EditorState::disk): called when the window regains focus. A
// document without unsaved changes reloads (a status note says so); one with changes asks:
// Reload, Overwrite, Save As or Cancel ("File changed on disk"). Save asks the same, always.
void checkOutsideChanges(EditorState& s);
// Reads the document's file again (an imported map with its own collision layer and level),
// as one undo step (Document::reload). False on failure (shown).
bool reloadDocument(EditorState& s, bool automatic);

// The modal dialogs; call once per frame.
void fileDialogs(EditorState& s);

}  // namespace ts
