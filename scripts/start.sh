#!/usr/bin/env bash
# Sets up (packages + build) and starts the tilestep editor on a map.
# Usage: scripts/start.sh [MAP]   (default: maps/platformer-slopes.json)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
map=${1:-maps/platformer-slopes.json}
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "start.sh: no display; running the headless simulation instead (tilestep run)" >&2
  exec ./build/app/tilestep run "$map" --frames 120
fi
exec ./build/app/tilestep "$map"
