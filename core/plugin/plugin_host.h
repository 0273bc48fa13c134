// The plugin host: the process a mover plugin's code runs in (tilestep-plugin-host, built
// next to tilestep; core/plugin/host/host_main.cpp). tilestep starts one per loaded build
// (plugin_host_client.h) and talks to it over a socket (detail/plugin_wire.h); the plugin
// can crash it, exit it or make it run out of memory without taking tilestep down.
//
// The host loads the library open on fd 4 (tilestep opened it; a rebuild at the same path
// does not change it), sends its descriptor, then answers world, init and step messages on
// fd 3 until tilestep closes the socket. A fatal signal, exit() or a memory allocation
// failure inside the plugin is sent back as one line (the signal, and the function and
// file:line of the plugin's frame when it was built with -g) before the host ends. Its
// address space is limited to $TILESTEP_PLUGIN_MEMORY_MB MiB (default 4096).
#pragma once

namespace ts {

// argv: [0] program, [1] the plugin's path (for messages), [2] tilestep's process id.
int runPluginHost(int argc, char** argv);

}  // namespace ts
