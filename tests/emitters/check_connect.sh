#!/usr/bin/env bash
# One language's emitter (examples/emitters/LANG) and tilestep's connection policy
# (docs/emitters.md, "Connecting, refusals, a slow viewer"):
#  (a) a second game while tilestep records another says the refusal on its stderr;
#  (b) a game started before `record --listen` connects once it listens, and its trace is whole
#      (the C walk's by `tilestep diff`): the frames before waited in its buffer;
#  (c) C and C#: a game whose viewer's address does not answer runs on (its connect never
#      waits), says nothing listens there after its try's 1 s, and connects once a recorder
#      listens at that address: its trace is whole, so every frame ran and waited.
# The walks take 4 ms a frame (TILESTEP_FRAME_MS), as a real game would; the refused one 6 ms:
# 3.6 s, well past the 2 s the recorder holds a second game before it turns it away.
# usage: tests/emitters/check_connect.sh TILESTEP LANG
set -euo pipefail
tilestep=$1
lang=$2
run=$(dirname "$0")/../../examples/emitters/run.sh
tmp=$(mktemp -d)
pids=()
# The cleanup waits for what it ended: a recorder ended by SIGTERM still writes its file (to a
# temporary name, renamed into place), and an `rm -rf` racing that failed the test with only
# "Directory not empty". The test's own status is kept.
cleanup() {
  local rc=$?
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp" 2>/dev/null || { sleep 1; rm -rf "$tmp" || true; }
  exit "$rc"
}
trap cleanup EXIT
fail() { echo "check_connect $lang: $*" >&2; cat "$tmp"/*.err >&2 || true; exit 1; }
wait_for() {  # wait_for FILE TEXT: up to 60 s (a runtime may start slowly)
  for _ in $(seq 600); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  fail "no '$2' in $1"
}
export TILESTEP_FRAME_MS=4

# (a) Busy: one game holds the recorder (a connection that sent its header), the walk comes second.
"$tilestep" record --listen 127.0.0.1:0 "$tmp/first.jsonl" --wait 20 2>"$tmp/rec.err" >/dev/null &
pids+=($!)
wait_for "$tmp/rec.err" "listening on"
where=$(sed -n 's/.*listening on \([^ ]*\).*/\1/p' "$tmp/rec.err")
python3 -c '
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"{\"tilestep_trace\":1,\"tile_size\":16,\"rate\":60,\"actors\":[]}\n")
time.sleep(8)' "${where##*:}" &
pids+=($!)
# The holder must be the game recorded before the walk comes: on a loaded machine python could
# start later than the walk, which was then recorded (rightly "traced") and the holder refused.
wait_for "$tmp/rec.err" "recording the game at"
(  # beside (b) below, and the C reference, to keep the test short
  export TILESTEP_FRAME_MS=6
  if [ "$lang" = browser ]; then  # a page: its console, in the browser's log
    TILESTEP_BROWSER_SECONDS=7 TILESTEP_BROWSER_LOG="$tmp/second.err" "$run" "$lang" "ws://$where"
    echo 1 >"$tmp/second.rc"  # its exit status is the browser's
  else
    rc=0
    "$run" "$lang" "tcp://$where" 2>"$tmp/second.err" || rc=$?
    echo "$rc" >"$tmp/second.rc"
  fi
) &
second=$!
pids+=($second)
(unset TILESTEP_FRAME_MS; "$run" c "$tmp/c.jsonl") &
reference=$!
pids+=($reference)

# (b) Late: the walk starts with nothing listening; the recorder comes once it has said so. It
# connects while it runs (a try at a frame boundary, not only the last one at its close): still
# running a moment after it says so.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scheme=tcp
if [ "$lang" = browser ]; then
  scheme=ws
  TILESTEP_BROWSER_SECONDS=15 TILESTEP_BROWSER_LOG="$tmp/late.err" setsid "$run" "$lang" \
    "ws://127.0.0.1:$port" &
else
  "$run" "$lang" "tcp://127.0.0.1:$port" 2>"$tmp/late.err" &
fi
game=$!
pids+=($game)
wait_for "$tmp/late.err" "nothing listening at $scheme://127.0.0.1:$port yet"
"$tilestep" record --listen "127.0.0.1:$port" "$tmp/late.jsonl" --wait 20 2>"$tmp/late-rec.err" \
  >/dev/null &
rec=$!
pids+=($rec)
wait_for "$tmp/late.err" "tilestep: connected to $scheme://127.0.0.1:$port"
if [ "$lang" = browser ]; then  # the page runs until the recorder has it all, then is ended
  wait "$rec" || fail "the recorder failed"
  kill -- -"$game" 2>/dev/null || true
  wait "$game" 2>/dev/null || true
else
  sleep 0.3
  kill -0 "$game" 2>/dev/null || fail "it connected only as it ended"
  wait "$game" || fail "the late game failed"
  wait "$rec" || fail "the recorder failed"
fi
wait "$reference" || fail "the C reference failed"
"$tilestep" diff "$tmp/c.jsonl" "$tmp/late.jsonl" >/dev/null || fail "the late trace differs"

# (c) No answer: a listener whose backlog is full never answers a connect (the system drops the
# SYN and the connect would wait about 2 min), as a remote address that does not answer would.
if [[ $lang =~ ^(c|csharp)$ ]]; then
  python3 -c '
import socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(0)
print(s.getsockname()[1], flush=True)
held = socket.create_connection(s.getsockname())  # the backlog is full: later SYNs are dropped
time.sleep(60)' >"$tmp/deaf.port" &
  deaf=$!
  pids+=($deaf)
  wait_for "$tmp/deaf.port" "[0-9]"
  port=$(cat "$tmp/deaf.port")
  "$run" "$lang" "tcp://127.0.0.1:$port" 2>"$tmp/deaf.err" &
  game=$!
  pids+=($game)
  wait_for "$tmp/deaf.err" "nothing listening at tcp://127.0.0.1:$port yet"
  kill "$deaf"
  wait "$deaf" 2>/dev/null || true
  "$tilestep" record --listen "127.0.0.1:$port" "$tmp/deaf.jsonl" --wait 20 \
    2>"$tmp/deaf-rec.err" >/dev/null &
  rec=$!
  pids+=($rec)
  wait "$game" || fail "the game at an address that did not answer failed"
  wait "$rec" || fail "the recorder after the address that did not answer failed"
  grep -q "tilestep: connected to tcp://127.0.0.1:$port" "$tmp/deaf.err" || fail "no 'connected'"
  "$tilestep" diff "$tmp/c.jsonl" "$tmp/deaf.jsonl" >/dev/null || fail "the trace after no answer differs"
fi

# (a), its end: the refused game said why, and its close reported the failure.
wait "$second" || true
[ "$(cat "$tmp/second.rc")" != 0 ] || fail "the refused game said it was traced"
grep -q "tilestep: busy: recording the game at 127.0.0.1:[0-9]*.*; this game is not traced" \
  "$tmp/second.err" || fail "no refusal line on the second game's stderr"
