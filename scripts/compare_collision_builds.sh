#!/bin/bash
# Compares two builds of `tilestep` on what the collision layer decides: `tilestep hunt`
# (report.json, report.md, case files; plain and --vary spawn,params; seeds 1 and 7) and
# `tilestep run --probes` traces (60 000 frames of seeded random keys, each actor in turn)
# over every maps/* sample and two extra top-down maps (walls and brushes on 16-px tiles; the
# same on 12-px tiles, where the queries divide instead of shifting). Every output must be the
# same bytes. Used to check that a speed-up of the collision queries changes no answer.
#
#   scripts/compare_collision_builds.sh BEFORE_TILESTEP AFTER_TILESTEP [FRAMES]
#
# FRAMES: explored frames per hunt (default 1000000). Exit 0 when everything matches.
set -u
before=$(realpath "$1") after=$(realpath "$2") frames=${3:-1000000}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/extra"
python3 - "$here/maps/grid-walls.json" "$work/extra" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["actors"] = [{"name": "box", "mover": "topdown_aabb", "x": 56, "y": 40, "w": 12, "h": 12}]
m["brushes"] = [{"x": 100, "y": 62, "w": 16, "h": 2}, {"x": 150, "y": 90, "w": 7, "h": 30},
                {"x": 200, "y": 150, "w": 40, "h": 3}, {"x": 0, "y": 100, "w": 30, "h": 5}]
json.dump(m, open(sys.argv[2] + "/td-walls-brushes.json", "w"), indent=1)
m["tile_size"] = 12
m["actors"] = [{"name": "box", "mover": "topdown_aabb", "x": 40, "y": 30, "w": 10, "h": 10},
               {"name": "b2", "mover": "scanline_slide", "x": 40, "y": 30, "w": 10, "h": 10}]
json.dump(m, open(sys.argv[2] + "/td-tile12.json", "w"), indent=1)
PY
# Seeded random key runs: 3000 runs of 1..20 frames, any combination of L R U D J.
awk 'BEGIN{s=12345; k[0]="L";k[1]="R";k[2]="U";k[3]="D";k[4]="J";
 for(i=0;i<3000;i++){s=(s*1103515245+12345)%2147483648; n=1+int(s/65536)%20;
  s=(s*1103515245+12345)%2147483648; m=int(s/65536)%32; line=n;
  for(b=0;b<5;b++) if(int(m/2^b)%2) line=line "," k[b]; print line}}' > "$work/keys.log"

# BIN OUT: every output of BIN under OUT, paths relative so that both builds' reports match.
outputs() {
    local bin=$1 out=$2
    mkdir -p "$out" && cd "$out" || exit 1
    ln -s "$here/maps" maps && ln -s "$work/extra" extra && ln -s "$work/keys.log" keys.log
    for m in maps/*.json maps/*.tmx extra/*.json; do
        local b actors a
        b=$(basename "$m") && b=${b//./_}
        for seed in 1 7; do
            "$bin" hunt "$m" --frames "$frames" --seed $seed --jobs 1 --out "h_${b}_$seed" \
                > "h_${b}_$seed.stdout" 2>&1
            echo "rc=$?" >> "h_${b}_$seed.stdout"
            "$bin" hunt "$m" --frames "$frames" --seed $seed --jobs 1 --vary spawn,params \
                --out "v_${b}_$seed" > "v_${b}_$seed.stdout" 2>&1
            echo "rc=$?" >> "v_${b}_$seed.stdout"
        done
        case "$m" in
            *.tmx) actors=_ ;;
            *) actors=$(python3 -c "import json,sys;print(' '.join(a['name'] for a in json.load(open(sys.argv[1]))['actors']))" "$m") ;;
        esac
        for a in $actors; do
            local act=()
            [ "$a" = _ ] || act=(--actor "$a")
            "$bin" run "$m" --frames 60000 --inputs keys.log "${act[@]}" --probes \
                --trace "r_${b}_$a.jsonl" > /dev/null 2> "r_${b}_$a.err"
            echo "rc=$?" >> "r_${b}_$a.err"
            # The traces are large: their hashes and line counts are compared.
            { sha256sum "r_${b}_$a.jsonl"; wc -l < "r_${b}_$a.jsonl"; } > "r_${b}_$a.sha"
            rm "r_${b}_$a.jsonl"
        done
    done
}

(outputs "$before" "$work/before")
(outputs "$after" "$work/after")
found=$(grep -l "rc=4" "$work"/before/*.stdout | wc -l)
if diff -r "$work/before" "$work/after"; then
    echo "same: every report, case file and probe trace ($found hunts with findings)"
else
    echo "DIFFERENT (above)"
    exit 1
fi
