#!/usr/bin/env bash
# The classroom room under load, and what a room costs a check. One command: bench/room.sh [--duration S] [--runs N]
# Builds kata and kata-room (the package in Room/) in release mode, installs wrk (Debian) when missing, and runs bench/room.py.
# Results go to standard output as Markdown; docs/PERFORMANCE.md keeps the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wrk >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
    else
        echo "bench/room.sh: needs wrk: sudo apt-get install -y wrk" >&2
        exit 1
    fi
fi
swift build -c release --product kata >/dev/null
swift build --package-path Room -c release --product kata-room >/dev/null
bin="$(swift build -c release --show-bin-path)"
room_bin="$(swift build --package-path Room -c release --show-bin-path)"
exec python3 bench/room.py "$bin/kata" "$room_bin/kata-room" "$@"
