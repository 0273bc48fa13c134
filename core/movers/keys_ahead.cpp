#include "movers/keys_ahead.h"

namespace ts {

namespace {
thread_local const KeysAhead* t_keysAhead = nullptr;
thread_local size_t t_actor = 0;
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

void setSteppingActor(size_t actor) {
    t_actor = actor;
}

}  // namespace ts
