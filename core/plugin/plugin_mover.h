// A mover plugin (include/tilestep/mover_plugin.h) loaded from a shared library and adapted
// to the core's mover interface: its descriptor copied into a MoverInfo (id "plugin:NAME"),
// its step called with the collision layer as a table of C functions and the trace as a
// C drawing callback. The plugin's code runs in a plugin host process (plugin_host.h,
// plugin_host_client.h): a crash, exit() or hang there is reported as a fault of the call
// (to the StepWatchdog the call's StepContext names) and the call returns the state it was given;
// the next call starts a new host. $TILESTEP_PLUGIN_IN_PROCESS=1 loads it into tilestep's own
// process instead (benchmarks' baseline: nothing protects tilestep from it then). Registering it
// (plugin_registry.h) gives it a MoverKind, so that maps, the Sim, the Timeline and the CLI treat
// it like a built-in model.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "movers/mover.h"
#include "trace/probe_vocabulary.h"

struct ts_mover_plugin;
struct ts_mover_state;

namespace ts {

class PluginHostClient;
namespace wire {
struct Descriptor;
}

class PluginMover {
  public:
    // Loads `path` (dlopen, LoadLibraryW). With copyFirst the file is first copied to a fresh
    // temporary name and that copy is loaded, so that a rebuilt file at the same path loads as
    // new code (the dynamic loader returns the already loaded library for a path it knows;
    // on Windows every load is of a copy, which also leaves the DLL free to be rebuilt).
    // On failure returns null and sets *error to "PATH: problem": missing file, not a shared
    // library, no entry point, ABI version mismatch, a descriptor that breaks the ABI's rules,
    // an entry point that crashed or did not return within 5 s (or `limitMs`, the calls'
    // limit of the watchdog that will watch it, when longer).
    static std::unique_ptr<PluginMover> load(const std::string& path, bool copyFirst,
                                             std::string* error, int64_t limitMs = 0);
    // Adapts a descriptor that is already in memory (tests, a plugin linked in).
    static std::unique_ptr<PluginMover> fromDescriptor(const ts_mover_plugin* d,
                                                       const std::string& origin,
                                                       std::string* error);

    // Closes the library (a build that was never registered, so never stepped). Registered
    // builds are never destroyed: the registry unload()s one nothing refers to any more
    // (plugin_registry.h says when that is).
    ~PluginMover();
    PluginMover(const PluginMover&) = delete;
    PluginMover& operator=(const PluginMover&) = delete;

    const std::string& name() const { return name_; }  // "celeste"
    const std::string& id() const { return id_; }      // "plugin:celeste"
    const std::string& path() const { return path_; }  // as given to load()
    // The plugin as a mover: its functions call this build's step, describe and spawn
    // (ctx is this build). The registry numbers its own copy (plugin_registry.h).
    const MoverInfo& info() const { return info_; }

    // `sc`: the keys ahead and the actor (movers/step_context.h), for stepping ahead in the
    // host and for fault reports; its watchdog watches the call and takes its faults (without
    // one they go to stderr).
    MoverState spawn(const MoverState& s, const ParamValues& p,
                     const StepContext& sc = MoverInfo::noStepContext()) const;
    MoverState step(const MoverState& s, InputBits in, const ParamValues& p,
                    const CollisionWorld& world, Trace* trace,
                    const StepContext& sc = MoverInfo::noStepContext()) const;
    void describe(const MoverState& s, ModelFields& out) const;
    // Runs whose keys are known before any of them is stepped (the snag hunt's tasks of an
    // epoch): sent to the plugin host at once, which steps them while the caller steps the
    // ones before (PluginHostClient::stepPlanned). The steps that follow give exactly what
    // they give without it, only sooner. Nothing to do in process.
    struct PlannedRun {
        MoverState from;
        const InputBits* keys;
        int64_t frames;
    };
    // `limitMs`: each call's limit (0: the default), as StepContext::callLimitMs.
    void stepPlanned(const std::vector<PlannedRun>& runs, const ParamValues& p,
                     const CollisionWorld& world, int64_t limitMs = 0) const;
    // Messages sent to the plugin host: step requests and batches of planned runs (0 in
    // process). For tests that check the hunt batches.
    uint64_t hostStepRequests() const;
    uint64_t hostBatches() const;

    // Closes the library (dlclose, FreeLibrary): the build's code and descriptor are gone, its
    // copied names and specs (info()) stay. Only for a build that the registry does not hold and no
    // thread can still be running; step, spawn and describe must not be called after it.
    void unload();
    bool loaded() const { return desc_ != nullptr; }
    bool inProcess() const { return !host_; }
    // The last fault of a call ("crashed: SIGSEGV ... at walk.c:12"), "" when none, and the
    // frame a Sim was stepping then (-1: none).
    std::string lastFault() const;
    int64_t lastFaultFrame() const;
    // The last lines the plugin printed (stdout and stderr, oldest first; its host's, kept
    // across its restarts): for the Plugins panel. Empty in process (they go to stdout).
    std::vector<std::string> recentOutput() const;
    // "Restart plugin": ends the plugin host, whatever state the user's code left there (the
    // next call starts a new one), and forgets the last fault. Nothing to do in process.
    void restart() const;

  private:
    PluginMover() = default;
    bool adopt(const ts_mover_plugin* d, std::string* error);
    bool adoptProbeKinds(const ts_mover_plugin* d, std::string* error);
    static std::unique_ptr<PluginMover> loadInProcess(const std::string& path, bool copyFirst,
                                                      std::string* error);
    void fault(const char* call, const std::string& what, const StepContext& sc) const;
    MoverState fromAbi(const ::ts_mover_state& s) const;

    const ts_mover_plugin* desc_ = nullptr;
    void* library_ = nullptr;  // in process, its handle; null for a descriptor already in memory
    // In process, the copy loaded when it could not be removed while loaded (Windows): it is
    // removed once unloaded.
    std::string libraryCopy_;
    std::string path_, name_, id_, title_;
    struct ParamText {
        std::string name, unit, help;
    };
    std::vector<ParamText> paramText_;
    std::vector<ParamSpec> params_;
    struct Field {
        std::string name;
        int slot, type;
    };
    std::vector<Field> fields_;
    // Its declared probe kinds (empty: none declared, info_.probes is null).
    std::vector<std::string> probeKindNames_;
    std::vector<ProbeWord> probeWords_;
    ProbeVocabulary probes_;
    MoverInfo info_{};
    // Out of process: the host and the descriptor it sent.
    std::unique_ptr<PluginHostClient> host_;
    std::unique_ptr<wire::Descriptor> remote_;
    mutable std::mutex faultMutex_;
    mutable std::string lastFault_;
    mutable int64_t lastFaultFrame_ = -1;
    mutable std::atomic<bool> clampSaid_{false};
};

// `why` strings from plugins, copied once and kept for the life of the process (the Trace
// holds const char*, and a reloaded plugin's own strings are gone with its old code).
// Characters outside [A-Za-z0-9_.-] become '_' so that the trace's JSON needs no escaping;
// at most 63 characters.
const char* internProbeWhy(const char* why);

}  // namespace ts
