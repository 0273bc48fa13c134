// Mover plugins on Windows: not supported yet. The plugin host (plugin_host.cpp,
// plugin_host_client.cpp) needs fork, socket pairs and signals, and loading in process
// (plugin_mover.cpp) needs dlopen; their Windows counterparts (CreateProcessW and pipes,
// LoadLibraryW on a copy of the DLL) are not written. Every load fails with a message that
// says so, so `--plugin` is a clear error and the built-in movers work as on Linux.
#include "plugin/plugin_host_client.h"
#include "plugin/plugin_mover.h"

namespace ts {

namespace {

std::string unsupported(const std::string& path) {
    return path + ": mover plugins are not supported on Windows yet (use tilestep's Linux build)";
}

}  // namespace

std::unique_ptr<PluginMover> PluginMover::load(const std::string& path, bool, std::string* error) {
    *error = unsupported(path);
    return nullptr;
}

std::unique_ptr<PluginMover> PluginMover::fromDescriptor(const ts_mover_plugin*,
                                                         const std::string& origin,
                                                         std::string* error) {
    *error = unsupported(origin);
    return nullptr;
}

// No PluginMover is ever made here; these keep the registry's code linking.
PluginHostClient::~PluginHostClient() = default;
PluginMover::~PluginMover() = default;
void PluginMover::unload() {}
MoverState PluginMover::spawn(const MoverState& s, const ParamValues&) const {
    return s;
}
MoverState PluginMover::step(const MoverState& s, InputBits, const ParamValues&,
                             const CollisionWorld&, Trace*) const {
    return s;
}
void PluginMover::describe(const MoverState&, ModelFields&) const {}
std::string PluginMover::lastFault() const {
    return "";
}
int64_t PluginMover::lastFaultFrame() const {
    return -1;
}
void PluginMover::restart() const {}

const char* internProbeWhy(const char*) {
    return "plugin";
}

}  // namespace ts
