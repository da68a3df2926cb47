#!/usr/bin/env bash
# What linking Foundation's networking (URLSession, FoundationNetworking on Linux) would add to every kata
# command's start: two tiny programs, one that only imports Foundation and one that also touches URLSession,
# each started N times (default 200), interleaved; prints the median per start. Why kata's room client speaks
# HTTP over a socket itself (docs/PERFORMANCE.md).
set -euo pipefail
runs="${1:-200}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/plain.swift" <<'SWIFT'
import Foundation
print(Date().timeIntervalSince1970 > 0)
SWIFT
cat > "$work/networking.swift" <<'SWIFT'
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
_ = URLSession.shared
print(Date().timeIntervalSince1970 > 0)
SWIFT
swiftc -O "$work/plain.swift" -o "$work/plain"
swiftc -O "$work/networking.swift" -o "$work/networking"
python3 - "$work" "$runs" <<'PY'
import statistics, subprocess, sys, time
work, runs = sys.argv[1], int(sys.argv[2])
samples = {"plain": [], "networking": []}
for _ in range(runs):
    for name in samples:
        start = time.perf_counter()
        subprocess.run([work + "/" + name], stdout=subprocess.DEVNULL)
        samples[name].append(time.perf_counter() - start)
plain, networking = (statistics.median(samples[n]) * 1000 for n in ("plain", "networking"))
print("Foundation only: %.1f ms per start; with URLSession: %.1f ms (+%.1f ms, %.2fx), medians of %d" % (
    plain, networking, networking - plain, networking / plain, runs))
PY
