// The keys of the frames after the one being stepped, where the caller knows them (the
// Timeline replaying a recording), and which actor a Sim is stepping (for those keys, and for
// a plugin's fault report to name it). A mover that costs a
// round trip per call (a plugin in its host process, core/plugin/plugin_host_client.h) steps
// the frames ahead in the same call and keeps the results for when they are asked for; the
// built-in models ignore both. Per thread.
#pragma once
#include <cstddef>

#include "movers/mover.h"

namespace ts {

class KeysAhead {
  public:
    virtual ~KeysAhead() = default;
    // Writes the keys of `actor` in the frames after the one being stepped to out[0..n) and
    // returns n (at most max; fewer where the known keys end).
    virtual int keysAfter(size_t actor, InputBits* out, int max) const = 0;
};

// Null when nobody said.
const KeysAhead* keysAhead();
// Installs `k` on this thread while it lives.
class KeysAheadScope {
  public:
    explicit KeysAheadScope(const KeysAhead* k);
    ~KeysAheadScope();
    KeysAheadScope(const KeysAheadScope&) = delete;
    KeysAheadScope& operator=(const KeysAheadScope&) = delete;

  private:
    const KeysAhead* previous_;
};

// The actor a Sim is stepping or spawning on this thread (Sim sets it): its index, and its
// name for messages (null outside a Sim's step or spawn).
size_t steppingActor();
const char* steppingActorName();
void setSteppingActor(size_t actor, const char* name = nullptr);

}  // namespace ts
