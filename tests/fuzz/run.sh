#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang-14, ASan + UBSan) in ./build-fuzz and runs each one for
# SECONDS (default 60): the JSON and binary map loaders and the input-log parser, then the
# Tiled (.tmx/.tmj) and LDtk importers for 2/3 of SECONDS each (keeps CI's 45 s run near 4 min).
# Usage: tests/fuzz/run.sh [SECONDS]
# Seeds: maps/*.json (converted to .tsmap for the binary loader at run time), maps/*.tmx, the
# orthogonal Tiled examples in /usr/share/doc/tiled/examples (package tiled, copied at run
# time, not committed) and tests/fuzz/seeds/. fuzz_tiled_import writes each input into a temp
# folder that also holds a valid tileset.tsx/.tsj and template.tx/.tj the seeds refer to. What a run finds new is kept in build-fuzz/corpus/NAME for the next run;
# a crash is written to build-fuzz/artifacts/ and ends the script with status 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
case "$seconds" in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number" >&2; exit 2 ;; esac
bash scripts/setup.sh --no-build  # packages, clang-14 and libclang-rt-14-dev among them

dir=build-fuzz
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
# Debug info names the build folder, so ccache would hash it in (hash_dir) and a -g build in a
# fresh clone would miss every time: the sanitized and fuzzing builds are the ones that need it.
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DTILESTEP_FUZZ=ON \
      -DTILESTEP_APP=OFF -DTILESTEP_TESTS=OFF -DTILESTEP_BENCH=OFF "${launcher[@]}" >/dev/null
ninja -C "$dir" -j "$(nproc 2>/dev/null || echo 2)" \
      fuzz_map_json fuzz_map_binary fuzz_input_log fuzz_tiled_import fuzz_ldtk_import \
      fuzz_trace fuzz_make_binary_seeds

seeds="$dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/map_json" "$seeds/map_binary" "$seeds/input_log" "$seeds/tiled_import" \
         "$seeds/ldtk_import" "$seeds/trace" "$dir/artifacts"
cp maps/*.json "$seeds/map_json/"
"$dir/tests/fuzz/fuzz_make_binary_seeds" "$seeds/map_binary" maps/*.json
cp tests/fuzz/seeds/input_log/* "$seeds/input_log/"
cp maps/*.tmx tests/fuzz/seeds/tiled_import/* "$seeds/tiled_import/"
for f in /usr/share/doc/tiled/examples/*.tmx; do
  if [ -f "$f" ] && grep -q 'orientation="orthogonal"' "$f"; then cp "$f" "$seeds/tiled_import/"; fi
done
cp tests/fuzz/seeds/ldtk_import/* "$seeds/ldtk_import/"
cp tests/fuzz/seeds/trace/* "$seeds/trace/"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
status=0
for name in map_json map_binary input_log tiled_import ldtk_import trace; do
  mkdir -p "$dir/corpus/$name"
  t=$seconds
  case "$name" in *_import|trace) t=$(( seconds * 2 / 3 > 0 ? seconds * 2 / 3 : 1 )) ;; esac
  echo "== fuzz_$name for $t s"
  # 2 GB and 10 s per input: a loader that allocates or loops past that is a finding too.
  log="$dir/fuzz_$name.log"
  dict=()
  [ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
  rc=0
  "$dir/tests/fuzz/fuzz_$name" "${dict[@]}" -max_total_time="$t" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$dir/artifacts/${name}-" \
      "$dir/corpus/$name" "$seeds/$name" >"$log" 2>&1 || rc=$?
  # The progress lines (NEW, REDUCE, pulse) stay in the log; the summary and any report show.
  grep -v '^#[0-9]*[[:space:]]*\(NEW\|REDUCE\|pulse\|RELOAD\)' "$log" |
    sed '/Recommended dictionary/,/End of recommended dictionary/d' | tail -n 60
  if [ "$rc" -ne 0 ]; then
    echo "run.sh: fuzz_$name found a problem (exit $rc): see $log and $dir/artifacts/" >&2
    status=1
  fi
done
exit "$status"
