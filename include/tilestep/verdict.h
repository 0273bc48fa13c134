/* tilestep/verdict.h: what a probe found, the one definition that include/tilestep/
 * mover_plugin.h and trace_emit.h share, so that a game may include both in one file.
 * C99 or later, or C++. */
#ifndef TILESTEP_VERDICT_H
#define TILESTEP_VERDICT_H

typedef enum ts_verdict { TS_MISS = 0, TS_HIT, TS_PASS, TS_BLOCK, TS_INFO } ts_verdict;

#endif
