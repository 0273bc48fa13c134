/* Walks like the others and prints a line each step (printf debugging, as users do); when the
 * jump key is pressed it misbehaves as $TILESTEP_TEST_MISBEHAVE says:
 *   abort       calls abort() (the report names the line below, not libc's)
 *   fork        forks a child that writes its pid to $TILESTEP_TEST_PIDFILE and sleeps
 *   sleep       blocks for a minute (no CPU time used)
 *   closeblock  closes its connection to tilestep (descriptor 3) and then blocks, signals
 *               blocked
 *   spinthread  starts a thread that spins for ever, then blocks for 3 s (no CPU time used)
 *   exit        calls exit(4) (the report names the line below)
 *   closeexit   closes its connection to tilestep, then calls exit(3)
 *   quickexit   calls _exit(3) (no atexit handler runs: the host cannot say why it ended)
 *   blockspin   blocks every signal, then spins for ever (the host's timers cannot stop it)
 *   recurse     recurses without end (a stack overflow)
 *   nullwrite   writes through a null pointer
 * With $TILESTEP_TEST_MISBEHAVE_AT_X = N it misbehaves instead when the step starts at x >= N
 * px, whatever the keys (a bug met by walking there, stepped ahead with the keys held).
 * Built with -g: tilestep names this file and line. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin_common.h"

static void* spin(void* arg) {
    volatile int64_t n = 0;
    (void)arg;
    for (;;) ++n;
    return NULL;
}

/* Deep enough to overflow any stack; the volatile array keeps the frames from being merged. */
static int recurse(int depth) {
    volatile char frame[256];
    frame[0] = (char)depth;
    return depth > (1 << 30) ? frame[0] : recurse(depth + 1) + frame[0];
}

static void misbehave(void) {
    const char* how = getenv("TILESTEP_TEST_MISBEHAVE");
    if (!how) return;
    if (strcmp(how, "abort") == 0) {
        abort(); /* the aborting line */
    } else if (strcmp(how, "fork") == 0) {
        const pid_t child = fork();
        if (child == 0) {
            FILE* f = fopen(getenv("TILESTEP_TEST_PIDFILE"), "w");
            if (f) fprintf(f, "%d\n", (int)getpid()), fclose(f);
            for (;;) pause();
        }
        for (;;) pause(); /* until killed: the child must not outlive the host */
    } else if (strcmp(how, "sleep") == 0) {
        sleep(60); /* the sleeping line */
    } else if (strcmp(how, "spinthread") == 0) {
        pthread_t t;
        pthread_create(&t, NULL, spin, NULL);
        sleep(3);
    } else if (strcmp(how, "closeblock") == 0) {
        sigset_t all; /* deaf to the host's own timers too */
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, NULL);
        close(3);
        sleep(60);
    } else if (strcmp(how, "exit") == 0) {
        exit(4); /* the exiting line */
    } else if (strcmp(how, "closeexit") == 0) {
        close(3);
        exit(3);
    } else if (strcmp(how, "quickexit") == 0) {
        _exit(3);
    } else if (strcmp(how, "blockspin") == 0) {
        sigset_t all;
        volatile int64_t n = 0;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, NULL);
        for (;;) ++n;
    } else if (strcmp(how, "recurse") == 0) {
        printf("depth %d\n", recurse(0));
    } else if (strcmp(how, "nullwrite") == 0) {
        int* volatile nowhere = NULL;
        *nowhere = 1;
    }
}

static void step(const ts_mover_state* in, ts_mover_state* out, uint32_t keys, const ts_fix* p,
                 const ts_world* w, const ts_draw* d) {
    (void)w;
    (void)d;
    printf("stepping from x=%lld\n", (long long)in->x);
    walk(in, out, keys, p);
    const char* atX = getenv("TILESTEP_TEST_MISBEHAVE_AT_X");
    if (atX ? in->x >= (ts_fix)atoll(atX) * 65536 : (keys & TS_KEY_J) != 0) misbehave();
}

static const ts_mover_plugin kPlugin = {TS_MOVER_ABI_VERSION,
                                        sizeof(ts_mover_plugin),
                                        "misbehave",
                                        "Misbehave",
                                        0,
                                        1,
                                        kTestParams,
                                        0,
                                        NULL,
                                        NULL,
                                        step,
                                        0,
                                        NULL};

const ts_mover_plugin* tilestep_mover_plugin(void) {
    return &kPlugin;
}
