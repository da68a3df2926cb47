#!/usr/bin/env bash
# Times `kata build-site` on the whole bundled workbook (a learner's build and an instructor's, each
# with every language's edition, and the learner's build of the workbook without its translations),
# with a release build of kata, and reports what the site weighs
# (pages, print.html, the search index raw and gzipped). Prints medians; hyperfine is used when it
# is installed, otherwise a loop of runs timed with date. Usage: bench/site.sh [runs]   (default 20)
# KATA_BIN=path/to/kata skips the release build and times that binary instead;
# BASELINE_BIN=path/to/older/kata times that binary's learner build in the same run, as the baseline;
# WORKBOOK=path times another workbook (default: the one in this repository).
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
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

echo "workbook: $(ls "$workbook"/chapters/*.md | wc -l) chapters, $(cat "$workbook"/chapters/*.md | wc -l) lines of Markdown"
echo "machine:  $(nproc) cores, $(uname -m), load $(cut -d' ' -f1-3 /proc/loadavg)"

commands=(
    "$kata build-site --workbook $workbook --out $out/learner"
    "$kata build-site --workbook $workbook --out $out/instructor --with-solutions"
)
names=(learner instructor)
# The same workbook without its translations, built by the same binary in the same run: what the
# other languages' editions add to a build.
single="$out/english-only-workbook"
mkdir -p "$single"
for item in chapters docs solutions site.md README.md; do
    [ -e "$workbook/$item" ] && cp -r "$workbook/$item" "$single/"
done
find "$single/chapters" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
commands+=("$kata build-site --workbook $single --out $out/english-only")
names+=(english-only)
if [ -n "${BASELINE_BIN:-}" ]; then
    commands+=("$BASELINE_BIN build-site --workbook $workbook --out $out/baseline")
    names+=(baseline)
fi

if command -v hyperfine >/dev/null 2>&1; then
    mkdir -p bench/results
    hyperfine --warmup 3 --runs "$runs" -N --export-json bench/results/site.json "${commands[@]}" >/dev/null
    python3 - bench/results/site.json "${names[@]}" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
names = sys.argv[2:]
medians = {}
for name, result in zip(names, results):
    medians[name] = result["median"] * 1000
    print("median %6.1f ms  user %6.1f ms  %s" % (medians[name], result["user"] * 1000, name))
if "english-only" in medians:
    print("learner (every language) / english-only: %.2f" % (medians["learner"] / medians["english-only"]))
if "baseline" in medians:
    print("learner / baseline: %.2f" % (medians["learner"] / medians["baseline"]))
PY
else
    for index in "${!commands[@]}"; do
        ${commands[$index]} >/dev/null
        times=()
        for _ in $(seq "$runs"); do
            start=$(date +%s%N)
            ${commands[$index]} >/dev/null
            times+=($(( ($(date +%s%N) - start) / 1000 )))
        done
        median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')
        awk -v m="$median" -v b="${names[$index]}" -v r="$runs" 'BEGIN { printf "median %6.1f ms  %s (%d runs)\n", m / 1000, b, r }'
    done
fi

site="$out/learner"
echo "site:     $(find "$site" -name '*.html' | wc -l) HTML files in $(ls -d "$site"/index.html "$site"/*/index.html 2>/dev/null | wc -l) languages, $(du -sk "$site" | cut -f1) KB in all"
echo "          print.html $(( $(stat -c %s "$site/print.html") / 1024 )) KB"
# Each edition's search index: its size on disk, and the terms the page's tokenizer (search.js) makes of it
# when a reader first searches (words for English; pairs of characters, and a run's last one, for Chinese).
for edition in "$site" "$site"/*/; do
    [ -f "$edition/search-index.json" ] || continue
    name="$(basename "$edition")"; [ "$edition" = "$site" ] && name="en"
    terms=""
    if command -v node >/dev/null 2>&1; then
        terms=", $(node -e '
const fs = require("fs");
const s = fs.readFileSync(process.argv[1], "utf8");
eval(s.slice(s.indexOf("  var cjk = "), s.indexOf("  var index = null;")));
const index = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let terms = 0; const distinct = new Set();
for (const e of index.entries) for (const t of tokenize([e.title, e.text || "", e.names || "", e.id || ""].join(" "))) { terms++; distinct.add(t.term); }
console.log(terms + " terms (" + distinct.size + " distinct)");' "$edition/assets/search.js" "$edition/search-index.json")"
    fi
    echo "          search index ($name) $(( $(stat -c %s "$edition/assets/search-index.js") / 1024 )) KB, $(( $(gzip -c "$edition/assets/search-index.js" | wc -c) / 1024 )) KB gzipped, $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["entries"]))' "$edition/search-index.json") entries$terms"
done
