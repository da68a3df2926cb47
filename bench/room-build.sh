#!/usr/bin/env bash
# An instructor's first `make room` (the room server's package, Room/) from a fresh clone, for each commit given,
# interleaved, in the same run. One command: bench/room-build.sh [--runs N] [--ref COMMIT]...
# Results go to standard output as Markdown; docs/PERFORMANCE.md keeps the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 bench/room_build.py "$@"
