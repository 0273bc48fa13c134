#!/bin/bash
# Compares `tilestep hunt` between two builds over mover plugins and over the sample maps' own
# movers: each hunt's report.json and case files must be the same bytes. Used to check that a
# change to how the hunt steps and explores (the plugin host's messages, the hunt's batching,
# its archive) changes no finding.
#
#   scripts/compare_plugin_hunts.sh BEFORE_BIN_DIR AFTER_BIN_DIR PLUGIN_DIR [FRAMES]
#
# *_BIN_DIR hold `tilestep` and `tilestep-plugin-host`; PLUGIN_DIR the example plugins
# (celeste_plugin.so, topdown_aabb_plugin.so) and the test plugins (crash_step.so, ...).
# Exit 0 when every report matches.
set -u
before=$(cd "$1" && pwd) after=$(cd "$2" && pwd) plugins=$(cd "$3" && pwd) frames=${4:-200000}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# MAP MOVER OUT: MAP with its first actor's mover replaced (the model's own parameters).
retarget() {
    python3 - "$1" "$2" "$3" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
a = m["actors"][0]
a["mover"] = sys.argv[2]
a.pop("params", None)
m["actors"] = [a]
json.dump(m, open(sys.argv[3], "w"), indent=1)
PY
}

retarget "$here/maps/platformer-slopes.json" plugin:celeste "$work/celeste.json"
retarget "$here/maps/zelda-room.json" plugin:topdown_aabb "$work/topdown.json"
retarget "$here/maps/grid-walls.json" plugin:topdown_aabb "$work/topdown-grid.json"
# A closed room for the test plugins (they walk without collision), as tests/hunt's.
python3 - "$work/topdown.json" "$work/room.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
w, h = 10, 4
m["width"], m["height"] = w, h
m["tiles"] = [" ".join("1" if y in (0, h - 1) or x in (0, w - 1) else "0" for x in range(w))
              for y in range(h)]
m["walls"] = {"h": [], "v": []}
m["brushes"] = []
m["actors"][0].update({"x": 30, "y": 20, "w": 12, "h": 12})
json.dump(m, open(sys.argv[2], "w"), indent=1)
PY

status=0
# NAME MAP PLUGIN FRAMES [EXTRA FLAGS...]
compare() {
    local name=$1 map=$2 plugin=$3 n=$4
    shift 4
    # Each side in its own folder, with the same relative paths (the report names them).
    for side in before after; do
        local bin=$before
        [ $side = after ] && bin=$after
        mkdir -p "$work/$side"
        cp "$work/$map" "$work/$side/$map"
        (cd "$work/$side" && TILESTEP_PLUGIN_HOST="$bin/tilestep-plugin-host" \
            "$bin/tilestep" hunt "$map" ${plugin:+--plugin "$plugins/$plugin"} --frames "$n" \
            --out "out-$name" "$@" >"$name.stdout" 2>"$name.stderr")
        echo $? >"$work/$side/$name.rc"
    done
    local b=$work/before a=$work/after
    if [ -f "$a/out-$name/report.json" ] && diff -r "$b/out-$name" "$a/out-$name" >/dev/null &&
        cmp -s "$b/$name.stdout" "$a/$name.stdout" && cmp -s "$b/$name.rc" "$a/$name.rc"; then
        echo "same: $name, exit $(cat "$a/$name.rc"): $(tail -1 "$a/$name.stdout")"
    else
        echo "DIFFERENT: $name (exit $(cat "$b/$name.rc") / $(cat "$a/$name.rc"))"
        diff -r "$b/out-$name" "$a/out-$name" 2>&1 | head -20
        diff "$b/$name.stdout" "$a/$name.stdout" | head -5
        tail -3 "$a/$name.stderr"
        status=1
    fi
}

compare celeste celeste.json celeste_plugin.so "$frames" --seed 7
compare celeste-seed2 celeste.json celeste_plugin.so "$frames" --seed 2
compare topdown topdown.json topdown_aabb_plugin.so "$frames" --seed 7
compare topdown-grid topdown-grid.json topdown_aabb_plugin.so "$frames" --seed 7
compare topdown-vary topdown.json topdown_aabb_plugin.so "$((frames / 2))" --vary spawn,params
for p in crash_step exit_step endless_step nondeterministic; do
    retarget "$work/room.json" "plugin:$p" "$work/room-$p.json"
    compare "$p" "room-$p.json" "$p.so" 20000 --seed 7
done
# The built-in movers on the sample maps (a lip on platformer-slopes), two threads.
for m in "$here"/maps/*.json; do
    name=$(basename "$m" .json)
    cp "$m" "$work/$name.json"
    compare "builtin-$name" "$name.json" "" "$frames" --seed 3 --jobs 2
done
exit $status
