/* tilestep trace emitter: write a trace of your own game's movement code that
 * `tilestep view MAP TRACE.jsonl` steps through and `tilestep diff` compares.
 *
 * Single header, C99, no dependency beyond the C library (and POSIX sockets, to stream to a
 * live viewer); every function is static inline, so
 * include it wherever you need it (C, C++; Rust and Zig through their C import). The format
 * is docs/trace-format.md: JSON lines, a header first, then per frame one state line per
 * actor and any number of probe lines (what your code looked at and what it decided).
 *
 *     #include "tilestep/trace_emit.h"
 *
 *     ts_trace t;
 *     ts_trace_open_env(&t, "level1.json", 16, 60);  // where $TILESTEP_TRACE says:
 *                                                     // a file, tcp://HOST:PORT, unix:PATH
 *     ts_trace_header_actor(&t, "hero", "my_platformer", 12, 16, 0);
 *     ts_trace_header_end(&t);
 *     for (long frame = 0; frame < 600; ++frame) {
 *         ts_trace_frame(&t, frame);              // frame boundary: the lines below
 *         ts_trace_actor(&t, "hero");             // the actor the next lines are about
 *         ts_probe_point(&t, TS_HIT, "ground", x + 6, y + 16);
 *         ts_state_begin(&t, x, y, vx, vy);       // the state after this frame's step
 *         ts_state_bool(&t, "grounded", grounded);
 *         ts_state_int(&t, "coyote", coyote);
 *         ts_state_end(&t);
 *     }
 *     ts_trace_close(&t);                         // 0 when every write succeeded
 *
 * Numbers are doubles printed in the fewest digits that read back as the same double; values
 * that are whole multiples of 1/65536 read back exactly. NaN and infinities are written as
 * null, which the reader rejects with the line and field: a NaN in your movement is a bug
 * worth seeing. Strings are escaped as JSON needs. Keep the C locale for LC_NUMERIC (a
 * locale with a decimal comma would break the numbers). */
#ifndef TILESTEP_TRACE_EMIT_H
#define TILESTEP_TRACE_EMIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The socket sink needs POSIX sockets: present wherever <stdio.h> declares POSIX (glibc's and
 * the BSDs' defaults; a strict -std=c99 build defines _POSIX_C_SOURCE=200112L first). Without
 * them a tcp:// or unix: destination fails to open, as an unwritable file would. */
#if !defined(TS_TRACE_HAVE_SOCKETS)
#if defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE >= 200112L && !defined(_WIN32)
#define TS_TRACE_HAVE_SOCKETS 1
#else
#define TS_TRACE_HAVE_SOCKETS 0
#endif
#endif
#if TS_TRACE_HAVE_SOCKETS
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#ifdef MSG_NOSIGNAL
#define TS__NOSIGNAL MSG_NOSIGNAL
#else
#define TS__NOSIGNAL 0
#endif
#endif

#include "keys.h"    /* TS_KEY_L ... TS_KEY_J: the keys ts_trace_poll drives a game with */
#include "verdict.h" /* ts_verdict: what a probe found, as the core's */

#ifdef __cplusplus
extern "C" {
#endif

#define TS_TRACE_FORMAT_VERSION 1

/* A socket sink never blocks the game (docs/emitters.md, "Connecting, refusals, a slow
 * viewer"): whole frames wait in a buffer of at most this many bytes while the viewer is slow
 * or not there yet; a frame that does not fit is dropped (counted in `dropped`). */
#ifndef TS_TRACE_BUFFER_BYTES
#define TS_TRACE_BUFFER_BYTES (1u << 20)
#endif
/* A viewer not listening yet is tried again, 0.25 s after, then twice as long each time up to
 * 4 s apart, for this many seconds after the open; then the game goes on untraced. */
#ifndef TS_TRACE_RETRY_SECONDS
#define TS_TRACE_RETRY_SECONDS 60
#endif
/* A try to connect (never waiting, checked at frame boundaries) is given up after this long. */
#ifndef TS_TRACE_CONNECT_SECONDS
#define TS_TRACE_CONNECT_SECONDS 1
#endif

/* A run of frames tilestep drives with the same keys (ts_trace_poll). */
struct ts__keyrun {
    long long count;
    unsigned char keys;
};

typedef struct ts_trace {
    FILE* file;        /* the file sink, or NULL */
    int fd;            /* the socket sink (ts_trace_open_dest with tcp:// or unix:), or -1 */
    int open;          /* a sink is open: lines are written */
    unsigned len;      /* bytes waiting in buf */
    char buf[4096];    /* lines are formatted here and written out when it fills up, at each
                          frame boundary of a socket sink (a live viewer sees whole frames) and
                          on close */
    long long frame;   /* set by ts_trace_frame */
    const char* actor; /* set by ts_trace_actor; not copied: keep it alive */
    int actors;        /* header actors written so far */
    int in_line;       /* a state line is open (between ts_state_begin and _end) */
    int failed;        /* a write failed, or the calls came in a wrong order */
    /* The control channel (ts_trace_poll): what the viewer has asked for so far. */
    int ctl;         /* 0: never polled, 1: asked (waiting for hello), 2: hello got, -1: off */
    int paused;      /* frames advance only while steps > 0 */
    long long steps; /* frames still to advance while paused */
    int restart;     /* a restart asked and not yet returned */
    struct ts__keyrun* runs; /* the keys of the coming frames, as runs: malloc'd, freed by
                                ts_trace_close */
    unsigned nruns, firstrun, caprun;
    char line[256]; /* the command being read (or tilestep's refusal) */
    unsigned linelen;
    int driven;      /* this frame's keys came from tilestep: state lines carry them */
    char letters[8]; /* those keys as the input log's letters ("RJ") */
    /* The socket sink: the destination (retried until a viewer listens), the frames waiting for
       the socket (malloc'd, at most TS_TRACE_BUFFER_BYTES) and what was dropped. */
    char dest[256];
    int waiting; /* 1: no viewer yet (said on stderr), tried again at frame boundaries */
    double next_try, backoff, give_up;
    /* A try under way: a TCP connect never waits (a remote address that does not answer would
       hold the frame for the system's time-out); it is checked at frame boundaries and given up
       after TS_TRACE_CONNECT_SECONDS. */
    int cfd;         /* the socket connecting, or -1 (fd is set once it is connected) */
    void* addrs;     /* the destination's addresses (struct addrinfo*, getaddrinfo's) */
    void* next_addr; /* the next of them to try when this one fails */
    double connect_until;
    char* pend; /* whole frames to send: [sent, len) */
    size_t pend_len, pend_sent, pend_cap, frame_start;
    int frame_dropped; /* the frame being written did not fit: it is dropped at its end */
    long long dropped; /* frames dropped in all (said once on stderr, and at close) */
    size_t pend_peak;  /* the most bytes the buffer held (never over TS_TRACE_BUFFER_BYTES but
                          for the few bytes of a control line, ts__control_line) */
} ts_trace;

/* What a game does this frame (ts_trace_poll). */
typedef struct ts_control {
    int advance;   /* 1: run this frame's step; 0: paused (draw, poll again next frame) */
    int driven;    /* 1: use `keys` instead of the player's input this frame */
    unsigned keys; /* TS_KEY_ bits, when driven */
    int restart;   /* 1: restart the level now (then trace from its frame 0 or a new header) */
} ts_control;

static inline const char* ts_verdict_name(ts_verdict v) {
    switch (v) {
        case TS_MISS:
            return "miss";
        case TS_HIT:
            return "hit";
        case TS_PASS:
            return "pass";
        case TS_BLOCK:
            return "block";
        default:
            return "info";
    }
}

static inline void ts__check(ts_trace* t, int ok) {
    if (!ok) t->failed = 1;
}

/* Writes buf out: to the file, or for a socket into the frames waiting to be sent (pend),
 * unless the frame no longer fits in TS_TRACE_BUFFER_BYTES (then it is dropped whole at its
 * end, ts__frame_end). */
static inline void ts__flush(ts_trace* t) {
    if (t->len == 0) return;
    if (t->file) {
        ts__check(t, fwrite(t->buf, 1, t->len, t->file) == t->len);
    } else if (!t->frame_dropped) {
        if (t->pend_sent > 0 && t->pend_len + t->len > TS_TRACE_BUFFER_BYTES) {
            /* The bytes already sent make room: the bound counts what waits, not them (they
               stayed until half the buffer was sent, and frames were dropped with room left). */
            memmove(t->pend, t->pend + t->pend_sent, t->pend_len - t->pend_sent);
            t->pend_len -= t->pend_sent;
            t->frame_start -= t->pend_sent;
            t->pend_sent = 0;
        }
        if (t->pend_len + t->len > TS_TRACE_BUFFER_BYTES) {
            t->frame_dropped = 1;
        } else {
            if (t->pend_len + t->len > t->pend_cap) {
                size_t cap = t->pend_cap ? 2 * t->pend_cap : 16384;
                char* grown;
                while (cap < t->pend_len + t->len) cap *= 2;
                grown = (char*)realloc(t->pend, cap);
                if (!grown) {
                    t->frame_dropped = 1;
                    t->len = 0;
                    return;
                }
                t->pend = grown;
                t->pend_cap = cap;
            }
            memcpy(t->pend + t->pend_len, t->buf, t->len);
            t->pend_len += t->len;
            if (t->pend_len - t->pend_sent > t->pend_peak)
                t->pend_peak = t->pend_len - t->pend_sent;
        }
    }
    t->len = 0;
}

static inline void ts__out(ts_trace* t, const char* s, unsigned n) {
    if (!t->open) return;
    if (t->len + n > sizeof t->buf) ts__flush(t);
    if (n > sizeof t->buf) { /* longer than the buffer (a long string): in pieces */
        while (n > 0 && t->open) {
            const unsigned k = n < sizeof t->buf ? n : (unsigned)sizeof t->buf;
            ts__out(t, s, k);
            s += k;
            n -= k;
        }
        return;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static inline void ts__raw(ts_trace* t, const char* s) {
    ts__out(t, s, (unsigned)strlen(s));
}

static inline void ts__printed(ts_trace* t, const char* s, int n) {
    if (n < 0 || n >= 64) {
        t->failed = 1;
        return;
    }
    ts__out(t, s, (unsigned)n);
}

static inline void ts__string(ts_trace* t, const char* s) {
    const unsigned char* p = (const unsigned char*)(s ? s : "");
    char esc[8];
    if (!t->open) return;
    ts__out(t, "\"", 1);
    for (; *p; ++p) {
        switch (*p) {
            case '"':
                ts__out(t, "\\\"", 2);
                break;
            case '\\':
                ts__out(t, "\\\\", 2);
                break;
            case '\n':
                ts__out(t, "\\n", 2);
                break;
            case '\r':
                ts__out(t, "\\r", 2);
                break;
            case '\t':
                ts__out(t, "\\t", 2);
                break;
            default:
                if (*p < 0x20) {
                    sprintf(esc, "\\u%04x", (unsigned)*p);
                    ts__out(t, esc, 6);
                } else {
                    ts__out(t, (const char*)p, 1);
                }
        }
    }
    ts__out(t, "\"", 1);
}

static inline void ts__number(ts_trace* t, double v) {
    char text[64];
    if (!t->open) return;
    if (v != v || v - v != 0) { /* NaN or infinite: written as null (the reader rejects it) */
        ts__raw(t, "null");
        return;
    }
    /* The shortest of 15, 16 or 17 significant digits that reads back as the same double:
       40.2, not "%.17g"'s 40.200000000000003. */
    int n = 0;
    for (int digits = 15; digits <= 17; ++digits) {
        n = snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v) break;
    }
    ts__printed(t, text, n);
}

static inline void ts__integer(ts_trace* t, long long v) {
    char text[64];
    ts__printed(t, text, snprintf(text, sizeof text, "%lld", v));
}

static inline void ts__key(ts_trace* t, const char* key) {
    ts__raw(t, ",");
    ts__string(t, key);
    ts__raw(t, ":");
}

static inline void ts__num_field(ts_trace* t, const char* key, double v) {
    ts__key(t, key);
    ts__number(t, v);
}

static inline void ts__header(ts_trace* t, const char* map, int tile_size, int rate) {
    char text[64];
    ts__printed(t, text,
                snprintf(text, sizeof text, "{\"tilestep_trace\":%d", TS_TRACE_FORMAT_VERSION));
    if (map) {
        ts__key(t, "map");
        ts__string(t, map);
    }
    ts__printed(
        t, text,
        snprintf(text, sizeof text, ",\"tile_size\":%d,\"rate\":%d,\"actors\":[", tile_size, rate));
}

static inline void ts__reset(ts_trace* t) {
    t->file = NULL;
    t->fd = -1;
    t->open = 0;
    t->len = 0;
    t->frame = 0;
    t->actor = "";
    t->actors = 0;
    t->in_line = 0;
    t->failed = 0;
    t->ctl = 0;
    t->paused = 0;
    t->steps = 0;
    t->restart = 0;
    t->runs = NULL;
    t->nruns = t->firstrun = t->caprun = 0;
    t->linelen = 0;
    t->driven = 0;
    t->letters[0] = 0;
    t->dest[0] = 0;
    t->waiting = 0;
    t->next_try = t->backoff = t->give_up = 0;
    t->cfd = -1;
    t->addrs = t->next_addr = NULL;
    t->connect_until = 0;
    t->pend = NULL;
    t->pend_len = t->pend_sent = t->pend_cap = t->frame_start = 0;
    t->frame_dropped = 0;
    t->dropped = 0;
    t->pend_peak = 0;
}

/* Starts a trace on an open file (the trace does not close it unless ts_trace_close is
 * called). `map` may be NULL; tile_size in px and rate in frames per second. The header
 * stays open for ts_trace_header_actor until ts_trace_header_end. */
static inline void ts_trace_open(ts_trace* t, FILE* file, const char* map, int tile_size,
                                 int rate) {
    ts__reset(t);
    t->file = file;
    t->open = file != NULL;
    t->failed = file == NULL;
    ts__header(t, map, tile_size, rate);
}

#if TS_TRACE_HAVE_SOCKETS
static inline double ts__now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* The try under way is over: its socket (unless connected) and addresses are let go. */
static inline void ts__connect_end(ts_trace* t) {
    if (t->cfd >= 0) close(t->cfd);
    t->cfd = -1;
    if (t->addrs) freeaddrinfo((struct addrinfo*)t->addrs);
    t->addrs = t->next_addr = NULL;
}

/* Starts a non-blocking connect of a new socket: 1 connected, 0 under way (t->cfd), -1 failed.
 * The socket stays non-blocking: sends never wait, what the socket cannot take stays in pend. */
static inline int ts__connect_start(ts_trace* t, int family, int type, int protocol,
                                    const struct sockaddr* addr, socklen_t len) {
    const int fd = socket(family, type, protocol);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
#ifdef SO_NOSIGPIPE
    {
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
    }
#endif
    t->cfd = fd;
    if (connect(fd, addr, len) == 0) return 1;
    if (errno == EINPROGRESS || errno == EINTR) return 0; /* finishes in the background */
    close(fd);                                            /* refused, unreachable, a full */
    t->cfd = -1;                                          /* Unix socket's backlog (EAGAIN) */
    return -1;
}

/* Moves the try under way on, waiting for it up to wait_ms (0 at frame boundaries, a frame's 16
 * at a held poll; -1: until its deadline, at close): 1 connected (t->fd), 0 still under way, -1
 * failed (every address of the destination, or out of time). */
static inline int ts__connect_step(ts_trace* t, int wait_ms) {
    for (;;) {
        if (t->cfd >= 0) {
            struct pollfd p;
            int ready, ms = wait_ms, err = 0; /* ms: how long poll waits, within the deadline */
            socklen_t len = sizeof err;
            const double left = t->connect_until - ts__now();
            p.fd = t->cfd;
            p.events = POLLOUT;
            p.revents = 0;
            if (left <= 0)
                ms = 0;
            else if (wait_ms < 0 || wait_ms > left * 1000)
                ms = (int)(left * 1000) + 1;
            ready = poll(&p, 1, ms);
            if (ready < 0 && errno == EINTR && wait_ms < 0) continue;
            if (ready == 0 || (ready < 0 && errno == EINTR)) {
                if (ts__now() < t->connect_until) return 0;
                ts__connect_end(t); /* no answer in time: this try failed */
                return -1;
            }
            if (ready > 0 && getsockopt(t->cfd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 &&
                err == 0) {
                t->fd = t->cfd;
                t->cfd = -1;
                ts__connect_end(t);
                return 1;
            }
            close(t->cfd); /* refused: the next address, if any */
            t->cfd = -1;
        }
        {
            struct addrinfo* ai = (struct addrinfo*)t->next_addr;
            int r;
            if (!ai) {
                ts__connect_end(t);
                return -1;
            }
            t->next_addr = ai->ai_next;
            r = ts__connect_start(t, ai->ai_family, ai->ai_socktype, ai->ai_protocol, ai->ai_addr,
                                  ai->ai_addrlen);
            if (r == 1) {
                t->fd = t->cfd;
                t->cfd = -1;
                ts__connect_end(t);
                return 1;
            }
        }
    }
}

/* Starts a try at t->dest, "tcp://HOST:PORT" or "unix:PATH" (the host a numeric address or a
 * name the system resolves): 1 connected, 0 under way, -1 failed. */
static inline int ts__connect_begin(ts_trace* t) {
    t->connect_until = ts__now() + TS_TRACE_CONNECT_SECONDS;
    if (strncmp(t->dest, "unix:", 5) == 0) {
        struct sockaddr_un a;
        int r;
        if (strlen(t->dest + 5) >= sizeof a.sun_path) return -1;
        memset(&a, 0, sizeof a);
        a.sun_family = AF_UNIX;
        strcpy(a.sun_path, t->dest + 5);
        r = ts__connect_start(t, AF_UNIX, SOCK_STREAM, 0, (struct sockaddr*)&a, sizeof a);
        if (r == 1) {
            t->fd = t->cfd;
            t->cfd = -1;
        }
        return r;
    } else {
        char host[256];
        const char* dest = t->dest + 6;
        const char* colon = strrchr(dest, ':');
        struct addrinfo hints, *found = NULL;
        size_t n = colon ? (size_t)(colon - dest) : 0;
        if (!colon || n == 0 || n >= sizeof host) return -1;
        memcpy(host, dest, n);
        host[n] = 0;
        if (host[0] == '[' && n > 2 && host[n - 1] == ']') { /* [::1]:PORT */
            memmove(host, host + 1, n - 2);
            host[n - 2] = 0;
        }
        memset(&hints, 0, sizeof hints);
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        if (getaddrinfo(host, colon + 1, &hints, &found) != 0) return -1;
        t->addrs = t->next_addr = found;
        return ts__connect_step(t, 0);
    }
}

/* Tries to connect to t->dest (a new try, or the one under way moved on; wait_ms: as
 * ts__connect_step): 0 connected, 1 under way, -1 failed. The first failure says once on stderr
 * that it is tried again; later ones wait twice as long each time (0.25 s up to 4 s). */
static inline int ts__try_connect(ts_trace* t, int wait_ms) {
    int r = t->cfd >= 0 ? 0 : ts__connect_begin(t);
    if (r == 0) r = ts__connect_step(t, wait_ms);
    if (r == 1) {
        if (t->waiting) fprintf(stderr, "tilestep: connected to %s\n", t->dest);
        t->waiting = 0;
        return 0;
    }
    if (r == 0) return 1;
    ts__connect_end(t);
    if (!t->waiting) {
        fprintf(stderr,
                "tilestep: nothing listening at %s yet; trying again for %d s (the game runs on)\n",
                t->dest, TS_TRACE_RETRY_SECONDS);
        t->waiting = 1;
        t->backoff = 0.25;
        t->give_up = ts__now() + TS_TRACE_RETRY_SECONDS;
    } else if (t->backoff < 4) {
        t->backoff *= 2;
    }
    t->next_try = ts__now() + t->backoff;
    return -1;
}

/* The socket is done with: the trace failed (ts_trace_close returns -1). */
static inline void ts__drop_socket(ts_trace* t) {
    ts__connect_end(t);
    if (t->fd >= 0) close(t->fd);
    t->fd = -1;
    t->open = 0;
    t->waiting = 0;
    t->failed = 1;
}
#endif

/* Starts a trace at a destination: "tcp://HOST:PORT" (a viewer listening with
 * `tilestep view MAP --listen HOST:PORT` or `tilestep record --listen`), "unix:PATH" (a Unix
 * socket) or else a file path. 0 when it opened (a socket whose viewer is not listening yet
 * is tried again at frame boundaries, TS_TRACE_RETRY_SECONDS), -1 when not (nothing is
 * written then, and ts_trace_close returns -1): the game goes on either way. */
static inline int ts_trace_open_dest(ts_trace* t, const char* dest, const char* map, int tile_size,
                                     int rate) {
    ts__reset(t);
    t->failed = 1;
    if (!dest || !*dest) return -1;
    if (strncmp(dest, "tcp://", 6) == 0 || strncmp(dest, "unix:", 5) == 0) {
#if TS_TRACE_HAVE_SOCKETS
        if (strlen(dest) >= sizeof t->dest) return -1;
        strcpy(t->dest, dest);
        /* Under way or nothing listening yet: the frames wait (ts__frame_end goes on). */
        ts__try_connect(t, 0);
#else
        return -1;
#endif
    } else {
        t->file = fopen(dest, "wb");
        if (!t->file) return -1;
    }
    t->open = 1;
    t->failed = 0;
    ts__header(t, map, tile_size, rate);
    return 0;
}

/* ts_trace_open_dest with the destination of the environment variable TILESTEP_TRACE, the
 * one convention of every tilestep emitter. Unset or empty: -1, and nothing is traced. */
static inline int ts_trace_open_env(ts_trace* t, const char* map, int tile_size, int rate) {
    return ts_trace_open_dest(t, getenv("TILESTEP_TRACE"), map, tile_size, rate);
}

/* Announces an actor: its box (w x h px; round: x, y is the centre of a circle of
 * diameter w). `mover` may be NULL. Optional: actors met later in lines are added. */
static inline void ts_trace_header_actor(ts_trace* t, const char* name, const char* mover, int w,
                                         int h, int round) {
    ts__raw(t, t->actors++ ? ",{\"name\":" : "{\"name\":");
    ts__string(t, name);
    if (mover) {
        ts__key(t, "mover");
        ts__string(t, mover);
    }
    {
        char text[64];
        ts__printed(t, text,
                    snprintf(text, sizeof text, ",\"w\":%d,\"h\":%d,\"round\":%s}", w, h,
                             round ? "true" : "false"));
    }
}

static inline void ts_trace_header_end(ts_trace* t) {
    ts__raw(t, "]}\n");
}

/* Instead of ts_trace_header_end: ends the header with the level's collision grid
 * (docs/trace-format.md, "The grid"), so that `tilestep view` without a map draws it: w x h
 * cells of tile px, `solid` row-major (non-zero = solid), sent as runs ("5#2.5#"). */
static inline void ts_trace_header_end_grid(ts_trace* t, int w, int h, int tile,
                                            const unsigned char* solid) {
    char text[64];
    long i = 0, j, n = (long)w * h;
    ts__printed(t, text,
                snprintf(text, sizeof text,
                         "],\"grid\":{\"w\":%d,\"h\":%d,\"tile\":%d,\"solid\":\"", w, h, tile));
    for (; i < n; i = j) {
        for (j = i; j < n && !solid[j] == !solid[i]; ++j) continue;
        ts__printed(t, text, snprintf(text, sizeof text, "%ld%c", j - i, solid[i] ? '#' : '.'));
    }
    ts__raw(t, "\"}}\n");
}

static inline void ts__frame_end(ts_trace* t);

/* Frame boundary: the lines that follow belong to `frame` (never smaller than the last). */
static inline void ts_trace_frame(ts_trace* t, long long frame) {
    if (frame != t->frame) ts__frame_end(t);
    t->frame = frame;
}

/* The actor the next state and probe lines are about. */
static inline void ts_trace_actor(ts_trace* t, const char* name) {
    t->actor = name;
}

static inline void ts__line_start(ts_trace* t) {
    if (t->in_line) t->failed = 1; /* a probe inside an open state line */
    ts__raw(t, "{\"frame\":");
    ts__integer(t, t->frame);
    ts__raw(t, ",\"actor\":");
    ts__string(t, t->actor);
}

/* --- Actor state: one line per actor per frame, the state after the frame's step --- */

static inline void ts_state_begin(ts_trace* t, double x, double y, double vx, double vy) {
    ts__line_start(t);
    t->in_line = 1;
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__num_field(t, "vx", vx);
    ts__num_field(t, "vy", vy);
    if (t->driven) { /* the keys tilestep drove this frame with (or ts_trace_set_keys) */
        ts__key(t, "keys");
        ts__string(t, t->letters);
    }
}
static inline void ts_state_bool(ts_trace* t, const char* key, int value) {
    ts__key(t, key);
    ts__raw(t, value ? "true" : "false");
}
static inline void ts_state_int(ts_trace* t, const char* key, long long value) {
    ts__key(t, key);
    ts__integer(t, value);
}
static inline void ts_state_num(ts_trace* t, const char* key, double value) {
    ts__num_field(t, key, value);
}
static inline void ts_state_str(ts_trace* t, const char* key, const char* value) {
    ts__key(t, key);
    ts__string(t, value);
}
/* "left", "right", "up", "down" or "none". */
static inline void ts_state_facing(ts_trace* t, const char* facing) {
    ts_state_str(t, "facing", facing);
}
/* The box size this frame, when it changes (crouching); else the header's. */
static inline void ts_state_size(ts_trace* t, int w, int h) {
    ts_state_int(t, "w", w);
    ts_state_int(t, "h", h);
}
static inline void ts_state_end(ts_trace* t) {
    if (!t->in_line) t->failed = 1;
    t->in_line = 0;
    ts__raw(t, "}\n");
}

/* --- Probes: what the mover looked at this frame, with its verdict and a reason --- */

static inline void ts__probe_start(ts_trace* t, const char* kind, ts_verdict v, const char* why) {
    ts__line_start(t);
    ts__raw(t, ",\"probe\":{\"kind\":\"");
    ts__raw(t, kind);
    ts__raw(t, "\",\"verdict\":\"");
    ts__raw(t, ts_verdict_name(v));
    ts__raw(t, "\",\"why\":");
    ts__string(t, why);
}
static inline void ts__probe_box(ts_trace* t, const char* kind, ts_verdict v, const char* why,
                                 double x0, double y0, double x1, double y1) {
    ts__probe_start(t, kind, v, why);
    ts__num_field(t, "x0", x0);
    ts__num_field(t, "y0", y0);
    ts__num_field(t, "x1", x1);
    ts__num_field(t, "y1", y1);
    ts__raw(t, "}}\n");
}

/* One pixel probed at (x, y): hit or miss. */
static inline void ts_probe_point(ts_trace* t, ts_verdict v, const char* why, double x, double y) {
    ts__probe_start(t, "point", v, why);
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__raw(t, "}}\n");
}
/* A rectangle [x0, x1) x [y0, y1) probed or found blocking (why "blocker" draws it in the
 * Blockers overlay). */
static inline void ts_probe_rect(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "rect", v, why, x0, y0, x1, y1);
}
/* A scanline or segment from (x0, y0) to (x1, y1): pass or block. */
static inline void ts_probe_segment(ts_trace* t, ts_verdict v, const char* why, double x0,
                                    double y0, double x1, double y1) {
    ts__probe_box(t, "segment", v, why, x0, y0, x1, y1);
}
/* A forbidden band around a wall. */
static inline void ts_probe_band(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "band", v, why, x0, y0, x1, y1);
}
/* A cell or region classified by `why` ("region_a", "region_b", "region_c" have colours). */
static inline void ts_probe_cell(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                 double x1, double y1) {
    ts__probe_box(t, "cell", v, why, x0, y0, x1, y1);
}
/* An arrow from (x0, y0) to (x1, y1): a nudge, a slide, a velocity. */
static inline void ts_probe_arrow(ts_trace* t, ts_verdict v, const char* why, double x0, double y0,
                                  double x1, double y1) {
    ts__probe_box(t, "arrow", v, why, x0, y0, x1, y1);
}
/* A measured value against its threshold (a pass rate against the rate that lets through). */
static inline void ts_probe_value(ts_trace* t, ts_verdict v, const char* why, double value,
                                  double threshold) {
    ts__probe_start(t, "value", v, why);
    ts__num_field(t, "value", value);
    ts__num_field(t, "threshold", threshold);
    ts__raw(t, "}}\n");
}
/* A text label at (x, y) in the world. */
static inline void ts_probe_text(ts_trace* t, ts_verdict v, const char* text, double x, double y) {
    ts__probe_start(t, "text", v, text);
    ts__num_field(t, "x", x);
    ts__num_field(t, "y", y);
    ts__raw(t, "}}\n");
}

/* --- Control: tilestep pauses, steps and drives the game (docs/emitters.md, Control) --- */

/* Marks this frame as played with `keys` (TS_KEY_ bits): its state lines carry them as
 * "keys":"RJ". ts_trace_poll does it for the keys tilestep sends; a game replaying an input log
 * on its own calls it so that its trace reads as the same log driven live. Until the next
 * ts_trace_poll. */
static inline void ts_trace_set_keys(ts_trace* t, unsigned keys) {
    static const char letters[] = "LRUDJ";
    unsigned i, n = 0;
    for (i = 0; i < 5; ++i)
        if (keys & (1u << i)) t->letters[n++] = letters[i];
    t->letters[n] = 0;
    t->driven = 1;
}

static inline void ts__command(ts_trace* t, const char* c) {
    if (strncmp(c, "tilestep: ", 10) == 0) { /* turned away (busy): said, never silent */
        fprintf(stderr, "%s; this game is not traced\n", c);
        t->ctl = -1;
        t->paused = 0;
#if TS_TRACE_HAVE_SOCKETS
        ts__drop_socket(t);
#endif
    } else if (strcmp(c, "hello 1") == 0) {
        t->ctl = 2;
    } else if (strcmp(c, "pause") == 0) {
        t->paused = 1;
        t->steps = 0;
    } else if (strcmp(c, "resume") == 0) {
        t->paused = 0;
    } else if (strncmp(c, "step ", 5) == 0) {
        t->paused = 1;
        t->steps += atoll(c + 5);
    } else if (strcmp(c, "restart") == 0) {
        t->restart = 1;
    } else if (strncmp(c, "keys ", 5) == 0) {
        char* end = NULL;
        const long long count = strtoll(c + 5, &end, 10);
        static const char letters[] = "LRUDJ";
        unsigned keys = 0;
        if (count <= 0 || !end || *end != ' ') return;
        for (++end; *end; ++end) {
            const char* at = strchr(letters, *end);
            if (at && *at) keys |= 1u << (unsigned)(at - letters);
        }
        if (t->nruns == t->caprun && t->firstrun > 0) { /* reuse the runs already played */
            memmove(t->runs, t->runs + t->firstrun, (t->nruns - t->firstrun) * sizeof *t->runs);
            t->nruns -= t->firstrun;
            t->firstrun = 0;
        }
        if (t->nruns == t->caprun) {
            const unsigned cap = t->caprun ? 2 * t->caprun : 64;
            struct ts__keyrun* grown = (struct ts__keyrun*)realloc(t->runs, cap * sizeof *grown);
            if (!grown) return; /* out of memory: these keys are dropped */
            t->runs = grown;
            t->caprun = cap;
        }
        t->runs[t->nruns].count = count;
        t->runs[t->nruns].keys = (unsigned char)keys;
        ++t->nruns;
    } /* any other command is from a later version: ignored */
}

#if TS_TRACE_HAVE_SOCKETS
/* Reads the commands that have arrived (and a refusal), waiting up to wait_ms for the first. */
static inline void ts__read_commands(ts_trace* t, int wait_ms) {
    char got[512];
    for (;;) {
        struct pollfd p;
        ssize_t n, i;
        p.fd = t->fd;
        p.events = POLLIN;
        p.revents = 0;
        if (t->fd < 0 || poll(&p, 1, wait_ms) <= 0) return;
        wait_ms = 0;
        n = recv(t->fd, got, sizeof got, 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
        if (n <= 0) { /* the viewer went away: the game runs on freely */
            t->ctl = -1;
            t->paused = 0;
            return;
        }
        for (i = 0; i < n; ++i) {
            if (got[i] == '\n') {
                t->line[t->linelen] = 0;
                ts__command(t, t->line);
                t->linelen = 0;
            } else if (t->linelen + 1 < sizeof t->line) {
                t->line[t->linelen++] = got[i];
            }
            if (t->fd < 0) return; /* refused */
        }
    }
}

/* Appends a control-channel line (docs/emitters.md, the protocol) after the frames waiting. It
 * is never dropped, whatever the buffer holds: the bound is for frames, and a lost `!control 1`
 * would leave a polling game running free. A few bytes past TS_TRACE_BUFFER_BYTES at most.
 * Called at a frame boundary (ts_trace_poll), when the frame's lines are all in pend. */
static inline void ts__control_line(ts_trace* t, const char* line) {
    const size_t n = strlen(line);
    if (t->pend_len + n > t->pend_cap) {
        char* grown = (char*)realloc(t->pend, t->pend_len + n);
        if (!grown) { /* out of memory: the game runs freely, as with an older tilestep */
            t->failed = 1;
            return;
        }
        t->pend = grown;
        t->pend_cap = t->pend_len + n;
    }
    memcpy(t->pend + t->pend_len, line, n);
    t->pend_len += n;
    t->frame_start = t->pend_len;
    if (t->pend_len - t->pend_sent > t->pend_peak) t->pend_peak = t->pend_len - t->pend_sent;
}

/* Sends what the socket takes now, without waiting (wait_ms 0), or for up to wait_ms in all
 * (at close). A viewer gone fails the trace; its last words (a refusal) are read first. */
static inline void ts__send(ts_trace* t, int wait_ms) {
    const double until = ts__now() + wait_ms / 1000.0;
    while (t->fd >= 0 && t->pend_sent < t->frame_start) {
        const ssize_t n =
            send(t->fd, t->pend + t->pend_sent, t->frame_start - t->pend_sent, TS__NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            const double left = until - ts__now();
            struct pollfd p;
            if (left <= 0) break;
            p.fd = t->fd;
            p.events = POLLOUT;
            p.revents = 0;
            poll(&p, 1, (int)(left * 1000) + 1);
            continue;
        }
        if (n <= 0) {
            ts__read_commands(t, 0);
            ts__drop_socket(t);
            break;
        }
        t->pend_sent += (size_t)n;
    }
    if (t->pend_sent == t->pend_len) {
        t->pend_sent = t->pend_len = t->frame_start = 0;
    } else if (t->pend_sent > t->pend_cap / 2) { /* keep the unsent bytes at the start */
        memmove(t->pend, t->pend + t->pend_sent, t->pend_len - t->pend_sent);
        t->pend_len -= t->pend_sent;
        t->frame_start -= t->pend_sent;
        t->pend_sent = 0;
    }
}
#endif

/* The frame written so far is whole: kept for the socket (or dropped when it did not fit),
 * then sent as far as the socket takes it, never waiting; a viewer not there yet is tried
 * again when its back-off is over. A file sink writes through its FILE buffer. */
static inline void ts__frame_end(ts_trace* t) {
#if TS_TRACE_HAVE_SOCKETS
    if (t->file || !t->open) return;
    ts__flush(t);
    if (t->frame_dropped) {
        if (t->dropped++ == 0)
            fprintf(stderr,
                    "tilestep: the viewer is %s: frames past the %u-byte buffer are dropped "
                    "(the trace skips them)\n",
                    t->fd >= 0 ? "not keeping up" : "not there yet",
                    (unsigned)TS_TRACE_BUFFER_BYTES);
        t->pend_len = t->frame_start;
        t->frame_dropped = 0;
    }
    t->frame_start = t->pend_len;
    if (t->waiting || t->cfd >= 0) { /* not connected: a try under way, or the next one due */
        const double now = ts__now();
        if (t->waiting && now >= t->give_up) {
            fprintf(stderr, "tilestep: nothing listened at %s for %d s; this game is not traced\n",
                    t->dest, TS_TRACE_RETRY_SECONDS);
            ts__drop_socket(t);
            return;
        }
        if ((t->cfd < 0 && now < t->next_try) || ts__try_connect(t, 0) != 0) return;
    }
    if (t->ctl == 0) ts__read_commands(t, 0); /* tilestep says nothing unasked but a refusal */
    ts__send(t, 0);
#else
    (void)t;
#endif
}

/* Call once per frame, before the frame's step: whether to run the step (tilestep paused the
 * game: draw the frame as it is and poll again next frame), the keys to use when tilestep
 * drives the game, and whether to restart the level. A game that never calls it is traced as
 * before; a file sink, or a viewer that sends nothing, always gets {advance 1, not driven}.
 * The first call asks the viewer for control and waits up to 2 s for its answer (an older
 * tilestep never answers: the game then runs freely); while paused a call waits up to 16 ms
 * for a command, as a frame would. */
static inline ts_control ts_trace_poll(ts_trace* t) {
    ts_control c;
    c.advance = 1;
    c.driven = 0;
    c.keys = 0;
    c.restart = 0;
    t->driven = 0;
#if TS_TRACE_HAVE_SOCKETS
    /* The frame before is whole: sent now, so that a paused game's last frame is seen. */
    ts__frame_end(t);
    if (t->ctl == 0 && t->cfd >= 0 && !t->waiting && ts__try_connect(t, 16) > 0) {
        /* The open's try is under way: the game is held as if paused (a poll waits a frame's
           16 ms for it) so that tilestep's commands reach its first frame; a try that fails
           (TS_TRACE_CONNECT_SECONDS) lets it run free. */
        c.advance = 0;
        return c;
    }
    if (t->fd < 0 || t->ctl < 0) return c;
    if (t->ctl == 0) {
        ts__control_line(t, "!control 1\n"); /* after the header and any frames */
        ts__frame_end(t);
        t->ctl = 1;
        {
            int tries;
            for (tries = 0; tries < 100 && t->ctl == 1; ++tries) ts__read_commands(t, 20);
        }
    }
    ts__read_commands(t, 0);
    if (t->paused && t->steps == 0) ts__read_commands(t, 16);
    c.restart = t->restart;
    t->restart = 0;
    if (t->paused && t->steps == 0) {
        c.advance = 0;
        return c;
    }
    if (t->paused) --t->steps;
    if (t->firstrun < t->nruns) {
        struct ts__keyrun* r = &t->runs[t->firstrun];
        c.driven = 1;
        c.keys = r->keys;
        if (--r->count == 0) ++t->firstrun;
        ts_trace_set_keys(t, c.keys);
    }
#endif
    return c;
}

/* Flushes and closes the file. 0 when every write succeeded and the calls were in order,
 * else -1. */
static inline int ts_trace_close(ts_trace* t) {
    if (t->in_line) t->failed = 1;
    ts__flush(t);
#if TS_TRACE_HAVE_SOCKETS
    if (!t->file && t->open) {
        ts__frame_end(t);
        if (t->open && t->fd < 0 && ts__try_connect(t, -1) == 0) ts__send(t, 0); /* one last try */
        if (t->open && t->fd < 0) {
            fprintf(stderr, "tilestep: nothing listened at %s; this game is not traced\n", t->dest);
            ts__drop_socket(t);
        }
        ts__send(t, 5000); /* the game is ending: its last frames may wait up to 5 s */
        if (t->fd >= 0 && t->pend_sent < t->pend_len) t->failed = 1;
        if (t->dropped > 0) {
            fprintf(stderr, "tilestep: %lld frames dropped in all (the trace skips them)\n",
                    t->dropped);
        }
    }
    free(t->pend);
    t->pend = NULL;
    t->pend_len = t->pend_sent = t->pend_cap = t->frame_start = 0;
#endif
    if (t->file) {
        if (fclose(t->file) != 0) t->failed = 1;
        t->file = NULL;
    }
#if TS_TRACE_HAVE_SOCKETS
    ts__connect_end(t);
    if (t->fd >= 0) {
        if (close(t->fd) != 0) t->failed = 1;
        t->fd = -1;
    }
#endif
    t->open = 0;
    free(t->runs);
    t->runs = NULL;
    t->nruns = t->firstrun = t->caprun = 0;
    return t->failed ? -1 : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* TILESTEP_TRACE_EMIT_H */
