#include "debugger/debugger_window.h"

namespace ts {

bool DebuggerExtension::open(EditorState& s, std::string* error) {
    session_ = std::make_unique<DebugSession>(s.doc.map());
    session_->seenRevision = s.doc.revision();
    return session_->batch.init(error);
}

DebuggerExtension& attachDebugger(EditorWindow& w) {
    auto extension = std::make_unique<DebuggerExtension>();
    DebuggerExtension& attached = *extension;
    w.extend(std::move(extension));
    return attached;
}

}  // namespace ts
