#!/usr/bin/env bash
# What a check costs on the toolchain's real Swift Testing and XCTest, against the compiler's floor for the same
# kind of file and against a KataSpec check, measured in the same run. One command: bench/frameworks.sh [--runs N]
# It uses the debug build, as `make run` does. Results go to standard output as Markdown (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product kata >/dev/null
exec python3 bench/frameworks.py "$(swift build --show-bin-path)/kata" "$@"
