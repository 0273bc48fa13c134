#!/usr/bin/env bash
# Installs the Debian packages tilestep needs (only the missing ones; apt is skipped when
# everything is present), then configures and builds into ./build (or $BUILD_DIR).
# Usage: scripts/setup.sh [--sanitize] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake ninja-build g++ pkg-config
          libglfw3-dev libimgui-dev python3-glad libstb-dev libcereal-dev
          libgtest-dev googletest libbenchmark-dev
          ccache libpugixml-dev zlib1g-dev libzstd-dev tiled
          xvfb xauth xdotool fonts-dejavu-core
          clang-14 libclang-rt-14-dev  # libFuzzer for tests/fuzz/run.sh
          libboost-dev  # Boost.Beast: the WebSocket of `--listen`
          python3 lua5.4 lua-socket nodejs mono-mcs mono-runtime godot3-server
          chromium-headless-shell)  # examples/emitters

sanitize=0
build=1
for arg in "$@"; do
  case "$arg" in
    --sanitize) sanitize=1 ;;
    --no-build) build=0 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup.sh: packages are missing and this is not root; run as root or install: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

[ "$build" -eq 1 ] || exit 0

jobs=$(nproc 2>/dev/null || echo 2)
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# Paths inside the checkout count as relative for ccache, so a fresh clone in another folder
# (CI's) reuses what an earlier build compiled.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
# Debug info names the build folder, so ccache would hash it in (hash_dir) and a -g build in a
# fresh clone would miss every time: the sanitized and fuzzing builds are the ones that need it.
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
if [ "$sanitize" -eq 1 ]; then
  dir=${BUILD_DIR:-build-asan}
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTILESTEP_SANITIZE=ON \
        -DTILESTEP_BENCH=OFF "${launcher[@]}" >/dev/null
else
  dir=${BUILD_DIR:-build}
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
fi
echo "== building in $dir"
ninja -C "$dir" -j "$jobs"
