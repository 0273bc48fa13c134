// The recovery copy of unsaved work: written every 30 s while the map has unsaved changes
// (and at once before a plugin build is loaded), removed once the map is saved or closed
// clean, offered at the next start (the dialog is in file_dialogs.cpp).
#include <cstdlib>

#include "editor/recovery.h"
#include <filesystem>

#include "edit/map_edits.h"
#include "editor/file_steps.h"
#include "io/foreign_maps.h"
#include "io/map_io.h"
#include "io/tiled/tiled_inplace.h"

namespace ts {

namespace {

double recoveryInterval() {
    // Tests shorten the interval; users get 30 s.
    const char* env = std::getenv("TILESTEP_RECOVERY_SECONDS");
    double v = env ? std::atof(env) : 0;
    return v > 0 ? v : 30.0;
}

// The map's own file, how it was imported, and what its files held when opened or saved.
RecoveryInfo recoveryInfo(const EditorState& s) {
    RecoveryInfo info;
    info.path = s.doc.path();
    if (info.path.empty()) return info;
    if (auto src = interop::rememberedSource(info.path)) {
        info.imported = true;
        info.collisionLayer = src->options.collisionLayer;
        info.level = src->options.level;
    }
    info.hasFiles = true;
    for (const FileStamp& f : s.disk.files()) info.files.push_back({f.path, f.exists, f.hash});
    return info;
}

bool writeRecoveryCopy(EditorState& s) {
    try {
        saveMap(s.doc.map(), s.recovery.mapPath());
        s.recovery.writeInfo(recoveryInfo(s));
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

void recoverCopy(EditorState& s) {
    namespace fs = std::filesystem;
    RecoveryInfo info;
    s.recovery.readInfo(&info);
    Map recovered = loadMap(s.recovery.mapPath());
    s.noSaveOver.clear();
    s.warnings.clear();
    clearTiledArt(s.tiledArt);
    // Reopen the original as it was opened (an imported map through the same import, so that
    // Save writes it back in place), then put the recovered map on top as one undoable step:
    // the document is then unsaved, as the work was.
    std::string problem;
    bool restored = false;
    const bool imported = !info.path.empty() && interop::isImportPath(info.path);
    if (!info.path.empty()) {
        try {
            if (imported && !info.imported) {
                problem = "the recovery copy does not say how it was imported";
            } else if (imported) {
                interop::ImportOptions options;
                options.collisionLayer = info.collisionLayer;
                options.level = info.level;
                files::importInto(s, info.path, &options);
                if (s.doc.path().empty())
                    problem = "it can no longer be saved in place";
                else
                    restored = true;
            } else {
                s.doc.replace(loadMap(info.path), info.path);
                restored = true;
            }
        } catch (const std::exception& e) {
            problem = e.what();
        }
    }
    std::error_code ec;
    if (restored) {
        // Saved as JSON, the work patches the file's own text, not the copy's.
        recovered.jsonSource = s.doc.map().jsonSource;
        files::watchDocumentFiles(s);
        // What the files held when the work was opened or saved: a change made since, while
        // no editor ran, is asked about at the first Save.
        for (const RecoveryInfo::File& f : info.files)
            s.disk.watchContent(f.path, f.exists, f.hash);
    } else if (!info.path.empty() && !imported && !fs::exists(info.path, ec)) {
        // A tilestep map that is gone: saving writes it anew.
        s.doc.replace(Map::blank(recovered.width, recovered.height, recovered.tileSize), info.path);
        s.disk.clear();
    } else {
        // Never written over: an export or a guess at the import would lose what the user's
        // file has and the map does not.
        s.doc.replace(Map::blank(recovered.width, recovered.height, recovered.tileSize), "");
        s.disk.clear();
        if (!info.path.empty()) s.noSaveOver = info.path;
    }
    applyEdit(s, std::make_unique<SwapMapEdit>("Recovered changes", std::move(recovered)));
    s.selectedActor = s.selectedBrush = -1;
    s.fitRequested = true;
    if (s.noSaveOver.empty())
        setMessage(s, "Recovered unsaved changes: save to keep them");
    else
        setMessage(s, "Recovered unsaved changes, but " + info.path + " could not be reopened (" +
                          problem + "): Save As only, never over that file");
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
