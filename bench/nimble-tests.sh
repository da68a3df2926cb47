#!/usr/bin/env bash
# Nimble's own matcher tests on real Nimble and on KataSpec, changed only in their imports: prints the counts
# (docs/PERFORMANCE.md, "Nimble's matcher tests"). One command: bench/nimble-tests.sh [--version 13.8.0]
# Nimble is resolved with SwiftPM into bench/results/nimble-tests, which git ignores.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/nimble_tests.py "$@"
