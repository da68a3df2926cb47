#!/usr/bin/env bash
# Benchmarks kata check against a bare swiftc and a SwiftPM package per exercise. One command: bench/run.sh
# Results go to standard output as Markdown; docs/PERFORMANCE.md keeps the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product kata >/dev/null
swift build -c release --product kata-tools >/dev/null
exec python3 bench/bench.py "$(swift build -c release --show-bin-path)/kata" "$@"
