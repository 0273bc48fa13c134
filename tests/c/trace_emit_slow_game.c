/* A game that traces 200 frames, 5 ms apart, to $TILESTEP_TRACE: slow enough that a viewer
 * can go away while it still sends (test_cli_record). Exits 1 when ts_trace_close reports the
 * failure, 0 when all was sent; a SIGPIPE would end it instead. Strict C99 plus POSIX. */
#define _POSIX_C_SOURCE 200112L
#include <time.h>

#include "tilestep/trace_emit.h"

int main(void) {
    ts_trace t;
    long frame;
    struct timespec pause = {0, 5000000};
    if (ts_trace_open_env(&t, NULL, 16, 60) != 0) return 2;
    ts_trace_header_end(&t);
    for (frame = 0; frame < 200; ++frame) {
        ts_trace_frame(&t, frame);
        ts_trace_actor(&t, "hero");
        ts_state_begin(&t, (double)frame, 0, 1, 0);
        ts_state_end(&t);
        nanosleep(&pause, NULL);
    }
    return ts_trace_close(&t) == 0 ? 0 : 1;
}
