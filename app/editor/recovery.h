// The recovery copy of unsaved work in the config folder (one slot per running editor:
// recovery_slot.h); the dialog that offers it is among the file dialogs (file_dialogs.cpp).
#pragma once

#include "editor/editor_state.h"

namespace ts {

// Every 30 s while the map has unsaved changes: a copy in the config folder. Removed once
// the map is saved or closed clean. The next start offers it (see offerRecovery).
void updateRecovery(EditorState& s, double now);
// Writes the recovery copy at once when the map has changes not in it (before running code
// that may take the editor down: loading a plugin build). True when the map is safe: saved,
// or in the recovery copy; false when there is no slot or the write failed (message shown).
bool writeRecoveryNow(EditorState& s);
void offerRecovery(EditorState& s);
// The offer's Recover: the map's own file reopened as it was (an imported Tiled or LDtk map
// through its import, so that Save writes it back in place) with the recovered work on top
// as one undo step. When that file cannot be reopened so, the work is recovered untitled and
// no save may write over that file (EditorState::noSaveOver; the status note says why).
// Throws MapError when the copy itself cannot be read.
void recoverCopy(EditorState& s);

}  // namespace ts
