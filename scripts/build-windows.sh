#!/usr/bin/env bash
# Cross-builds tilestep for 64-bit Windows on Debian 12 and packs it as a release folder and
# zip: build-win/release/tilestep-windows-x86_64{/,.zip} holding tilestep.exe (static C++
# runtime, shaders built in), the process mover plugins run in (tilestep-plugin-host.exe)
# and the UI font beside it, the plugin and emitter headers, the sample maps and a README.
# Installs what it needs from Debian (as root): mingw-w64 (posix threads), Wine to run the
# tests (tests/windows/run.sh), zlib for mingw, and the source packages of GLFW, Dear ImGui,
# pugixml and zstd (apt-get source, through deb-src entries for the machine's own mirror).
# Usage: scripts/build-windows.sh [--no-package]   (BUILD_DIR: build-win; TILESTEP_WIN_SRC:
# where the source packages go, $BUILD_DIR/src)
set -euo pipefail
cd "$(dirname "$0")/.."

package=1
for arg in "$@"; do
  case "$arg" in
    --no-package) package=0 ;;
    *) echo "build-windows.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

PACKAGES=(g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix libz-mingw-w64-dev wine wine64
          dpkg-dev cmake ninja-build python3-glad libcereal-dev rapidjson-dev libboost-dev libstb-dev
          fonts-dejavu-core zip ccache)
SOURCES=(glfw3 imgui pugixml libzstd)
declare -A SOURCE_DEV=([glfw3]=libglfw3-dev [imgui]=libimgui-dev [pugixml]=libpugixml-dev
                       [libzstd]=libzstd-dev)
dir=${BUILD_DIR:-build-win}
src=${TILESTEP_WIN_SRC:-$PWD/$dir/src}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
need_sources=0
for s in "${SOURCES[@]}"; do
  ls -d "$src/$s"-*/ >/dev/null 2>&1 || need_sources=1
done
if [ ${#missing[@]} -gt 0 ] || [ "$need_sources" -eq 1 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "build-windows.sh: run as root to install ${missing[*]:-the source packages}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  # deb-src for each mirror the machine already uses for binaries (deb822 or one-line lists).
  if [ "$need_sources" -eq 1 ] && ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "== adding deb-src entries (/etc/apt/sources.list.d/tilestep-deb-src.*)"
    # Written beside, then moved in: the loop must not read the file it is writing.
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] && [ "$(basename "$f")" != tilestep-deb-src.sources ] || continue
      sed -n '/^Types:/,/^$/p' "$f" | sed 's/^Types:.*/Types: deb-src/' | grep -v '^#'
      echo
    done > /etc/apt/tilestep-deb-src.sources.new
    mv /etc/apt/tilestep-deb-src.sources.new /etc/apt/sources.list.d/tilestep-deb-src.sources
    if [ -f /etc/apt/sources.list ]; then
      grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
        > /etc/apt/sources.list.d/tilestep-deb-src.list || true
    fi
  fi
  apt-get update -qq
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}"
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi
if [ "$need_sources" -eq 1 ]; then
  echo "== fetching sources: ${SOURCES[*]} into $src"
  mkdir -p "$src"
  # One package at a time, each first at the version of the -dev package the Linux build
  # links (so both builds use the same code), then at the mirror's newest: a mirror may list a
  # security update whose source files it does not hold (404), and one failed fetch must not
  # lose the other three.
  for s in "${SOURCES[@]}"; do
    ls -d "$src/$s"-*/ >/dev/null 2>&1 && continue
    v=$(dpkg-query -W -f='${source:Version}' "${SOURCE_DEV[$s]}" 2>/dev/null || true)
    if [ -n "$v" ] && (cd "$src" && apt-get source -qq "$s=$v" 2>&1 | grep -v '^W: \|unsandboxed as root'; \
                       ls -d "$s"-*/ >/dev/null 2>&1); then
      continue
    fi
    (cd "$src" && apt-get source -qq "$s" 2>&1 | grep -v '^W: \|unsandboxed as root' || true)
    if ! ls -d "$src/$s"-*/ >/dev/null 2>&1; then
      echo "build-windows.sh: could not fetch the source package $s${v:+ (tried $v and the newest)}" >&2
      exit 1
    fi
  done
fi

export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake \
        -DCMAKE_BUILD_TYPE=Release -DTILESTEP_TESTS=OFF -DTILESTEP_BENCH=OFF \
        -DTILESTEP_WIN_SRC="$src" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
        -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null
fi
jobs=$(nproc 2>/dev/null || echo 2)
echo "== building tilestep.exe and tilestep-plugin-host.exe in $dir"
ninja -C "$dir" -j "$jobs" tilestep tilestep-plugin-host

[ "$package" -eq 1 ] || exit 0
name=tilestep-windows-x86_64
rel=$dir/release/$name
rm -rf "$rel" "$dir/release/$name.zip"
mkdir -p "$rel/include/tilestep" "$rel/maps"
cp "$dir/app/tilestep.exe" "$dir/app/tilestep-plugin-host.exe" "$rel/"
x86_64-w64-mingw32-strip "$rel/tilestep.exe" "$rel/tilestep-plugin-host.exe"
cp "$dir/app/DejaVuSans.ttf" "$rel/"
cp include/tilestep/*.h "$rel/include/tilestep/"
cp maps/* "$rel/maps/"
cp docs/windows.md "$rel/README.txt"
(cd "$dir/release" && zip -qr "$name.zip" "$name")
echo "== $dir/release/$name.zip ($(du -h "$dir/release/$name.zip" | cut -f1))"
