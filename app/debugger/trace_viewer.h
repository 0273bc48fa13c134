// The window of `tilestep view`: the editor with the debugger showing a recorded trace.
#pragma once

#include "cli/view_request.h"

namespace ts {

// Opens the window on the checked request (interactive, or one screenshot); exit code.
int runTraceViewer(cli::ViewRequest& request);

}  // namespace ts
