// The plugin host: the process a mover plugin's code runs in (tilestep-plugin-host, built
// next to tilestep; core/plugin/host/host_main.cpp). tilestep starts one per loaded build
// (plugin_host_client.h) and talks to it over a byte stream (detail/plugin_wire.h); the
// plugin can crash it, exit it or make it run out of memory without taking tilestep down.
//
// The host loads the build tilestep pinned (detail/host_process.h: Linux, the file open on
// fd 4, so a rebuild at the same path does not change it; Windows, a copy of the DLL named
// on its command line), sends its descriptor, then answers world, init and step messages
// (Linux: the socket on fd 3; Windows: the pipe whose handle is on its command line) until
// tilestep closes the stream. Before each step it writes the step's index in its request in a
// page tilestep reads when the host ends without a word (Linux: a memfd on fd 5). A crash (a
// fatal signal; on Windows an exception nothing handles or abort()), exit() or a memory
// allocation failure inside the plugin is sent back as one line (the signal or exception, and
// where: on Linux the function and file:line of the plugin's frame when it was built with -g, on
// Windows the DLL and the offset in it) before the host ends. Its memory is limited to
// $TILESTEP_PLUGIN_MEMORY_MB MiB (default 4096; Linux: the address space, Windows: the memory
// committed, through the host's job). On Linux a thread of the plugin's own that keeps a core busy
// is reported once on stderr. The operating system's parts: plugin_host_posix.cpp, _win32.cpp.
#pragma once

namespace ts {

// argv: [0] program, [1] the plugin's path (for messages), [2] tilestep's process id.
int runPluginHost(int argc, char** argv);

}  // namespace ts
