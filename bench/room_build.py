#!/usr/bin/env python3
"""An instructor's first `make room` from a fresh clone, commit against commit, in the same run.

Usage: bench/room_build.py [--runs N] [--ref COMMIT]...   (default: the commit checked out here)

Each run is a `git clone` of this repository into a new temporary folder, a checkout of the commit, and `make room`
(setup, resolve, and the debug build of `kata-room` in Room/.build). Packages come from the machine's package mirror
through SwiftPM's shared repository cache, as in bench/first_build.py, so a run measures resolving, checking out and
building. Runs are interleaved (each commit in turn, N times). Medians of wall time and CPU time (user + system of
every process the build ran, which moves far less with the machine's load); ratios against the first commit given,
and the number of build steps SwiftPM planned (its last `[n/N]`). The load average at the start of each run is printed.
"""
import os, re, resource, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def args():
    runs, refs = 1, []
    argv = sys.argv[1:]
    while argv:
        flag = argv.pop(0)
        if flag == "--runs":
            runs = int(argv.pop(0))
        elif flag == "--ref":
            refs.append(argv.pop(0))
        else:
            sys.exit(f"room_build.py: unknown argument {flag}; usage: --runs N --ref COMMIT ...")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return runs, refs or [head.stdout.strip()]


def one(ref, parent):
    folder = os.path.join(parent, "clone")
    subprocess.run(["git", "clone", "-q", ROOT, folder], check=True)
    subprocess.run(["git", "checkout", "-q", ref], cwd=folder, check=True)
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(["make", "room"], cwd=folder, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"make room at {ref} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    steps = [int(m) for m in re.findall(r"\[\d+/(\d+)\]", result.stdout + result.stderr)]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, max(steps) if steps else 0, load


def main():
    runs, refs = args()
    results = {ref: [] for ref in refs}
    for run in range(runs):
        for ref in refs:
            with tempfile.TemporaryDirectory() as parent:
                results[ref].append(one(ref, parent))
                wall, cpu, steps, load = results[ref][-1]
                print(f"run {run + 1}, {ref}: {wall:.1f} s wall, {cpu:.1f} s CPU, {steps} steps, load {load:.1f}",
                      file=sys.stderr)
    first = refs[0]
    base_wall = statistics.median(r[0] for r in results[first])
    base_cpu = statistics.median(r[1] for r in results[first])
    print("| Fresh clone, `make room` | Median wall | Ratio | Median CPU | CPU ratio | Build steps | Load at start |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for ref in refs:
        wall = statistics.median(r[0] for r in results[ref])
        cpu = statistics.median(r[1] for r in results[ref])
        steps = max(r[2] for r in results[ref])
        loads = ", ".join(f"{r[3]:.1f}" for r in results[ref])
        print(f"| {ref} | {wall:.1f} s | {wall / base_wall:.2f}x | {cpu:.1f} s | {cpu / base_cpu:.2f}x | {steps} | {loads} |")


main()
