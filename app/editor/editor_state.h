// Everything the editor window shows and edits, as one explicit struct that the panels
// (plain functions, Dear ImGui style) read and change. The map itself lives in the
// Document (core/edit): every change to it is a command with undo.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "edit/edit.h"
#include "editor/config.h"
#include "editor/view.h"
#include "editor/recovery_slot.h"
#include "editor/tiled_art_state.h"
#include "io/ldtk/ldtk_import.h"

namespace ts {

enum class Tool : uint8_t {
    Stamp,
    Eraser,
    RectFill,
    Bucket,
    Eyedropper,
    Walls,
    Brushes,
    Actors,
    Inspect,  // Debug mode: a click selects an actor (EditorState::inspecting)
    Count
};
// Names, hotkeys and behaviour: the tool table, editor/tools/tool.h.

enum Layer : uint8_t {
    kLayerTiles,
    kLayerWalls,
    kLayerBrushes,
    kLayerActors,
    kLayerGrid,
    kLayerCount
};
const char* layerName(Layer l);

// A mouse drag on the canvas in progress.
struct CanvasDrag {
    enum class Kind : uint8_t {
        None,
        Paint,
        Erase,
        RectFill,
        RectErase,
        Capture,
        Walls,
        NewBrush,
        MoveBrush,
        ResizeBrush,
        MoveActor,
        Pan
    };
    Kind kind = Kind::None;
    Tool tool = Tool::Stamp;  // the tool that started it: it gets the drag and the release
    int button = 0;           // the mouse button that started it (0 left, 1 right)
    CellPos startCell, lastCell;
    int64_t startPx = 0, startPy = 0;  // map pixel where the drag began
    RectI startRect;                   // the brush or actor box when the drag began
    int64_t startX = 0, startY = 0;    // the actor's spawn when the drag began
    std::optional<WallDrag> walls;     // the Walls tool's stroke
    Handle handle = Handle::Left;
    double lastSx = 0, lastSy = 0;  // window point of the last pan step
};

// Open or Import of an LDtk project with several levels asks which one (editor/level_picker.h).
struct LevelPicker {
    bool open = false;  // show it next frame
    std::string path;   // the project
    std::vector<interop::LdtkLevelSummary> levels;
    int choice = 0;  // the level selected in the list
};

// Modal dialogs and their fields.
struct Dialogs {
    bool openNew = false, openOpen = false, openSaveAs = false, openResize = false;
    bool openError = false, openConfirm = false, openRecovery = false, openImage = false;
    bool openImport = false, openExport = false;  // File > Import..., File > Export...
    bool openViewerSave = false;                  // a read-only window's own save (ViewerSave)
    bool openViewerDrive = false;                 // `view --listen`'s File > Drive... (ViewerSave)
    bool openOutside = false;  // the document's files changed on disk (file_actions.h)
    // A dialog asked for and not yet opened: the window keeps drawing until it shows.
    bool anyToOpen() const {
        return openNew || openOpen || openSaveAs || openResize || openError || openConfirm ||
               openRecovery || openImage || openImport || openExport || openViewerSave ||
               openViewerDrive || openOutside;
    }
    std::string error;
    // What to do once unsaved changes were saved or discarded.
    enum class After : uint8_t { None, New, Open, OpenPath, Quit, Import } after = After::None;
    std::string afterPath;
    // The same, waiting for the "Keep tuned values?" answer (file_actions.h).
    After tuningAfter = After::None;
    std::string tuningAfterPath;
    // File dialog: path field and the folder it lists.
    std::string path, folder;
    int newW = 40, newH = 24, newTile = kDefaultTileSize;
    int resizeW = 0, resizeH = 0;
    Anchor anchor = Anchor::TopLeft;
    std::string recoverySource;
    bool recoveryPending = false;  // offered, not yet answered: keep the old copy
    int imageCellSize = 0;
    std::string collisionLayer;  // Open / Import of a Tiled / LDtk map: its layer, "" default
    // The picker beside it: the layers of the file `layersOf` (read when the path changes).
    std::string layersOf;
    std::vector<std::string> layerChoices;
    std::string level;  // Open / Import of an LDtk project: its level, "" the first
    LevelPicker levelPicker;
    // "Changed on disk": the files another program changed, whether Save asked (else the
    // window regained focus), and the user's Overwrite for the one save that follows.
    std::vector<std::string> outsideFiles;
    bool outsideOnSave = false;
    bool overwriteOutside = false;
};

// What a read-only window saves instead of the map (`tilestep view`: the recording, set by
// the layer that owns it, which the editor does not know): File > `label` and Ctrl+S open
// the path dialog, and `save` writes the path chosen (absolute, with an extension of `exts`
// or `defaultExt` added) and says what it did, or why it failed, in *message.
struct ViewerSave {
    std::string label;            // "Save recording as..."
    std::string exts;             // the files the dialog lists: ".jsonl|.tstrace"
    std::string defaultExt;       // added to a path without an extension of `exts` ("": none)
    std::string accept = "Save";  // the dialog's button ("Drive": the file is read, not written)
    std::string hint;             // a line in the dialog: what the extensions mean
    std::function<bool(const std::string& path, std::string* message)> save;
    std::string lastPath;  // the last path saved to: the dialog's next start
};

struct EditorState {
    Document doc;
    View view;
    Tool tool = Tool::Stamp;
    Stamp stamp = Stamp::single(1);  // what the stamp, rectangle and bucket tools paint
    uint16_t selectedKind = 1;       // the kind the tileset panel edits
    MoverKind newActorMover = MoverKind::PixelSweep;
    bool visible[kLayerCount] = {true, true, true, true, true};
    bool locked[kLayerCount] = {false, false, false, false, false};
    int selectedBrush = -1, selectedActor = -1;
    std::optional<CellPos> lastStampCell;  // for Shift+click lines
    CanvasDrag drag;
    bool spaceHeld = false;
    // Debug mode starts inspecting: a left click on the canvas selects the actor under it
    // (where the simulation has it: inspectBoxes, kept by the debugger) instead of using the
    // tool; picking a tool ends it, V or Debug mode's start brings it back.
    bool inspecting = false;
    bool debugMode = false;  // mirrors the debugger's mode, for the toolbar
    std::vector<RectI> inspectBoxes;
    bool panelStroke = false;
    float panelWidth = 0;        // the side panel's width at UI scale 1 (0: the default)
    bool draggingPanel = false;  // its left edge is being dragged (panel_splitter.h)  // a panel
                                 // widget's edits are being gathered into one step

    // Cursor over the canvas (map pixel), for the status bar and hover highlights.
    bool hoverValid = false;
    int64_t hoverPx = 0, hoverPy = 0;

    TiledArtState tiledArt;  // an imported Tiled map's other layers
    Dialogs dialogs;
    Settings settings;
    std::string configDir;
    std::string message;  // status bar note ("Saved maps/a.json", "Tiles layer is locked")
    double messageTime = 0;
    // Every warning of the last open or import ("FILE: text"), for the Warnings panel (View >
    // Warnings); the status bar note says how many.
    std::vector<std::string> warnings;
    bool showWarnings = false;

    // Live tuning the map lacks (kept by the debugger each frame): New, Open and Quit ask
    // about it first (askTuning; the debugger's "Keep tuned values?" dialog answers).
    bool unappliedTuning = false;
    bool askTuning = false;

    // `tilestep view`: a viewer of a recorded trace. The map is shown, never edited or saved:
    // the toolbar and its hotkeys offer only Inspect, the menus and keys neither save, undo
    // nor leave Debug mode, and edits and saves are refused should anything still ask.
    bool readOnly = false;
    ViewerSave viewerSave;  // none when `save` is empty
    // `view --listen`: File > Drive the game with an input log... (the same dialog, reading).
    ViewerSave viewerDrive;

    bool interactive = true;    // false for --screenshot: no hover, no recovery, no ini
    bool verbose = false;       // --verbose: also print "dialog TITLE" when a dialog opens
                                // and "tool NAME" when the tool changes
                                // and "message TEXT" when the status bar note changes
    bool logPanelText = false;  // this frame's panels log their text (logPanelText())
    bool quit = false;          // leave the main loop
    bool fitRequested = true;
    ContentShift seenShift;    // doc.contentShift() the view last followed
    float pendingUiScale = 0;  // applied between frames (fonts must be rebuilt)
    float uiScale = 1;         // in effect (saved, --scale or the monitor's): the menu marks it
    // What the edits since the renderer's last sync touched, so it need not diff the whole
    // map: valid while every change since `fromRevision` went through applyEdit/panelEdit
    // and was understood (undo, redo and unknown commands make it invalid: full diff).
    struct ChangeHint {
        uint64_t fromRevision = 0, toRevision = 0;
        int64_t rowFirst = 0, rowLast = -1;  // tile rows that may have changed
        bool walls = false;                  // walls may have changed
        bool valid = false;
    } hint;
    size_t wallCount = 0;  // kept by the renderer's sync (counting walls is O(map))

    // What the document's files held when opened or last saved: Save and a regained focus
    // notice another program's change (file_actions.h, checkOutsideChanges).
    DiskWatch disk;
    // A recovered map whose own file could not be restored as it was opened (an imported
    // map's kept document): Save As may not write over that file (the reason is shown).
    std::string noSaveOver;

    RecoverySlot recovery;  // this editor's own recovery copy, when it could take a slot
    double lastRecoveryTime = 0;
    uint64_t recoveryRevision = 0;
};

// Shared helpers the panels and the canvas use.
// A length given for UI scale 1 (13 px font), scaled like the font (panels.cpp).
float ui(float px);
void setMessage(EditorState& s, std::string text);
// Applies a command built by a core tool; remembers nothing else (the Document does).
bool applyEdit(EditorState& s, CommandPtr cmd);
// Edits from panel widgets: everything applied while one widget stays active (a drag, or
// typing into a field) becomes one undo step; endPanelEdits() closes it once no widget is.
void panelEdit(EditorState& s, const char* label, CommandPtr cmd);
void endPanelEdits(EditorState& s);
// Call after a panel's ImGui::Begin: on a --verbose screenshot's frame, the text the window
// shows goes to stdout too (ImGui's log, which ends with the window).
void logPanelText(const EditorState& s);
// Brush/actor selections past the end of their lists (after undo) are dropped.
void clampSelection(EditorState& s);

}  // namespace ts
