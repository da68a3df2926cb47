#!/usr/bin/env python3
"""kata verify of the whole bundled workbook, cold, at this commit and at earlier ones, in the same run.

Usage: bench/verify.py [--runs N] [--ref COMMIT]...

For this checkout and for each REF (a clone of this repository checked out there, built as `make run` builds, in
debug), the workbook of that commit is verified with the kata-tools of that commit: `kata verify --no-cache` after
the compiled modules (.kata/cache/units) and the record of sound checks are removed, so that every check compiles,
links and runs what it needs; KataSpec and kata's harness are built once before the first run, as a learner's first
check builds them. The runs are interleaved (this checkout, then each ref, N times), so that a change in the
machine's load falls on all of them alike. Medians of N runs; ratios against the first REF given (the baseline),
or against this checkout when none is. The load average before each run, and the CPU time of each (every process
the verify started, read by `perf stat` when it is installed), are printed beside the wall time.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
REFS = [sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--ref"]


def run(command, cwd, **kwargs):
    return subprocess.run(command, cwd=cwd, check=True, **kwargs)


def checkout(work, ref):
    """A clone of this repository at `ref` (this checkout's HEAD for None), with its kata and kata-tools built."""
    folder = os.path.join(work, (ref or "HEAD").replace("/", "_"))
    run(["git", "clone", "-q", ROOT, folder], ROOT)
    if ref:
        run(["git", "checkout", "-q", ref], folder)
    else:
        # This checkout as it is, uncommitted changes included.
        diff = subprocess.run(["git", "diff", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
        if diff:
            subprocess.run(["git", "apply"], cwd=folder, input=diff, check=True)
    for product in ["kata", "kata-tools"]:
        run(["swift", "build", "--disable-index-store", "-debug-info-format", "none", "--product", product], folder,
            stdout=subprocess.DEVNULL)
    tools = os.path.join(folder, ".build", "debug", "kata-tools")
    # KataSpec, the harness and the compiler's plan, built once.
    subprocess.run([tools, "verify"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder, tools


def cold_verify(folder, tools):
    shutil.rmtree(os.path.join(folder, ".kata/cache/units"), ignore_errors=True)
    if os.path.exists(os.path.join(folder, ".kata/cache/verified.txt")):
        os.remove(os.path.join(folder, ".kata/cache/verified.txt"))
    load = os.getloadavg()[0]
    perf = shutil.which("perf")
    counts = os.path.join(folder, "perf.txt")
    command = [tools, "verify", "--no-cache"]
    if perf:
        command = [perf, "stat", "-x,", "-e", "task-clock", "-o", counts] + command
    start = time.perf_counter()
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0 or "sound" not in result.stdout + result.stderr:
        raise SystemExit(f"kata verify failed in {folder}:\n{result.stdout}\n{result.stderr}")
    cpu = None
    if perf:
        for line in open(counts):
            if "task-clock" in line:
                cpu = float(line.split(",")[0]) / 1000
    return wall, cpu, load


def main():
    work = tempfile.mkdtemp(prefix="kata-verify-bench-")
    try:
        builds = [(ref or "this checkout", *checkout(work, ref)) for ref in REFS + [None]]
        samples = {name: [] for name, _, _ in builds}
        for number in range(RUNS):
            for name, folder, tools in builds:
                wall, cpu, load = cold_verify(folder, tools)
                samples[name].append((wall, cpu))
                cpu_text = f", CPU {cpu:.1f} s" if cpu is not None else ""
                print(f"run {number + 1}, {name}: {wall:.1f} s{cpu_text} (load {load:.2f} before)", file=sys.stderr)
        base = builds[0][0]
        base_wall = statistics.median(w for w, _ in samples[base])
        cpus = [c for c in (c for _, c in samples[base]) if c is not None]
        base_cpu = statistics.median(cpus) if cpus else None
        print(f"| kata verify --no-cache, cold ({RUNS} runs, medians) | Wall | Ratio | CPU | Ratio |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name, _, _ in builds:
            wall = statistics.median(w for w, _ in samples[name])
            cpu_values = [c for _, c in samples[name] if c is not None]
            cpu = statistics.median(cpu_values) if cpu_values else None
            cpu_cells = f"{cpu:.1f} s | {cpu / base_cpu:.2f}x" if cpu and base_cpu else "- | -"
            print(f"| {name} | {wall:.1f} s | {wall / base_wall:.2f}x | {cpu_cells} |")
        print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
