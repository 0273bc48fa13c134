// The debugger panel's sections while it shows a recorded trace (`tilestep view`): the
// recorded actors, the inspector of the recorded state line, the ghost trace. No keys, no
// logs, no tuning: the recording is what the game did.
#pragma once
#include <string>
#include <vector>

#include "debugger/debugger_ui.h"

namespace ts {

// Picking an actor here selects it on the canvas too (one selection, as in the editor).
void recordedActorsSection(EditorState& s, DebugSession& d);
void recordedInspectorSection(DebugSession& d);
void recordedGhostSection(DebugSession& d);
// Plots of the selected actor's own numeric fields (coyote, air_frames...) over the plots'
// frames, after the common x, y, vx, vy, grounded plots.
void recordedFieldPlots(DebugSession& d);
// One plot of a mover's own field, the editor's and view's alike: values the mover reads in
// words (`words[i]`, "jumped (1073741824)") are drawn at the top of the others' range, not at
// their own number, which would flatten every other value. `v` is changed to that.
void ownFieldPlot(const std::string& key, std::vector<float>& v, const std::vector<bool>& words,
                  const std::string& label);
// The timeline bar's status text: trace file, recorded frame number.
void recordedBarStatus(const DebugSession& d);

}  // namespace ts
