#!/usr/bin/env bash
# One language's emitter (examples/emitters/LANG) against the C reference: its trace written to
# a file, and streamed live to `tilestep record --listen` (TCP, and a Unix socket where the
# emitter has one; a browser page: a WebSocket), must each be the same as the C example's by `tilestep diff`.
# usage: tests/emitters/check_emitter.sh TILESTEP LANG [unix]
set -euo pipefail
tilestep=$1
lang=$2
run=$(dirname "$0")/../../examples/emitters/run.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The walk's level in its header (docs/trace-format.md, "The grid"), worked out by hand: 30 x 12
# cells, rows 0 to 9 a wall at each end (1 solid, 28 empty, 1 solid; a row's last wall and the
# next row's first are one run of 2), rows 10 and 11 solid (row 9's last wall and 60 cells).
grid='"grid":{"w":30,"h":12,"tile":16,"solid":"1#28.2#28.2#28.2#28.2#28.2#28.2#28.2#28.2#28.2#28.61#"}'
has_grid() {  # has_grid TRACE: its header, read by tilestep and written back, has the walk's grid
  rm -f "$tmp/grid.jsonl"
  "$tilestep" convert "$1" "$tmp/grid.jsonl" >/dev/null
  head -n 1 "$tmp/grid.jsonl" | grep -qF "$grid" ||
    { echo "$1: not the walk's grid: $(head -n 1 "$tmp/grid.jsonl")" >&2; exit 1; }
}

"$run" c "$tmp/c.jsonl"
has_grid "$tmp/c.jsonl"
if [ "$lang" != browser ]; then  # a page writes no files: only its WebSocket below
  "$run" "$lang" "$tmp/file.jsonl"
  "$tilestep" diff "$tmp/c.jsonl" "$tmp/file.jsonl"
  has_grid "$tmp/file.jsonl"
fi
if [ "$lang" = gdscript ]; then  # its numbers, shortest and exact (Godot formats 16 decimals)
  mkdir "$tmp/gd"
  cp "$(dirname "$0")/gdscript_numbers.gd" "$(dirname "$0")/../../examples/emitters/gdscript/tilestep_trace.gd" "$tmp/gd/"
  python3 "$(dirname "$0")/gdscript_numbers.py" "$tmp/gd/numbers.txt"  # Python's repr: the reference
  (cd "$tmp/gd" && godot3-server --no-window -s gdscript_numbers.gd) >/dev/null
fi

live() {  # live ADDR DEST-PREFIX: record what the emitter streams to ADDR
  rm -f "$tmp/err"  # the last listener's line is not this one's
  "$tilestep" record --listen "$1" "$tmp/live.jsonl" --wait 20 --idle-timeout 20 \
    2>"$tmp/err" >/dev/null &
  local rec=$!
  for _ in $(seq 100); do grep -q "listening on" "$tmp/err" && break; sleep 0.1; done
  local where
  where=$(sed -n 's/.*listening on \([^ ]*\).*/\1/p' "$tmp/err")
  if [ "$lang" = browser ]; then
    # The page runs until the recorder has it all (however slowly the browser starts), then
    # the browser, in its own process group, is ended.
    TILESTEP_BROWSER_SECONDS=60 setsid "$run" "$lang" "$2$where" &
    local game=$!
    wait "$rec" || { kill -- -"$game"; cat "$tmp/err" >&2; exit 1; }
    kill -- -"$game" 2>/dev/null || true
    wait "$game" 2>/dev/null || true
  else
    "$run" "$lang" "$2$where"
    wait "$rec" || { cat "$tmp/err" >&2; exit 1; }
  fi
  "$tilestep" diff "$tmp/c.jsonl" "$tmp/live.jsonl"
  has_grid "$tmp/live.jsonl"
}
if [ "$lang" = browser ]; then live 127.0.0.1:0 ws://; else live 127.0.0.1:0 tcp://; fi
if [ "${3:-}" = unix ]; then live "$tmp/game.sock" unix:; fi

# The control channel (docs/emitters.md, Control), where TILESTEP_CONTROL_DRIVER names
# tests/emitters/live_control_driver: a log played by the example on its own (TILESTEP_INPUTS)
# is the C example's; the game paused, stepped 10 frames and then driven by the same log gives
# the same trace, and so does `record --drive`. From frame 10 the log differs from the walk's
# autopilot (L against its R), so a game that ran on after its 10 steps is caught.
if [ -n "${TILESTEP_CONTROL_DRIVER:-}" ]; then
  printf '# driven\n10,R\n5,L\n3,L,J\n30\n40,R\n2,R,J\n' > "$tmp/drive.tas"
  TILESTEP_INPUTS="$tmp/drive.tas" "$run" c "$tmp/offline-c.jsonl"
  if [ "$lang" != browser ]; then  # a page has no files nor environment: only live below
    TILESTEP_INPUTS="$tmp/drive.tas" "$run" "$lang" "$tmp/offline.jsonl"
    "$tilestep" diff "$tmp/offline-c.jsonl" "$tmp/offline.jsonl"
  fi
  controlled() {  # controlled LISTENER...: the walk streamed to a listener that drives it
    rm -f "$tmp/ctl-err"  # a listener's line from before is not this one's
    rm -f "$tmp/controlled.jsonl"
    "$@" 2>"$tmp/ctl-err" >/dev/null &
    local viewer=$!
    for _ in $(seq 100); do grep -q "listening on" "$tmp/ctl-err" && break; sleep 0.1; done
    local where
    where=$(sed -n 's/.*listening on \([^ ]*\).*/\1/p' "$tmp/ctl-err")
    if [ "$lang" = browser ]; then  # as in live() above: the page runs until the viewer ends
      TILESTEP_BROWSER_SECONDS=60 setsid "$run" "$lang" "ws://$where" &
      local game=$!
      wait "$viewer" || { kill -- -"$game"; cat "$tmp/ctl-err" >&2; exit 1; }
      kill -- -"$game" 2>/dev/null || true
      wait "$game" 2>/dev/null || true
    else
      "$run" "$lang" "tcp://$where"
      wait "$viewer" || { cat "$tmp/ctl-err" >&2; exit 1; }
    fi
    ! grep -q "no effect" "$tmp/ctl-err" || { cat "$tmp/ctl-err" >&2; exit 1; }
    "$tilestep" diff "$tmp/offline-c.jsonl" "$tmp/controlled.jsonl"
  }
  controlled "$TILESTEP_CONTROL_DRIVER" 127.0.0.1:0 "$tmp/drive.tas" "$tmp/controlled.jsonl"
  controlled "$tilestep" record --listen 127.0.0.1:0 "$tmp/controlled.jsonl" --wait 20 \
    --drive "$tmp/drive.tas"
fi
