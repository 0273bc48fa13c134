/* tilestep/keys.h: the keys of an input log (L R U D J), the one definition that
 * include/tilestep/mover_plugin.h and trace_emit.h (whose poll returns the keys tilestep
 * drives a game with) share, so that a game may include both in one file. The same values as
 * tilestep's core. C99 or later, or C++. */
#ifndef TILESTEP_KEYS_H
#define TILESTEP_KEYS_H

enum { TS_KEY_L = 1, TS_KEY_R = 2, TS_KEY_U = 4, TS_KEY_D = 8, TS_KEY_J = 16 };

#endif
