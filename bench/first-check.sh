#!/usr/bin/env bash
# The learner's first minutes on a fresh workbook: kata next, 30 s of reading, the first kata check, with and without
# the preparation kata next starts. One command: bench/first-check.sh [--runs N] [--read SECONDS]
# It uses the debug build, as `make run` does. Results go to standard output as Markdown (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product kata >/dev/null
exec python3 bench/first_check.py "$(swift build --show-bin-path)/kata" "$@"
