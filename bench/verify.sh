#!/usr/bin/env bash
# kata verify of the whole bundled workbook, cold, at this checkout and at earlier commits, in the same run
# (bench/verify.py says how). One command: bench/verify.sh [--runs N] [--ref COMMIT]...
# Results go to standard output as Markdown; docs/PERFORMANCE.md keeps the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec python3 bench/verify.py "$@"
