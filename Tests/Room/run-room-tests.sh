#!/usr/bin/env bash
# The room's tests that need more than Swift: the GitHub Classroom workflow `kata room github` writes is
# validated against GitHub's workflow schema (check-jsonschema, offline), for the fixture workbook and the
# bundled one, per exercise and per chapter; the room is flooded with slow clients under `ulimit -n 1024`
# (Tests/Room/flood_test.py); then the dashboard is loaded in headless Chromium while a real `kata check`
# reports to a real `kata-room` (Tests/Room/dashboard_test.py).
# Run scripts/setup-site-tests.sh first (make test does). KATA_BIN and KATA_ROOM_BIN pick the binaries.
set -euo pipefail
cd "$(dirname "$0")/../.."

kata="${KATA_BIN:-$(swift build --show-bin-path)/kata}"
room="${KATA_ROOM_BIN:-$(swift build --package-path Room --show-bin-path)/kata-room}"
for binary in "$kata" "$room"; do
    if [ ! -x "$binary" ]; then
        echo "room tests: no binary at $binary; run 'make build room' first" >&2
        exit 1
    fi
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cp -r Tests/EndToEndTests/Fixtures/check "$work/fixture"
mkdir "$work/bundled"
cp -r chapters solutions "$work/bundled/"
for workbook in fixture bundled; do
    for per in exercise chapter; do
        "$kata" room github --workbook "$work/$workbook" --per "$per" >/dev/null
        check-jsonschema --builtin-schema vendor.github-workflows "$work/$workbook/.github/workflows/classroom.yml" >/dev/null
        echo "ok - the GitHub Classroom workflow of the $workbook workbook, one step per $per, matches GitHub's schema"
    done
done

echo "room tests: a slow-client flood, oversized and slow requests and a join-code storm, with ulimit -n 1024"
python3 Tests/Room/flood_test.py --kata-room "$room"

echo "room tests: the dashboard in headless Chromium"
python3 Tests/Room/dashboard_test.py --kata "$kata" --kata-room "$room" --screenshots "${ROOM_SCREENSHOTS:-.build/room-tests}"
