#!/usr/bin/env bash
# What starting one compiler's job costs now, against the alternatives (see bench/spawn.c). One command:
# bench/spawn.sh [MiB held by the starting process, default 64]. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cc -O2 -ISources/CSpawn/include bench/spawn.c Sources/CSpawn/spawn.c -o "$out/spawn"
"$out/spawn" "${1:-64}"
