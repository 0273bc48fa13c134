// The editor and visual debugger window (GLFW + OpenGL 3.3 core + Dear ImGui).
#pragma once

namespace ts {

// `tilestep [MAP] [--screenshot OUT.png] [--frames N] ...`; returns the exit code.
int runEditor(int argc, char** argv);

}  // namespace ts
