#!/usr/bin/env bash
# A learner's first build: a fresh-clone `make run` against the cold build of a package that depends on
# swift-argument-parser alone, in the same run (bench/first_build.py says how).
# One command: bench/first-build.sh [--runs N] [--ref COMMIT]...   (or make bench-first-build)
# Results go to standard output as Markdown; docs/PERFORMANCE.md keeps the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 bench/first_build.py "$@"
