#include "debugger/plugin_rebuild_watch.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>

#include "debugger/reload_log.h"
#include "edit/plugin_reload_edit.h"
#include "editor/recovery.h"
#include "plugin/plugin_registry.h"

namespace ts {

bool PluginRebuildWatch::load(const std::vector<std::string>& paths, std::string* error) {
    if (paths.empty()) return true;
    // Through temporary copies, as every reload: the paths stay free for the next builds.
    std::vector<MoverKind> kinds;
    if (!loadPluginMovers(paths, true, &kinds, error)) return false;
    for (size_t i = 0; i < paths.size(); ++i)
        plugins_.push_back(Watched{kinds[i], PluginFileWatch(paths[i])});
    // One watchdog watches the UI thread's simulation: it sees every plugin's steps there.
    watchdog_ = std::make_unique<StepWatchdog>(stepLimitMs_, [this](const std::string& m) {
        // The UI thread is stuck inside the plugin's step, the only code that runs there now,
        // and a step never touches the editor's document: reading the map from this thread to
        // write the recovery copy races with nothing. (The step's entry was marked on an
        // atomic that this monitor thread read, so the map's last edits are visible here.)
        std::string what;
        EditorState* s = recoverOnHang_.load();
        if (s && s->doc.dirty()) {
            bool saved = false;
            try {
                saved = writeRecoveryNow(*s);
            } catch (...) {
            }
            what = saved ? " (unsaved changes are in the recovery copy, offered at the next start)"
                         : " (unsaved changes are lost: the recovery copy could not be written)";
        }
        const std::string line = "tilestep: " + m + "; the editor stops" + what + "\n";
        ssize_t ignored = ::write(2, line.data(), line.size());
        (void)ignored;
        ::_exit(1);
    });
    watchdog_->setFaultReport([this](const std::string& m) {
        std::lock_guard<std::mutex> lock(faultsMutex_);
        faults_.push_back(m);
    });
    watchdog_->setFrameSource(
        [this] { return session_ ? session_->dbg.timeline().sim().frame() : int64_t(-1); });
    return true;
}

namespace {

std::time_t fileTime(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
}

}  // namespace

void PluginRebuildWatch::showFaults(EditorState& s, DebugSession& d) {
    std::vector<std::string> faults;
    {
        std::lock_guard<std::mutex> lock(faultsMutex_);
        faults.swap(faults_);
    }
    if (!faults.empty()) {
        for (const std::string& f : faults) std::fprintf(stderr, "tilestep: %s\n", f.c_str());
        std::string m = faults[0];
        if (faults.size() > 1) m += " (and " + std::to_string(faults.size() - 1) + " more)";
        d.message = m +
                    "; the frames before it stay steppable; the next step, Restart plugin "
                    "(Ctrl+Shift+R) or a rebuild starts the plugin again";
        d.messageIsError = true;
        setMessage(s, d.message);
    }
}

void PluginRebuildWatch::update(EditorState& s, DebugSession& d) {
    session_ = &d;
    dropStaleMessage(s, d);
    showFaults(s, d);
    const double now =
        std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (plugins_.empty() || (lastPoll_ >= 0 && now - lastPoll_ < 0.25)) return;
    lastPoll_ = now;
    std::vector<const Watched*> changed;
    for (Watched& p : plugins_)
        if (p.watch.poll()) changed.push_back(&p);
    if (changed.empty()) return;
    // Before any new code runs: a build that takes the editor down loses nothing.
    const bool safe = writeRecoveryNow(s);
    // A snag hunt's thread may be stepping the build about to be replaced: it ends first (its
    // findings so far are kept, marked cancelled; Re-check replays them on the new build).
    const bool huntStopped = d.hunt.stop();
    if (huntStopped) pollSnagHunt(d);
    for (const Watched* p : changed) {
        // A new parameter list: the map's actors follow by name, as one undo step. A drag in
        // progress ends first, so that its step and this one stay apart.
        const auto editMap = [&](const ReloadOutcome& r) {
            if (CommandPtr edit = pluginReloadEdit(s.doc.map(), p->kind, r.previous, r.current)) {
                s.doc.endStroke();
                s.panelStroke = false;  // a panel drag goes on as a new step
                applyEdit(s, std::move(edit));
            }
        };
        const uint64_t revision = s.doc.revision();
        const ReloadOutcome r = d.dbg.reloadPlugin(p->kind, p->watch.path(), stepLimitMs_, editMap);
        // The debugger re-simulated with the edited map already.
        if (d.seenRevision == revision) d.seenRevision = s.doc.revision();
        std::fprintf(stderr, "tilestep: %s\n", r.message.c_str());
        setMessage(s, r.message + (safe ? "" : " (no recovery copy could be written)") +
                          (huntStopped ? " (the snag hunt was cancelled first)" : ""));
        editorReloadLog().add(
            reloadLogEntry(p->watch.path(), fileTime(p->watch.path()), r, std::time(nullptr)));
        // A failed reload replaces a success's text, which no longer describes the build.
        d.message = r.message;
        d.messageIsError = !r.installed;
        shownMessage_ = r.message;
        shownRevision_ = s.doc.revision();
    }
}

void PluginRebuildWatch::dropStaleMessage(const EditorState& s, DebugSession& d) {
    // An undo (or any edit) after the reload: its text may name a build no longer in place.
    if (shownMessage_.empty() || s.doc.revision() == shownRevision_) return;
    if (d.message == shownMessage_) d.message.clear();
    shownMessage_.clear();
}

}  // namespace ts
