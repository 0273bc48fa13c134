#include "editor/file_actions.h"

#include <cstdio>
#include <filesystem>

#include "base/file_identity.h"
#include "edit/map_edits.h"
#include "editor/file_steps.h"
#include "io/foreign_maps.h"
#include "io/foreign_source.h"
#include "io/tiled/tiled_inplace.h"
#include "io/map_formats.h"
#include "io/map_io.h"

namespace ts {

namespace fs = std::filesystem;

namespace files {

std::string displayName(const EditorState& s) {
    return s.doc.path().empty() ? std::string("untitled")
                                : fs::path(s.doc.path()).filename().string();
}

void showError(EditorState& s, std::string text) {
    // Also on stderr: a user who started tilestep from a terminal can copy it from there.
    std::fprintf(stderr, "tilestep: %s\n", text.c_str());
    s.dialogs.error = std::move(text);
    s.dialogs.openError = true;
}

void startFolder(EditorState& s) {
    Dialogs& d = s.dialogs;
    std::error_code ec;
    if (!s.doc.path().empty()) {
        d.folder = fs::absolute(s.doc.path(), ec).parent_path().string();
        d.path = s.doc.path();
    } else {
        d.folder = fs::current_path(ec).string();
        d.path.clear();
    }
}

// Asks about unsaved changes, then does `after`. True when it may go on right away.
bool checkUnsaved(EditorState& s, Dialogs::After after, const std::string& path) {
    if (s.unappliedTuning) {
        // Live tuning the map lacks would be lost too: the debugger asks about it first
        // (keep_tuning.cpp), then resumeAfterTuning asks this again.
        s.dialogs.tuningAfter = after;
        s.dialogs.tuningAfterPath = path;
        s.askTuning = true;
        return false;
    }
    if (!s.doc.dirty()) return true;
    s.dialogs.after = after;
    s.dialogs.afterPath = path;
    s.dialogs.openConfirm = true;
    return false;
}

void doAfter(EditorState& s) {
    Dialogs& d = s.dialogs;
    Dialogs::After after = d.after;
    d.after = Dialogs::After::None;
    switch (after) {
        case Dialogs::After::New:
            d.openNew = true;
            break;
        case Dialogs::After::Open:
            startFolder(s);
            d.openOpen = true;
            break;
        case Dialogs::After::OpenPath:
            openPath(s, d.afterPath);
            break;
        case Dialogs::After::Import:
            startFolder(s);
            d.openImport = true;
            break;
        case Dialogs::After::Quit:
            s.quit = true;
            break;
        default:
            break;
    }
}

// The tileset image path as stored for a map file at `mapPath`: relative to its folder when
// that works, else absolute. `image` is as stored for the document's current path.
std::string imagePathFor(const EditorState& s, const std::string& image,
                         const std::string& mapPath) {
    std::error_code ec;
    fs::path abs(image);
    if (abs.is_relative() && !s.doc.path().empty())
        abs = fs::absolute(s.doc.path(), ec).parent_path() / abs;
    abs = fs::absolute(abs, ec).lexically_normal();
    if (mapPath.empty()) return abs.string();
    fs::path rel = abs.lexically_relative(fs::absolute(mapPath, ec).parent_path());
    return rel.empty() ? abs.string() : rel.string();
}

bool saveTo(EditorState& s, const std::string& path) {
    // `tilestep view` never writes the map it shows (nothing there offers a save).
    if (s.readOnly) {
        setMessage(s, "Read-only: view saves nothing");
        return false;
    }
    if (!s.noSaveOver.empty() && sameFile(path, s.noSaveOver)) {
        showError(s, path +
                         ": not saved: the recovered work could not be put back into this file "
                         "as it was opened; save it under another name (Save As)");
        return false;
    }
    // Another program changed the file since it was opened or saved: never written over
    // silently (Overwrite in the dialog sets overwriteOutside for this one save).
    const bool ownFile = !s.doc.path().empty() && sameFile(path, s.doc.path());
    if (ownFile && !s.dialogs.overwriteOutside) {
        std::vector<std::string> changed = s.disk.changed();
        if (!changed.empty()) {
            askAboutOutsideChanges(s, std::move(changed), true);
            return false;
        }
    }
    s.dialogs.overwriteOutside = false;
    // Save As into another folder: the image path is relative to the map file, so it must
    // follow (one undoable step) or the saved map would point next to itself.
    const Tileset& ts = s.doc.map().tileset;
    std::error_code ec;
    const bool sameFolder = !s.doc.path().empty() && fs::absolute(s.doc.path(), ec).parent_path() ==
                                                         fs::absolute(path, ec).parent_path();
    if (!ts.image.empty() && !sameFolder) {
        std::string moved = imagePathFor(s, ts.image, path);
        if (moved != ts.image) applyEdit(s, setTilesetImage(s.doc.map(), moved, ts.imageCellSize));
    }
    try {
        saveMap(s.doc.map(), path);
    } catch (const std::exception& e) {
        showError(s, e.what());
        return false;
    }
    s.doc.setPath(path);
    s.doc.markSaved();
    watchDocumentFiles(s);
    s.settings.addRecent(path);
    saveSettings(s.configDir, s.settings);
    s.recovery.removeCopy();
    s.recoveryRevision = 0;
    setMessage(s, "Saved " + path);
    return true;
}

// Save As to .tmx / .tmj exports a Tiled copy; the document keeps its own file and state.
bool exportTo(EditorState& s, const std::string& path) {
    if (!s.noSaveOver.empty() && sameFile(path, s.noSaveOver)) {
        showError(s, path +
                         ": not exported: the recovered work could not be put back into this "
                         "file as it was opened; export it under another name");
        return false;
    }
    if (!s.doc.path().empty() && sameFile(path, s.doc.path())) {
        std::vector<std::string> changed = s.disk.changed();
        if (!changed.empty()) {
            askAboutOutsideChanges(s, std::move(changed), true);
            return false;
        }
    }
    std::error_code ec;
    const std::string folder =
        s.doc.path().empty() ? "." : fs::absolute(s.doc.path(), ec).parent_path().string();
    try {
        // A Tiled document's copy (.tmx or .tmj) is its file with tilestep's changes, every
        // layer kept: exporting a new map would keep only the collision layer.
        const auto src = s.doc.path().empty() ? nullptr : interop::rememberedSource(s.doc.path());
        if (src && interop::savesInPlace(*src, path))
            interop::saveTiledInPlace(*src, s.doc.map(), path, folder);
        else
            saveMap(s.doc.map(), path, folder);
    } catch (const std::exception& e) {
        showError(s, e.what());
        return false;
    }
    const MapFileFormat* f = mapFileFormatFor(path);
    setMessage(s, "Exported " + path + " (" + (f ? f->family : "Tiled") + ")");
    return true;
}

bool hasMapExtension(const std::string& p) {
    const MapFileFormat* f = mapFileFormatFor(p);
    return f && f->canWrite;
}

}  // namespace files

using namespace files;

void requestNew(EditorState& s) {
    if (checkUnsaved(s, Dialogs::After::New)) s.dialogs.openNew = true;
}

void requestOpen(EditorState& s) {
    if (checkUnsaved(s, Dialogs::After::Open)) {
        startFolder(s);
        s.dialogs.openOpen = true;
    }
}

void requestImport(EditorState& s) {
    if (checkUnsaved(s, Dialogs::After::Import)) {
        startFolder(s);
        s.dialogs.openImport = true;
    }
}

void requestExport(EditorState& s) {
    startFolder(s);
    s.dialogs.openExport = true;
}

void requestOpenPath(EditorState& s, const std::string& path) {
    if (checkUnsaved(s, Dialogs::After::OpenPath, path)) openPath(s, path);
}

void resumeAfterTuning(EditorState& s) {
    Dialogs& d = s.dialogs;
    const Dialogs::After after = d.tuningAfter;
    d.tuningAfter = Dialogs::After::None;
    switch (after) {
        case Dialogs::After::New:
            requestNew(s);
            break;
        case Dialogs::After::Open:
            requestOpen(s);
            break;
        case Dialogs::After::OpenPath:
            requestOpenPath(s, d.tuningAfterPath);
            break;
        case Dialogs::After::Quit:
            requestQuit(s);
            break;
        default:
            break;
    }
}

void requestQuit(EditorState& s) {
    if (checkUnsaved(s, Dialogs::After::Quit)) s.quit = true;
}

bool saveDocument(EditorState& s) {
    if (s.doc.path().empty()) {
        requestSaveAs(s);
        return false;
    }
    return saveTo(s, s.doc.path());
}

void requestSaveAs(EditorState& s) {
    startFolder(s);
    s.dialogs.openSaveAs = true;
}

// Where the last one went, else the working directory (the map's folder is often a project's,
// not where a recording or an input log belongs).
static void startViewerDialog(EditorState& s, const ViewerSave& v) {
    Dialogs& d = s.dialogs;
    std::error_code ec;
    if (!v.lastPath.empty()) {
        d.folder = fs::path(v.lastPath).parent_path().string();
        d.path = v.lastPath;
    } else {
        d.folder = fs::current_path(ec).string();
        d.path.clear();
    }
}

void requestViewerSave(EditorState& s) {
    startViewerDialog(s, s.viewerSave);
    s.dialogs.openViewerSave = true;
}

void requestViewerDrive(EditorState& s) {
    startViewerDialog(s, s.viewerDrive);
    s.dialogs.openViewerDrive = true;
}

void requestResize(EditorState& s) {
    s.dialogs.resizeW = s.doc.map().width;
    s.dialogs.resizeH = s.doc.map().height;
    s.dialogs.openResize = true;
}

// Where the file's own layers are drawn (tiled_art_state.h), the import's notes on what its
// one-layer model leaves out (a tileset "shown as colours", an LDtk layer's "tiles not
// shown", a tile layer "skipped") describe nothing on screen: the art draws those tiles, and
// says itself what it cannot draw.
namespace {
bool drawnByArt(const std::string& w) {
    auto has = [&](const char* part) { return w.find(part) != std::string::npos; };
    auto starts = [&](const char* part) { return w.rfind(part, 0) == 0; };
    return has("tiles shown as colours") || has("tiles not shown") ||
           (starts("tile layer \"") && has("\": skipped (a tilestep map has one tile layer")) ||
           ((starts("Tiles layer \"") || starts("AutoLayer layer \"")) &&
            has("\": skipped (the collision layer is"));
}
}  // namespace

// A Tiled map or LDtk project opened for editing is the document's file: Save writes it back
// in place (only the collision cells, tile shapes and objects tilestep owns change:
// core/io/tiled/tiled_inplace.h, core/io/ldtk/ldtk_inplace.h), Save As to .json / .tsmap
// makes a tilestep map of it. The image path stays relative to the file's folder.
void files::importInto(EditorState& s, const std::string& path, const interop::ImportOptions* given,
                       bool reload) {
    interop::ImportOptions options;
    options.collisionLayer = given ? given->collisionLayer : s.dialogs.collisionLayer;
    options.level = given ? given->level : s.dialogs.level;
    std::error_code ec;
    const fs::path folder = fs::absolute(path, ec).parent_path();
    options.keepSource = true;
    interop::ImportResult r = interop::importMapFile(path, options, folder.string());
    interop::rememberForeignSource(r.source);
    const bool inPlace = r.source && interop::savesFromSource(*r.source, path);
    if (!inPlace && !r.map.tileset.image.empty() && fs::path(r.map.tileset.image).is_relative())
        r.map.tileset.image = (folder / r.map.tileset.image).lexically_normal().string();
    auto warn = [&](const std::string& w) {
        std::fprintf(stderr, "%s: warning: %s\n", path.c_str(), w.c_str());
        s.warnings.push_back(path + ": " + w);
    };
    s.warnings.clear();
    if (reload)
        s.doc.reload(std::move(r.map), "Reload " + fs::path(path).filename().string());
    else
        s.doc.replace(std::move(r.map), inPlace ? path : "");
    std::vector<std::string> artWarnings =
        r.source && r.source->levelIndex >= 0
            ? loadLdtkArt(s.tiledArt, path, size_t(r.source->levelIndex),
                          size_t(r.collisionLayerIndex), s.doc.map())
            : loadTiledArt(s.tiledArt, path, r.collisionLayer, s.doc.map(), r.source.get());
    for (const std::string& w : r.warnings)
        if (!s.tiledArt.art || !drawnByArt(w)) warn(w);
    for (const std::string& w : artWarnings) warn(w);
    setMessage(s,
               "Imported " + path + " (" +
                   (r.level.empty() ? std::string() : "level \"" + r.level + "\", ") +
                   "collision layer \"" + r.collisionLayer + "\"" +
                   (s.warnings.empty() ? std::string()
                                       : ", " + std::to_string(s.warnings.size()) +
                                             (s.warnings.size() == 1 ? " warning" : " warnings") +
                                             ": View > Warnings") +
                   (inPlace ? "); Save writes it back in place"
                            : "); Save As writes it as a tilestep map"));
}

bool openPath(EditorState& s, const std::string& path) {
    const bool imported = interop::isImportPath(path);
    try {
        if (imported) {
            importInto(s, path);
        } else {
            Map m = loadMap(path);
            s.doc.replace(std::move(m), path);
            s.warnings.clear();
            clearTiledArt(s.tiledArt);
        }
    } catch (const std::exception& e) {
        showError(s, e.what());
        return false;
    }
    s.selectedActor = s.selectedBrush = -1;
    s.lastStampCell.reset();
    s.fitRequested = true;
    s.noSaveOver.clear();
    watchDocumentFiles(s);
    s.settings.addRecent(path);
    saveSettings(s.configDir, s.settings);
    if (!imported) setMessage(s, "Opened " + path);
    return true;
}

void files::watchDocumentFiles(EditorState& s) {
    const std::string& path = s.doc.path();
    if (path.empty()) {
        s.disk.clear();
        return;
    }
    std::vector<std::string> files = {path};
    if (auto src = interop::rememberedSource(path)) {
        for (const std::string& t : src->tilesetFiles) files.push_back(t);
        if (!src->levelFile.empty())
            files.push_back((fs::path(src->path).parent_path() / src->levelFile).string());
    }
    s.disk.watch(files);
}

void files::askAboutOutsideChanges(EditorState& s, std::vector<std::string> changed, bool onSave) {
    s.dialogs.outsideFiles = std::move(changed);
    s.dialogs.outsideOnSave = onSave;
    s.dialogs.openOutside = true;
}

bool reloadDocument(EditorState& s, bool automatic) {
    const std::string path = s.doc.path();
    if (path.empty()) return false;
    const std::string name = fs::path(path).filename().string();
    try {
        if (interop::isImportPath(path)) {
            const auto src = interop::rememberedSource(path);
            interop::ImportOptions options;
            if (src) options = src->options;
            importInto(s, path, &options, true);
        } else {
            s.doc.reload(loadMap(path), "Reload " + name);
        }
    } catch (const std::exception& e) {
        showError(s, std::string("Reload failed: ") + e.what());
        return false;
    }
    clampSelection(s);
    watchDocumentFiles(s);
    setMessage(s, automatic ? name + " changed on disk: reloaded (Undo goes back)"
                            : "Reloaded " + path + " (Undo brings back your version)");
    return true;
}

void checkOutsideChanges(EditorState& s) {
    if (!s.interactive || s.readOnly || s.doc.path().empty() || s.doc.inStroke()) return;
    // A dialog about them already waits for an answer.
    if (s.dialogs.openOutside) return;
    switch (s.disk.onFocus(s.doc.dirty())) {
        case DiskWatch::Action::Reload:
            reloadDocument(s, true);
            break;
        case DiskWatch::Action::Ask:
            askAboutOutsideChanges(s, s.disk.lastChanged(), false);
            break;
        default:
            break;
    }
}

}  // namespace ts
