#!/usr/bin/env bash
# What starting a compiler's job and a learner's program costs now, against before and the alternatives (see
# bench/spawn.c). One command: bench/spawn.sh [MiB held by the starting process, default 64]. Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# kata_spawn as it was before it started every process, renamed so that it links beside today's.
before=7c20f04
rename='s/kata_spawn/before_spawn/g; s/KATA_CSPAWN_H/BEFORE_CSPAWN_H/g; s/"CSpawn.h"/"before.h"/'
git show "$before:Sources/CSpawn/include/CSpawn.h" | sed "$rename" > "$out/before.h"
git show "$before:Sources/CSpawn/spawn.c" | sed "$rename" > "$out/before.c"
cc -O2 -ISources/CSpawn/include -I"$out" bench/spawn.c Sources/CSpawn/spawn.c "$out/before.c" -o "$out/spawn"
"$out/spawn" "${1:-64}"
