#!/usr/bin/env bash
# The workbook's Quick and Nimble chapters on real Quick and Nimble, assembled as kata assembles them: prints, per
# exercise, that the reference solution passes, the starter fails and every mutant is caught (docs/KataSpec.md,
# "The chapters on real Quick and Nimble"). One command: bench/real-quick.sh [--quick 7.6.2] [--nimble 13.8.0] [id ...]
# Quick and Nimble are resolved with SwiftPM into bench/results/real-quick, which git ignores.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/real_quick.py "$@"
