#!/usr/bin/env bash
# What reading the workbook in a translation costs: `kata list` in English (the baseline, which never reads a
# translation), `kata list` in Simplified Chinese (reads and checks chapters/zh-Hans/ too) and
# `kata translate status zh-Hans`, with a release build. Prints hyperfine's medians (or a loop's, without
# hyperfine) and, with valgrind, instruction counts, which do not depend on what else the machine runs.
# Usage: bench/lang.sh [runs]   (default 20); KATA_BIN=path times that binary; WORKBOOK=path another workbook.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
if [ -n "${KATA_BIN:-}" ]; then
    kata="$KATA_BIN"
else
    swift build -c release --product kata >/dev/null
    swift build -c release --product kata-tools >/dev/null
    kata="$(swift build -c release --show-bin-path)/kata"
fi
workbook="$(cd "${WORKBOOK:-.}" && pwd)"
echo "workbook: $(ls "$workbook"/chapters/*.md | wc -l) chapters, $(ls "$workbook"/chapters/zh-Hans/*.md 2>/dev/null | wc -l) translated into zh-Hans"
echo "machine:  $(nproc) cores, $(uname -m), load average $(cut -d' ' -f1 /proc/loadavg)"

commands=(
    "$kata list --workbook $workbook"
    "env KATA_LANG=zh-Hans $kata list --workbook $workbook"
    "$kata translate status zh-Hans --workbook $workbook"
)
names=("list, English" "list, zh-Hans" "translate status")

if command -v hyperfine >/dev/null 2>&1; then
    mkdir -p bench/results
    hyperfine --warmup 3 --runs "$runs" -N -i --export-json bench/results/lang.json "${commands[@]}" >/dev/null
    python3 - bench/results/lang.json "${names[@]}" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[0]["median"]
for name, result in zip(sys.argv[2:], results):
    print("%-18s median %6.1f ms  ratio %.2f" % (name, result["median"] * 1000, result["median"] / base))
PY
else
    for i in "${!commands[@]}"; do
        times=()
        for _ in $(seq "$runs"); do
            start=$(date +%s%N)
            ${commands[$i]} >/dev/null 2>&1 || true
            times+=($(( ($(date +%s%N) - start) / 1000000 )))
        done
        median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
        echo "${names[$i]}: median ${median} ms"
    done
fi

if command -v valgrind >/dev/null 2>&1; then
    # valgrind measures kata itself, so the language is set around it rather than through env.
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    base=$(count "$kata" list --workbook "$workbook")
    zh=$(KATA_LANG=zh-Hans count "$kata" list --workbook "$workbook")
    status=$(count "$kata" translate status zh-Hans --workbook "$workbook")
    python3 -c "
base, zh, status = $base, $zh, $status
for name, n in (('list, English', base), ('list, zh-Hans', zh), ('translate status', status)):
    print('%-18s %6.1f M instructions  ratio %.2f' % (name, n / 1e6, n / base))"
fi
