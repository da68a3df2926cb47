#!/usr/bin/env bash
# How long KataSpec takes to compile as kata compiles it for a learner's first check (SpecLibrary.swift: Swift 6,
# -Onone, whole module, a symbol graph, code generation on every core, lld), for the working tree and for an older
# commit, alternately in the same run. One command: bench/kataspec-build.sh [--runs N] [--ref COMMIT]
# Prints the median wall and CPU time of each as Markdown (docs/PERFORMANCE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
ref=main
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --ref) ref="$2"; shift 2 ;;
    *) echo "usage: bench/kataspec-build.sh [--runs N] [--ref COMMIT]" >&2; exit 2 ;;
    esac
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/ref" "$scratch/tree"
git archive "$ref" Sources/KataSpec | tar -x -C "$scratch/ref"
cp -R Sources "$scratch/tree/" && find "$scratch/tree/Sources" -mindepth 1 -maxdepth 1 ! -name KataSpec -exec rm -rf {} +
swiftc=$(command -v swiftc)
lld=()
[ -x "$(dirname "$(readlink -f "$swiftc")")/ld.lld" ] && lld=(-use-ld=lld)

build() { # folder -> "wall cpu" in seconds
    local out="$scratch/out-$RANDOM"
    mkdir -p "$out"
    /usr/bin/time -f "%e %U %S" -o "$out/time" "$swiftc" -swift-version 6 -Onone -wmo -parse-as-library \
        -module-name KataSpec -emit-library -emit-symbol-graph -num-threads "$(nproc)" "${lld[@]}" \
        -emit-module -emit-module-path "$out/KataSpec.swiftmodule" -emit-symbol-graph-dir "$out" \
        -o "$out/libKataSpec.so" $(find "$1/Sources/KataSpec" -name '*.swift' | sort) >/dev/null
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$out/time"
    rm -rf "$out"
}

for _ in $(seq "$runs"); do
    build "$scratch/ref" >>"$scratch/ref.times"
    build "$scratch/tree" >>"$scratch/tree.times"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
lines() { find "$1/Sources/KataSpec" -name '*.swift' -exec cat {} + | wc -l; }
echo "| KataSpec | Swift lines | Median wall | Median CPU |"
echo "| --- | ---: | ---: | ---: |"
for name in ref tree; do
    label=$([ "$name" = ref ] && echo "$ref ($(git rev-parse --short "$ref"))" || echo "working tree")
    wall=$(cut -d' ' -f1 "$scratch/$name.times" | median)
    cpu=$(cut -d' ' -f2 "$scratch/$name.times" | median)
    echo "| $label | $(lines "$scratch/$name") | ${wall} s | ${cpu} s |"
done
echo
echo "$runs runs each, alternating; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
