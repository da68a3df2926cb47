#!/usr/bin/env bash
# Times `kata build-site` on the whole bundled workbook (a learner's build and an instructor's),
# with a release build of kata. Prints the median; hyperfine is used when it is installed,
# otherwise a loop of runs timed with date. Usage: bench/site.sh [runs]   (default 20)
# KATA_BIN=path/to/kata skips the release build and times that binary instead;
# WORKBOOK=path times another workbook (default: the one in this repository).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
if [ -n "${KATA_BIN:-}" ]; then
    kata="$KATA_BIN"
else
    swift build -c release --product kata >/dev/null
    kata="$(swift build -c release --show-bin-path)/kata"
fi
workbook="${WORKBOOK:-.}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

echo "workbook: $(ls "$workbook"/chapters/*.md | wc -l) chapters, $(cat "$workbook"/chapters/*.md | wc -l) lines of Markdown"
echo "machine:  $(nproc) cores, $(uname -m)"

if command -v hyperfine >/dev/null 2>&1; then
    mkdir -p bench/results
    hyperfine --warmup 3 --runs "$runs" -N \
        --export-json bench/results/site.json \
        "$kata build-site --workbook $workbook --out $out/learner" \
        "$kata build-site --workbook $workbook --out $out/instructor --with-solutions"
    python3 - bench/results/site.json <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print("median %6.1f ms  %s" % (result["median"] * 1000, result["command"].split(" --out ")[1].split()[0].rsplit("/", 1)[1]))
PY
else
    for build in learner instructor; do
        extra=()
        [ "$build" = instructor ] && extra=(--with-solutions)
        "$kata" build-site --workbook "$workbook" --out "$out/$build" "${extra[@]}" >/dev/null
        times=()
        for _ in $(seq "$runs"); do
            start=$(date +%s%N)
            "$kata" build-site --workbook "$workbook" --out "$out/$build" "${extra[@]}" >/dev/null
            times+=($(( ($(date +%s%N) - start) / 1000 )))
        done
        median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')
        awk -v m="$median" -v b="$build" -v r="$runs" 'BEGIN { printf "median %6.1f ms  %s (%d runs)\n", m / 1000, b, r }'
    done
fi
