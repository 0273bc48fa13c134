// New, Open, Save, Save As, Import, Export, Quit, recovery: the file side of the editor, with the
// dialogs that ask for paths and confirm throwing away unsaved changes.
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

// Loads `path` into the document; on failure shows the error and keeps the current map.
bool openPath(EditorState& s, const std::string& path);

// The modal dialogs; call once per frame.
void fileDialogs(EditorState& s);

// Every 30 s while the map has unsaved changes: a copy in the config folder. Removed once
// the map is saved or closed clean. The next start offers it (see offerRecovery).
void updateRecovery(EditorState& s, double now);
// Writes the recovery copy at once when the map has changes not in it (before running code
// that may take the editor down: loading a plugin build). True when the map is safe: saved,
// or in the recovery copy; false when there is no slot or the write failed (message shown).
bool writeRecoveryNow(EditorState& s);
void offerRecovery(EditorState& s);

// "tilestep - level.json *"
std::string windowTitle(const EditorState& s);

}  // namespace ts
