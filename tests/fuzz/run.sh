#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang-14, ASan + UBSan) in ./build-fuzz and runs each one for
# SECONDS (default 60): the JSON and binary map loaders and the input-log parser.
# Usage: tests/fuzz/run.sh [SECONDS]
# Seeds: maps/*.json (converted to .tsmap for the binary loader at run time) and
# tests/fuzz/seeds/. What a run finds new is kept in build-fuzz/corpus/NAME for the next run;
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
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DTILESTEP_FUZZ=ON \
      -DTILESTEP_APP=OFF -DTILESTEP_TESTS=OFF -DTILESTEP_BENCH=OFF "${launcher[@]}" >/dev/null
ninja -C "$dir" -j "$(nproc 2>/dev/null || echo 2)" \
      fuzz_map_json fuzz_map_binary fuzz_input_log fuzz_make_binary_seeds

seeds="$dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/map_json" "$seeds/map_binary" "$seeds/input_log" "$dir/artifacts"
cp maps/*.json "$seeds/map_json/"
"$dir/tests/fuzz/fuzz_make_binary_seeds" "$seeds/map_binary" maps/*.json
cp tests/fuzz/seeds/input_log/* "$seeds/input_log/"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
status=0
for name in map_json map_binary input_log; do
  mkdir -p "$dir/corpus/$name"
  echo "== fuzz_$name for $seconds s"
  # 2 GB and 10 s per input: a loader that allocates or loops past that is a finding too.
  log="$dir/fuzz_$name.log"
  dict=()
  [ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
  rc=0
  "$dir/tests/fuzz/fuzz_$name" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
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
