// The modal dialogs of the file side (New, Open, Save As, Import, Export, Resize, unsaved
// changes, errors, the recovery offer, the tileset image): one open at a time, each finishing
// with the steps of file_steps.h.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "edit/map_edits.h"
#include "editor/file_actions.h"
#include "editor/file_steps.h"
#include "editor/level_picker.h"
#include "editor/recovery.h"
#include "io/foreign_maps.h"
#include "io/layer_choices.h"
#include "io/map_formats.h"
#include "io/map_io.h"

namespace ts {

namespace fs = std::filesystem;
using namespace files;

namespace {

constexpr const char* kConfirmTitle = "Unsaved changes";
constexpr const char* kErrorTitle = "Error";

// Path field + folder listing. `exts` filters the files listed (".json|.tsmap"). Returns
// true when the user accepts a path (button, Enter or double-click).
bool pathPicker(Dialogs& d, const char* exts, const char* acceptLabel) {
    bool accept = false;
    ImGui::TextDisabled("%s", d.folder.c_str());
    if (ImGui::Button("Up")) {
        fs::path parent = fs::path(d.folder).parent_path();
        if (!parent.empty()) d.folder = parent.string();
    }
    ImGui::SameLine();
    ImGui::TextDisabled("folders, then %s files", exts);
    ImGui::BeginChild("listing", ImVec2(ui(520), ui(260)), true);
    std::error_code ec;
    std::vector<fs::directory_entry> dirs, files;
    for (fs::directory_iterator it(d.folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (it->is_directory(ec)) {
            dirs.push_back(*it);
        } else if (std::string(exts).find(it->path().extension().string()) != std::string::npos &&
                   !it->path().extension().empty()) {
            files.push_back(*it);
        }
    }
    auto byName = [](const fs::directory_entry& a, const fs::directory_entry& b) {
        return a.path().filename() < b.path().filename();
    };
    std::sort(dirs.begin(), dirs.end(), byName);
    std::sort(files.begin(), files.end(), byName);
    for (const auto& e : dirs) {
        std::string label = e.path().filename().string() + "/";
        if (ImGui::Selectable(label.c_str())) d.folder = e.path().string();
    }
    for (const auto& e : files) {
        std::string full = e.path().string();
        if (ImGui::Selectable(e.path().filename().string().c_str(), d.path == full,
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            d.path = full;
            if (ImGui::IsMouseDoubleClicked(0)) accept = true;
        }
    }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(ui(440));
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();  // type a path at once
    if (ImGui::InputText("##path", &d.path, ImGuiInputTextFlags_EnterReturnsTrue)) accept = true;
    ImGui::SameLine();
    if (ImGui::Button(acceptLabel)) accept = true;
    return accept && !d.path.empty();
}

// Opens one modal at a time: ImGui replaces an open popup by one opened at the same level,
// so a request made while another dialog is up (an error while the recovery offer is shown)
// waits until that one is answered.
void openIfRequested(const EditorState& s, bool& flag, const char* title) {
    if (!flag || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
        return;
    ImGui::OpenPopup(title);
    flag = false;
    if (s.verbose) {
        std::printf("dialog %s\n", title);  // tests wait for this line
        std::fflush(stdout);
    }
}

// The collision layer of a Tiled / LDtk map: a list of the selected file's layers, and the
// field (a name, or "#N" for the N-th of several with one name).
void collisionLayerField(Dialogs& d, const char* label) {
    std::string path = d.path;
    if (!path.empty() && fs::path(path).is_relative()) path = (fs::path(d.folder) / path).string();
    if (path != d.layersOf) {
        d.layersOf = path;
        d.layerChoices.clear();
        std::error_code ec;
        if (interop::isImportPath(path) && fs::is_regular_file(path, ec)) {
            try {
                d.layerChoices = interop::collisionLayerChoices(path);
            } catch (const std::exception&) {
                // Open says what is wrong with the file; the field still takes a name.
            }
        }
    }
    ImGui::SetNextItemWidth(ui(200));
    const char* preview = d.collisionLayer.empty() ? "(default)" : d.collisionLayer.c_str();
    if (ImGui::BeginCombo("##layers", preview)) {
        if (ImGui::Selectable("(default)", d.collisionLayer.empty())) d.collisionLayer.clear();
        for (size_t i = 0; i < d.layerChoices.size(); ++i) {
            const std::string value = interop::collisionLayerOption(d.layerChoices, i);
            const std::string item =
                value == d.layerChoices[i] ? value : d.layerChoices[i] + " (" + value + ")";
            ImGui::PushID(int(i));
            if (ImGui::Selectable(item.c_str(), d.collisionLayer == value))
                d.collisionLayer = value;
            ImGui::PopID();
        }
        if (d.layerChoices.empty()) ImGui::TextDisabled("select a Tiled or LDtk map first");
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ui(160));
    ImGui::InputText(label, &d.collisionLayer);
    ImGui::TextDisabled(
        "(default): the layer named \"collision\" (or collisions, solid, ...), "
        "else the first (docs/interop.md)");
}

void centreNextWindow() {
    ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

bool cancelButton() {
    ImGui::SameLine();
    return ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
}

void newDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openNew, "New map");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("New map", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::InputInt("Width (tiles)", &d.newW);
    ImGui::InputInt("Height (tiles)", &d.newH);
    ImGui::InputInt("Tile size (px)", &d.newTile);
    d.newW = std::clamp(d.newW, 1, int(kMaxMapTiles));
    d.newH = std::clamp(d.newH, 1, int(kMaxMapTiles));
    d.newTile = std::clamp(d.newTile, int(kMinTileSize), int(kMaxTileSize));
    if (ImGui::Button("Create")) {
        s.doc.replace(Map::blank(d.newW, d.newH, d.newTile), "");
        s.disk.clear();
        s.noSaveOver.clear();
        clearTiledArt(s.tiledArt);
        s.selectedActor = s.selectedBrush = -1;
        s.fitRequested = true;
        ImGui::CloseCurrentPopup();
    }
    if (cancelButton()) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void openDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openOpen, "Open map");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Open map", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    bool accept = pathPicker(d, mapExtensionFilter(false).c_str(), "Open");
    collisionLayerField(d, "Collision layer (Tiled, LDtk)");
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        ImGui::CloseCurrentPopup();
        openChoosingLevel(s, d.path);
    }
    ImGui::EndPopup();
}

// File > Import...: only Tiled and LDtk maps, always into an untitled document (the file
// imported is never a save target), with the choice of collision layer.
void importDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openImport, "Import map");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Import map", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextDisabled("Tiled (.tmx, .tmj) or LDtk (.ldtk): opens as an untitled map");
    bool accept = pathPicker(d, mapExtensionFilter(false, true).c_str(), "Import");
    collisionLayerField(d, "Collision layer");
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        std::string path = d.path;
        if (fs::path(path).is_relative()) path = (fs::path(d.folder) / path).string();
        ImGui::CloseCurrentPopup();
        if (!interop::isImportPath(path))
            showError(s, path + ": not a Tiled (.tmx, .tmj) or LDtk (.ldtk) map");
        else
            openChoosingLevel(s, path);
    }
    ImGui::EndPopup();
}

// File > Export...: a Tiled copy (.tmx, .tmj; .tmj when no extension is given). The
// document keeps its own path and its unsaved-changes state.
void exportDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openExport, "Export map");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Export map", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextDisabled("a Tiled copy (.tmx or .tmj); the map keeps its own file");
    bool accept = pathPicker(d, mapExtensionFilter(true, true).c_str(), "Export");
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        std::string path = d.path;
        if (!mapFileFormatFor(path)) path += ".tmj";
        if (fs::path(path).is_relative()) path = (fs::path(d.folder) / path).string();
        ImGui::CloseCurrentPopup();
        if (!interop::isExportPath(path))
            showError(s, path + ": export writes Tiled maps (.tmx or .tmj)");
        else
            exportTo(s, path);
    }
    ImGui::EndPopup();
}

void saveAsDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openSaveAs, "Save map as");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Save map as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextDisabled(
        ".json is readable text, .tsmap compact binary; .tmx, .tmj export to Tiled");
    bool accept = pathPicker(d, mapExtensionFilter(true).c_str(), "Save");
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        std::string path = d.path;
        if (!hasMapExtension(path)) path += ".json";
        if (fs::path(path).is_relative()) path = (fs::path(d.folder) / path).string();
        ImGui::CloseCurrentPopup();
        if (interop::isExportPath(path))
            exportTo(s, path);
        else if (saveTo(s, path))
            doAfter(s);
    }
    ImGui::EndPopup();
}

// A read-only window's own save (EditorState::viewerSave: `tilestep view`'s recording), or
// the file it reads (viewerDrive: an input log for the live game).
void viewerSaveDialog(EditorState& s, ViewerSave& v, bool& requested) {
    Dialogs& d = s.dialogs;
    if (!v.save) return;
    const char* title = v.label.c_str();
    openIfRequested(s, requested, title);
    centreNextWindow();
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (!v.hint.empty()) ImGui::TextDisabled("%s", v.hint.c_str());
    bool accept = pathPicker(d, v.exts.c_str(), v.accept.c_str());
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        std::string path = d.path;
        const std::string ext = fs::path(path).extension().string();
        if (ext.empty() || ("|" + v.exts + "|").find("|" + ext + "|") == std::string::npos)
            path += v.defaultExt;
        if (fs::path(path).is_relative()) path = (fs::path(d.folder) / path).string();
        ImGui::CloseCurrentPopup();
        std::string message;
        if (v.save(path, &message)) {
            v.lastPath = path;
            setMessage(s, message);
        } else {
            showError(s, message);
        }
    }
    ImGui::EndPopup();
}

void resizeDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openResize, "Resize map");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Resize map", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::InputInt("Width (tiles)", &d.resizeW);
    ImGui::InputInt("Height (tiles)", &d.resizeH);
    d.resizeW = std::clamp(d.resizeW, 1, int(kMaxMapTiles));
    d.resizeH = std::clamp(d.resizeH, 1, int(kMaxMapTiles));
    ImGui::TextUnformatted("Anchor (the part of the map that stays in place)");
    for (int i = 0; i < 9; ++i) {
        if (i % 3) ImGui::SameLine();
        ImGui::PushID(i);
        bool on = int(d.anchor) == i;
        // A Selectable closes the popup it sits in unless told not to.
        if (ImGui::Selectable(on ? "[X]" : "[ ]", on, ImGuiSelectableFlags_DontClosePopups,
                              ImVec2(ui(32), ui(24))))
            d.anchor = Anchor(i);
        ImGui::PopID();
    }
    if (ImGui::Button("Resize")) {
        std::string error;
        CommandPtr cmd = resizeMap(s.doc.map(), d.resizeW, d.resizeH, d.anchor, &error);
        if (cmd) {
            applyEdit(s, std::move(cmd));
        } else {
            showError(s, error);
        }
        ImGui::CloseCurrentPopup();
    }
    if (cancelButton()) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void confirmDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openConfirm, kConfirmTitle);
    centreNextWindow();
    if (!ImGui::BeginPopupModal(kConfirmTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("Save the changes to %s first?", displayName(s).c_str());
    if (ImGui::Button("Save")) {
        ImGui::CloseCurrentPopup();
        if (s.doc.path().empty()) {
            startFolder(s);
            d.openSaveAs = true;  // doAfter runs once Save As succeeds
        } else if (saveTo(s, s.doc.path())) {
            doAfter(s);
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard changes")) {
        ImGui::CloseCurrentPopup();
        // The user threw the work away: the next start must not offer it back. (Should the
        // work stay open, e.g. a cancelled New, updateRecovery writes a fresh copy.)
        if (!d.recoveryPending) {
            s.recovery.removeCopy();
            s.recoveryRevision = 0;
        }
        doAfter(s);
    }
    if (cancelButton()) {
        d.after = Dialogs::After::None;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void errorDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openError, kErrorTitle);
    centreNextWindow();
    if (!ImGui::BeginPopupModal(kErrorTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::PushTextWrapPos(ui(560));
    ImGui::TextUnformatted(d.error.c_str());
    ImGui::PopTextWrapPos();
    // Not the Enter that accepted a path in the Open dialog this same frame.
    if (ImGui::Button("OK") ||
        (!ImGui::IsWindowAppearing() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))))
        ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void imageDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    if (d.openImage) startFolder(s);
    openIfRequested(s, d.openImage, "Tileset image");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Tileset image", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::InputInt("Cell size (px, 0 = tile size)", &d.imageCellSize);
    d.imageCellSize = std::max(0, d.imageCellSize);
    bool accept = pathPicker(d, ".png", "Use image");
    if (cancelButton()) ImGui::CloseCurrentPopup();
    if (accept) {
        ImGui::CloseCurrentPopup();
        // Stored relative to the map file so the map and its image can move together.
        std::error_code ec;
        std::string stored = imagePathFor(s, fs::absolute(d.path, ec).string(), s.doc.path());
        std::string error;
        if (CommandPtr cmd = setTilesetImage(s.doc.map(), stored, d.imageCellSize, &error)) {
            applyEdit(s, std::move(cmd));
        } else {
            showError(s, error);
        }
    }
    ImGui::EndPopup();
}

void recoveryDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    openIfRequested(s, d.openRecovery, "Recover unsaved work");
    centreNextWindow();
    if (!ImGui::BeginPopupModal("Recover unsaved work", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::TextUnformatted("A previous session ended with unsaved changes.");
    ImGui::Text("Map: %s", d.recoverySource.empty() ? "(never saved)" : d.recoverySource.c_str());
    // Enter recovers (the safe answer); nothing on the keyboard discards.
    if (ImGui::Button("Recover") ||
        (!ImGui::IsWindowAppearing() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))) {
        ImGui::CloseCurrentPopup();
        try {
            recoverCopy(s);
        } catch (const std::exception& e) {
            showError(s, e.what());
        }
        s.recovery.removeCopy();
        d.recoveryPending = false;
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
        s.recovery.removeCopy();
        d.recoveryPending = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// Another program changed the document's files (EditorState::disk): never written over
// silently. Reload reads them again as one undo step (Undo brings this version back).
void outsideDialog(EditorState& s) {
    Dialogs& d = s.dialogs;
    constexpr const char* kTitle = "File changed on disk";
    openIfRequested(s, d.openOutside, kTitle);
    centreNextWindow();
    if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextUnformatted("Another program changed, since it was opened or last saved:");
    for (const std::string& f : d.outsideFiles) ImGui::BulletText("%s", f.c_str());
    ImGui::TextUnformatted(s.doc.dirty() ? "This window has unsaved changes to the map."
                                         : "This window's map is as it was saved.");
    if (d.outsideOnSave) ImGui::TextUnformatted("Nothing was saved yet.");
    if (ImGui::Button("Reload")) {
        ImGui::CloseCurrentPopup();
        d.after = Dialogs::After::None;
        reloadDocument(s, false);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Read the file again; Undo brings back this window's version");
    ImGui::SameLine();
    if (ImGui::Button("Overwrite")) {
        ImGui::CloseCurrentPopup();
        d.overwriteOutside = true;
        if (saveTo(s, s.doc.path()) && d.after != Dialogs::After::None) doAfter(s);
        d.overwriteOutside = false;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Save this window's map over the changed file");
    ImGui::SameLine();
    if (ImGui::Button("Save As...")) {
        ImGui::CloseCurrentPopup();
        startFolder(s);
        d.openSaveAs = true;  // doAfter runs once Save As succeeds
    }
    if (cancelButton()) {
        ImGui::CloseCurrentPopup();
        d.after = Dialogs::After::None;
        s.disk.decline();  // asked again on Save, not on every focus
    }
    ImGui::EndPopup();
}

}  // namespace

void fileDialogs(EditorState& s) {
    newDialog(s);
    openDialog(s);
    saveAsDialog(s);
    viewerSaveDialog(s, s.viewerSave, s.dialogs.openViewerSave);
    viewerSaveDialog(s, s.viewerDrive, s.dialogs.openViewerDrive);
    importDialog(s);
    levelPickerDialog(s);
    exportDialog(s);
    resizeDialog(s);
    confirmDialog(s);
    recoveryDialog(s);
    outsideDialog(s);
    imageDialog(s);
    errorDialog(s);
}

}  // namespace ts
