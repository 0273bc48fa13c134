#!/usr/bin/env bash
# Runs one language's walk example (docs/emitters.md) with TILESTEP_TRACE=DEST.
# usage: examples/emitters/run.sh LANG DEST
#   LANG: c, python, lua, js, csharp, gdscript, browser (js/walk.html in headless Chromium)
#   DEST: a file path or tcp://HOST:PORT; also unix:PATH (c, python, lua, js); for browser
#         only ws://HOST:PORT
# Every language writes the same trace: `tilestep diff` of any two says "same".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 LANG DEST" >&2; exit 2; }
lang=$1
export TILESTEP_TRACE=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "$lang" in
  c)
    ${CC:-cc} -std=c99 -Wall -Wextra -pedantic -Werror -I"$here/../../include" \
      "$here/c/walk.c" -o "$tmp/walk"
    "$tmp/walk" ;;
  python) python3 "$here/python/walk.py" ;;
  lua) lua5.4 "$here/lua/walk.lua" ;;
  js) node "$here/js/walk.js" ;;
  csharp)
    mcs -nologo -out:"$tmp/walk.exe" "$here/csharp/TilestepTrace.cs" "$here/csharp/Walk.cs"
    mono "$tmp/walk.exe" ;;
  gdscript)
    # Godot writes logs/ beside the scripts it runs: a copy in the temporary folder keeps the
    # source tree clean.
    cp "$here/gdscript/"*.gd "$tmp/"
    (cd "$tmp" && godot3-server --no-window -s walk.gd) ;;
  browser)
    # Headless Chromium keeps the page running while its --repl input stays open (else it
    # quits once the page has loaded): the walk needs well under a second of it;
    # TILESTEP_BROWSER_SECONDS (default 3) gives it that long. The browser runs in a process
    # group of its own, ended with it (also when run.sh itself is ended).
    # TILESTEP_BROWSER_LOG=FILE: the page's console (and the browser's log) is written there.
    secs=${TILESTEP_BROWSER_SECONDS:-3}
    log=${TILESTEP_BROWSER_LOG:-/dev/null}
    setsid chromium-headless-shell --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
      --repl "file://$here/js/walk.html?dest=$TILESTEP_TRACE&frame_ms=${TILESTEP_FRAME_MS:-0}" \
      < <(sleep $((secs + 5))) >"$log" 2>&1 &
    browser=$!
    trap 'kill -- -"$browser" 2>/dev/null; rm -rf "$tmp"' EXIT
    trap 'exit 143' TERM INT
    sleep "$secs" ;;
  *) echo "run.sh: unknown LANG '$lang' (c, python, lua, js, csharp, gdscript, browser)" >&2; exit 2 ;;
esac
