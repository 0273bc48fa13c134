// The recovery copy of unsaved work: written every 30 s while the map has unsaved changes
// (and at once before a plugin build is loaded), removed once the map is saved or closed
// clean, offered at the next start (the dialog is in file_dialogs.cpp).
#include <cstdlib>

#include "editor/recovery.h"
#include "io/map_io.h"

namespace ts {

namespace {

double recoveryInterval() {
    // Tests shorten the interval; users get 30 s.
    const char* env = std::getenv("TILESTEP_RECOVERY_SECONDS");
    double v = env ? std::atof(env) : 0;
    return v > 0 ? v : 30.0;
}

bool writeRecoveryCopy(EditorState& s) {
    try {
        saveMap(s.doc.map(), s.recovery.mapPath());
        s.recovery.writeSource(s.doc.path());
        s.recoveryRevision = s.doc.revision();
        return true;
    } catch (const std::exception& e) {
        setMessage(s, std::string("Recovery copy failed: ") + e.what());
        return false;
    }
}

}  // namespace

void updateRecovery(EditorState& s, double now) {
    // The previous session's copy stays until the user has answered the offer.
    if (!s.interactive || !s.recovery.held() || s.dialogs.recoveryPending) return;
    if (!s.doc.dirty()) {
        if (s.recoveryRevision != 0) {
            s.recovery.removeCopy();
            s.recoveryRevision = 0;
        }
        s.lastRecoveryTime = now;
        return;
    }
    // Quitting with unsaved changes means the user chose "Discard changes": no new copy.
    if (s.quit || s.doc.revision() == s.recoveryRevision ||
        now - s.lastRecoveryTime < recoveryInterval())
        return;
    s.lastRecoveryTime = now;
    writeRecoveryCopy(s);
}

bool writeRecoveryNow(EditorState& s) {
    if (!s.doc.dirty() || s.doc.revision() == s.recoveryRevision) return true;  // safe already
    // No slot, or the previous session's copy still waits for an answer: nowhere to write.
    if (!s.interactive || !s.recovery.held() || s.dialogs.recoveryPending) return false;
    return writeRecoveryCopy(s);
}

void offerRecovery(EditorState& s) {
    std::string source;
    if (s.interactive && s.recovery.hasCopy(&source)) {
        s.dialogs.recoverySource = source;
        s.dialogs.openRecovery = true;
        s.dialogs.recoveryPending = true;
    }
}

}  // namespace ts
