#!/usr/bin/env bash
# The room's tests that need more than Swift: a GitHub Classroom assignment made by `kata room github` is pushed,
# cloned and graded by its own workflow, run step by step in a fresh clone (Tests/Room/classroom_test.py, which
# also validates the workflows against GitHub's schema with check-jsonschema); the room is flooded with slow
# clients under `ulimit -n 1024` (Tests/Room/flood_test.py); then the dashboard is loaded in headless Chromium while a real `kata check`
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
echo "room tests: a GitHub Classroom assignment, pushed, cloned by a learner and graded by its workflow"
python3 Tests/Room/classroom_test.py --kata "$kata"

echo "room tests: a slow-client flood, oversized and slow requests and a join-code storm, with ulimit -n 1024"
python3 Tests/Room/flood_test.py --kata-room "$room"

echo "room tests: the dashboard in headless Chromium"
python3 Tests/Room/dashboard_test.py --kata "$kata" --kata-room "$room" --screenshots "${ROOM_SCREENSHOTS:-.build/room-tests}"
