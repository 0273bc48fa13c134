#!/usr/bin/env bash
# The Windows build under Wine against the Linux build, byte for byte (traces are the same
# bytes on every machine: docs/architecture.md). For every sample map: `run --probes` (keys
# from keys.log; the Windows side reads it with CRLF line ends, as Notepad writes it), `info`,
# `validate`, and `convert` to JSON and TMX; trace files and `diff`; outputs refused by file
# identity and a read-only file kept; a save through a symbolic link and one keeping the
# hidden attribute; a map in a folder with a space and accents; a mover plugin built as a DLL
# (its trace, a crash, a hang); a game's trace streamed to `record --listen` over TCP and
# WebSocket; and, when the .exe has its window, a screenshot under Xvfb compared with the
# Linux editor's.
# Usage: tests/windows/run.sh [LINUX_TILESTEP] [TILESTEP_EXE]
#   (defaults build/app/tilestep and build-win/app/tilestep.exe; scripts/build-windows.sh)
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
linux=$(realpath "${1:-build/app/tilestep}")
exe=$(realpath "${2:-build-win/app/tilestep.exe}")
for f in "$linux" "$exe"; do
  [ -x "$f" ] || [ -f "$f" ] || { echo "tests/windows/run.sh: $f is missing" >&2; exit 2; }
done
command -v wine >/dev/null || { echo "tests/windows/run.sh: wine is missing (scripts/build-windows.sh installs it)" >&2; exit 2; }

export WINEPREFIX=${WINEPREFIX:-$root/build-win/wineprefix}
export WINEDEBUG=-all
export LC_ALL=C.UTF-8  # Wine turns argv into the Windows command line through the locale
export WINEDLLOVERRIDES="mscoree,mshtml="  # no Mono or Gecko installer prompts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wineboot -i >/dev/null 2>&1  # creates the prefix once (about 20 s), then returns at once

failures=0
checks=0
# Both programs' stdout+stderr and exit status must be the same bytes.
same() {  # NAME LINUX_OUT WINDOWS_OUT
  checks=$((checks + 1))
  if ! cmp -s "$2" "$3"; then
    failures=$((failures + 1))
    echo "FAIL $1"
    diff <(head -c 20000 "$2") <(head -c 20000 "$3") | head -8
  fi
}
both() {  # NAME ARGS...: runs both from $tmp/l and $tmp/w, compares what they print
  local name=$1
  shift
  (cd "$tmp/l" && "$linux" "$@" > "$tmp/$name.l" 2>&1; echo "rc=$?" >> "$tmp/$name.l")
  (cd "$tmp/w" && wine "$exe" "${@//keys.log/keys-crlf.log}" > "$tmp/$name.w" 2>&1
   echo "rc=$?" >> "$tmp/$name.w")
  same "$name" "$tmp/$name.l" "$tmp/$name.w"
}

mkdir -p "$tmp/l" "$tmp/w"
for side in l w; do
  cp -r maps "$tmp/$side/maps"
  cp tests/windows/keys.log "$tmp/$side/"
done
sed 's/$/\r/' tests/windows/keys.log > "$tmp/w/keys-crlf.log"

for m in maps/*.json maps/*.tmx; do
  n=$(basename "$m")
  both "$n.run" run "$m" --frames 400 --inputs keys.log --probes
  both "$n.info" info "$m"
  both "$n.validate" validate "$m"
  for ext in json tmx; do
    both "$n.convert.$ext" convert "$m" "out.$ext"
    if [ -f "$tmp/l/out.$ext" ] || [ -f "$tmp/w/out.$ext" ]; then
      same "$n.convert.$ext (file)" "$tmp/l/out.$ext" "$tmp/w/out.$ext"
    fi
    rm -f "$tmp/l/out.$ext" "$tmp/w/out.$ext"
  done
done

# Trace files (run --trace) and diff: the same bytes, and the same first difference between
# a run with the keys and one without.
for m in maps/zelda-room.json maps/platformer-slopes.json; do
  n=$(basename "$m")
  both "$n.trace" run "$m" --frames 400 --inputs keys.log --trace keys.jsonl
  same "$n.trace (file)" "$tmp/l/keys.jsonl" "$tmp/w/keys.jsonl"
  both "$n.trace-still" run "$m" --frames 400 --trace still.jsonl
  both "$n.diff" diff keys.jsonl still.jsonl
  both "$n.diff-same" diff keys.jsonl keys.jsonl
  rm -f "$tmp"/[lw]/keys.jsonl "$tmp"/[lw]/still.jsonl
done

# An output that is an input by another spelling or a hard link is refused (file identity:
# volume serial and file index on Windows), and a read-only file is not replaced.
for side in l w; do
  ln "$tmp/$side/maps/bomber.json" "$tmp/$side/linked.json"
  cp maps/grid-walls.json "$tmp/$side/readonly.json"
  chmod a-w "$tmp/$side/readonly.json"
done
both "identity.spelling" convert maps/bomber.json ./maps/../maps/bomber.json
both "identity.hardlink" convert maps/bomber.json linked.json
both "readonly" convert maps/zelda-room.json readonly.json
same "readonly (file untouched)" "$tmp/l/readonly.json" "$tmp/w/readonly.json"
chmod u+w "$tmp/l/readonly.json" "$tmp/w/readonly.json"

# A save through a symbolic link replaces the link's target and leaves the link a link (Wine
# shows the host's symlinks as the files they point to; it cannot create Windows links), and a
# replaced file keeps its hidden attribute (ReplaceFileW; set and read with attrib).
for side in l w; do
  cp maps/grid-walls.json "$tmp/$side/real.json"
  ln -s real.json "$tmp/$side/link.json"
  cp maps/grid-walls.json "$tmp/$side/hidden.json"
done
both "save.link" convert maps/zelda-room.json link.json
same "save.link (the target's bytes)" "$tmp/l/real.json" "$tmp/w/real.json"
checks=$((checks + 1))
if [ ! -L "$tmp/w/link.json" ] || ! cmp -s "$tmp/l/real.json" maps/zelda-room.json; then
  failures=$((failures + 1))
  echo "FAIL save.link: link.json is no longer a link, or real.json was not saved"
fi
(cd "$tmp/w" && wine cmd /c attrib +h hidden.json && wine "$exe" convert maps/zelda-room.json \
   hidden.json && wine cmd /c attrib hidden.json) > "$tmp/hidden.w" 2>&1
checks=$((checks + 1))
if ! grep -q "^A   H .*hidden.json" "$tmp/hidden.w" || ! cmp -s "$tmp/w/hidden.json" maps/zelda-room.json
then
  failures=$((failures + 1))
  echo "FAIL save.hidden: the saved file lost its hidden attribute (or was not saved)"
  cat "$tmp/hidden.w"
fi

# A path with a space and non-ASCII letters, given as the user's shell gives it.
for side in l w; do
  mkdir -p "$tmp/$side/Cartes à jouer"
  cp maps/zelda-room.json "$tmp/$side/Cartes à jouer/salle été.json"
done
both "accented.run" run "Cartes à jouer/salle été.json" --frames 100 --inputs keys.log --probes
both "accented.convert" convert "Cartes à jouer/salle été.json" "Cartes à jouer/copie ü.json"
same "accented.convert (file)" "$tmp/l/Cartes à jouer/copie ü.json" "$tmp/w/Cartes à jouer/copie ü.json"

# Mover plugins: the same C source built as a .so with the host's compiler and as a DLL with
# mingw steps to the same trace bytes; a plugin's crash is a fault naming plugin, actor, frame,
# exception and the place in the DLL (exit 1, every frame before it written), its exit() one
# with the status; one that hangs meets the step limit (the host process killed). tilestep-plugin-host.exe is beside the .exe.
# Both builds are named NAME.plugin, so that the two sides' commands and messages are the same.
plugins=(examples/movers/topdown_aabb.c tests/plugins/crash_step.c tests/plugins/endless_step.c
         tests/plugins/exit_step.c)
for src in "${plugins[@]}"; do
  n=$(basename "$src" .c)
  cc -shared -fPIC -O2 -Iinclude -Itests/plugins -o "$tmp/l/$n.plugin" "$src" &&
    x86_64-w64-mingw32-gcc-posix -shared -O2 -Iinclude -Itests/plugins -o "$tmp/w/$n.plugin" \
      "$src" || { echo "tests/windows/run.sh: cannot build the plugin $src" >&2; exit 2; }
  for side in l w; do
    sed "0,/\"mover\": \"topdown_aabb\"/s//\"mover\": \"plugin:$n\"/" maps/zelda-room.json \
      > "$tmp/$side/room-$n.json"
  done
done
# A copy of a DLL that could not be deleted while loaded (one loaded into tilestep itself,
# TILESTEP_PLUGIN_IN_PROCESS, and never unloaded) is deleted by the next tilestep to copy a
# plugin, once the process that made it has ended (4000000000: no process); other files stay.
wintemp=$(winepath -u "$(wine cmd /c echo %TEMP% | tr -d '\r')" 2>/dev/null)
[ -n "$wintemp" ] && [ -d "$wintemp" ] || wintemp=$tmp/no-wine-temp  # then the check fails
mkdir -p "$wintemp"
for f in tilestep-plugin-4000000000-0.dll tilestep-plugin-notes.dll; do
  echo stale > "$wintemp/$f"
done
both "plugin.run" run room-topdown_aabb.json --frames 400 --inputs keys.log --probes \
  --plugin topdown_aabb.plugin
checks=$((checks + 1))
if [ -e "$wintemp/tilestep-plugin-4000000000-0.dll" ] || [ ! -e "$wintemp/tilestep-plugin-notes.dll" ]
then
  failures=$((failures + 1))
  echo "FAIL plugin.stale-copy: in $wintemp:"
  ls "$wintemp"
fi
rm -f "$wintemp/tilestep-plugin-notes.dll"
printf '5,R\n1,J\n' > "$tmp/l/keys-j.log"
cp "$tmp/l/keys-j.log" "$tmp/w/keys-j.log"
fault() {  # NAME PLUGIN WINDOWS_STDERR_START ARGS...: the frames before it, then the fault line
  local name=$1 plugin=$2 want=$3
  shift 3
  (cd "$tmp/l" && "$linux" run "room-$plugin.json" --frames 20 --inputs keys-j.log \
     --plugin "$plugin.plugin" "$@" > "$tmp/$name.l" 2>/dev/null; echo "rc=$?" >> "$tmp/$name.l")
  (cd "$tmp/w" && wine "$exe" run "room-$plugin.json" --frames 20 --inputs keys-j.log \
     --plugin "$plugin.plugin" "$@" > "$tmp/$name.w" 2> "$tmp/$name.err"
   echo "rc=$?" >> "$tmp/$name.w")
  same "$name (frames before it, exit status)" "$tmp/$name.l" "$tmp/$name.w"
  checks=$((checks + 1))
  if [ "$(wc -l < "$tmp/$name.err")" -ne 1 ] || ! grep -qF -- "$want" "$tmp/$name.err"; then
    failures=$((failures + 1))
    echo "FAIL $name: the fault line"
    head -5 "$tmp/$name.err"
  fi
}
fault plugin.crash crash_step "tilestep run: plugin:crash_step: a step of actor 'link' at frame 5 \
crashed: EXCEPTION_ACCESS_VIOLATION (invalid memory access) at address 0x0 in crash_step.plugin+0x"
fault plugin.exit exit_step "tilestep run: plugin:exit_step: a step of actor 'link' at frame 5 \
called exit(0)"
fault plugin.hang endless_step "tilestep run: plugin:endless_step: a step of actor 'link' at \
frame 5 ran longer than 500 ms; stopped (the trace above holds every frame before it)" \
  --step-limit 500

# A game streaming its trace to `record --listen` (TCP through Winsock, which Wine maps to the
# host's sockets): the Python example emitter on this machine sends to the Windows build over
# plain TCP, and the Linux recording again as a browser's WebSocket; each recording is the
# Linux one, byte for byte. A Unix socket path is refused with exit 1 and the reason.
live() {  # SIDE NAME SENDER...: record NAME.jsonl on SIDE (l or w), fed by SENDER PORT
  local side=$1 name=$2
  shift 2
  local run=("$linux")
  [ "$side" = w ] && run=(wine "$exe")
  rm -f "$tmp/$name.err"
  (cd "$tmp/$side" && "${run[@]}" record --listen 127.0.0.1:0 "$name.jsonl" --wait 30 \
     > "$tmp/$name.$side" 2> "$tmp/$name.err"; echo "rc=$?" >> "$tmp/$name.$side") &
  local pid=$! port=""
  for _ in $(seq 1 300); do
    port=$(grep -o "listening on 127.0.0.1:[0-9]*" "$tmp/$name.err" 2>/dev/null | sed 's/.*://')
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] && "$@" "$port" > /dev/null
  wait "$pid"
}
tcp_walk() { TILESTEP_TRACE=tcp://127.0.0.1:$1 python3 examples/emitters/python/walk.py; }
ws_send() { python3 tests/windows/ws_send.py 127.0.0.1 "$1" "$tmp/l/tcp.jsonl"; }
live l tcp tcp_walk
live w tcp tcp_walk
checks=$((checks + 1))
if [ "$(grep -c '"frame"' "$tmp/l/tcp.jsonl" 2>/dev/null)" -lt 600 ]; then
  failures=$((failures + 1))
  echo "FAIL record --listen: the Linux recording of the walk example is not its 600 frames"
fi
same "record --listen (TCP)" "$tmp/tcp.l" "$tmp/tcp.w"
same "record --listen (TCP, the file)" "$tmp/l/tcp.jsonl" "$tmp/w/tcp.jsonl"
live w ws ws_send
same "record --listen (WebSocket, the file)" "$tmp/l/tcp.jsonl" "$tmp/w/ws.jsonl"
checks=$((checks + 1))
(cd "$tmp/w" && wine "$exe" record --listen ./game.sock unix.jsonl > "$tmp/unix.w" 2>&1)
rc=$?
if [ "$rc" -ne 1 ] || [ -e "$tmp/w/unix.jsonl" ] || ! grep -q "^tilestep record: ./game.sock: \
Unix sockets are not supported on Windows (listen on 127.0.0.1:PORT)" "$tmp/unix.w"; then
  failures=$((failures + 1))
  echo "FAIL --listen with a Unix socket path (rc=$rc):"
  head -5 "$tmp/unix.w"
fi

# The editor's window under Wine on Xvfb (OpenGL through Mesa's llvmpipe), 30 frames of the
# keys played, then a screenshot, compared with the Linux editor's of the same frame.
if command -v xvfb-run >/dev/null; then
  checks=$((checks + 1))
  shot=(maps/grid-walls.json --frames 30 --screenshot shot.png)
  (cd "$tmp/l" && xvfb-run -a -s "-screen 0 1600x1000x24" "$linux" "${shot[@]}" --inputs keys.log \
     > "$tmp/shot.l" 2>&1)
  # A Wine server still running from the commands above would keep its desktop, made
  # without a display (a smaller screen, and the window shrunk to it): the editor starts
  # with a new one, on this Xvfb.
  wineserver -w
  (cd "$tmp/w" && xvfb-run -a -s "-screen 0 1600x1000x24" wine "$exe" "${shot[@]}" \
     --inputs keys-crlf.log > "$tmp/shot.w" 2>&1)
  if [ ! -s "$tmp/w/shot.png" ] || [ ! -s "$tmp/l/shot.png" ]; then
    failures=$((failures + 1))
    echo "FAIL window: no screenshot"
    tail -n 5 "$tmp/shot.l" "$tmp/shot.w"
  elif ! python3 tests/windows/png_compare.py "$tmp/l/shot.png" "$tmp/w/shot.png" 0.02; then
    failures=$((failures + 1))
    echo "FAIL window: the screenshots differ"
    keep=${TILESTEP_WINE_KEEP:-/tmp}
    cp "$tmp/l/shot.png" "$keep/tilestep-linux-shot.png"
    cp "$tmp/w/shot.png" "$keep/tilestep-wine-shot.png"
    echo "  kept as $keep/tilestep-{linux,wine}-shot.png"
  fi
fi

echo "tests/windows/run.sh: $((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
