#!/usr/bin/env bash
# Sets up (packages + build) and runs every test with ctest.
# Usage: scripts/test.sh [--sanitize]   (--sanitize: AddressSanitizer + UBSan build in build-asan)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "$@"
dir=build
ctest_args=()
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-asan
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  # The window tests drive Mesa's software GL, which is not built with the sanitizers.
  ctest_args+=(-LE '^test_app')
fi
cd "$dir"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" --timeout 600 "${ctest_args[@]}"
