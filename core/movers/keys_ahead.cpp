#include "movers/keys_ahead.h"

namespace ts {

namespace {
thread_local const KeysAhead* t_keysAhead = nullptr;
thread_local size_t t_actor = 0;
thread_local const char* t_actorName = nullptr;
}  // namespace

const KeysAhead* keysAhead() {
    return t_keysAhead;
}

KeysAheadScope::KeysAheadScope(const KeysAhead* k) : previous_(t_keysAhead) {
    t_keysAhead = k;
}

KeysAheadScope::~KeysAheadScope() {
    t_keysAhead = previous_;
}

size_t steppingActor() {
    return t_actor;
}

const char* steppingActorName() {
    return t_actorName;
}

void setSteppingActor(size_t actor, const char* name) {
    t_actor = actor;
    t_actorName = name;
}

}  // namespace ts
