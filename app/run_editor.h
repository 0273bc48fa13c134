// The editor's command line: the editor window (app/editor/) with the visual debugger
// (app/debugger/) attached, the one place that puts the two together.
#pragma once

namespace ts {

// `tilestep [MAP] [--screenshot OUT.png] [--frames N] ...`; returns the exit code.
int runEditor(int argc, char** argv);

}  // namespace ts
