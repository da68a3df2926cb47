#!/usr/bin/env python3
"""A learner's first build: a fresh-clone `make run` against the cold build of a package that needs only
swift-argument-parser, measured side by side in the same run.

Usage: bench/first_build.py [--runs N] [--ref COMMIT]... [--repo PATH]

Workloads, each from nothing (a new temporary folder, no `.build`):
  baseline      a fresh package with one executable target that depends on swift-argument-parser alone:
                `swift build` (debug, as `make run` builds)
  make run REF  `git clone` of this repository, checkout REF (default: the commit checked out here), `make run`
                (setup, resolve, build the kata product, show the first exercise)

Packages come from the package mirror the machine's git configuration points at, as a learner's come from the
network, through SwiftPM's shared repository cache (which SwiftPM finds even under another HOME): fetching a
package from it takes well under a second, so a run measures resolving, checking out and building.
The runs are interleaved (baseline, then each ref, N times) so that a change in the machine's load falls on
all of them alike. Medians of N runs; ratios against the baseline's median. The load average at the start of
each run is printed with it: on a shared machine it matters more than anything else, and the CPU time (user +
system, of every process the build ran) is given beside the wall time, since it varies far less with the load.
For each ref it also counts the packages the build checked out and names any room or crypto package that
reached `.build` (Hummingbird, SwiftNIO, GRDB, swift-crypto): a learner's build should have none.
"""
import os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAVY = ("hummingbird", "swift-nio", "grdb", "swift-crypto", "boringssl")

BASELINE_MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "baseline",
    dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")],
    targets: [
        .executableTarget(
            name: "baseline", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")])
    ]
)
"""

BASELINE_MAIN = """import ArgumentParser

@main
struct Baseline: ParsableCommand {
    @Option(help: "Who to greet.") var name = "world"

    func run() { print("Hello, \\(name)!") }
}
"""


def arguments():
    args = sys.argv[1:]
    options = {"runs": 3, "refs": [], "repo": ROOT}
    index = 0
    while index < len(args):
        flag = args[index]
        if flag in ("--runs", "--ref", "--repo") and index + 1 < len(args):
            value = args[index + 1]
            if flag == "--runs":
                options["runs"] = int(value)
            elif flag == "--ref":
                options["refs"].append(value)
            else:
                options["repo"] = os.path.abspath(value)
            index += 2
        else:
            raise SystemExit(f"first_build.py: unknown argument {flag!r}\n\n{__doc__}")
    if not options["refs"]:
        options["refs"] = ["HEAD"]
    return options


def commit_of(repo, ref):
    result = subprocess.run(["git", "-C", repo, "rev-parse", "--verify", ref + "^{commit}"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"first_build.py: {ref!r} is not a commit of {repo}")
    return result.stdout.strip()


def environment():
    env = {key: value for key, value in os.environ.items() if not key.startswith("KATA_")}
    env["NO_COLOR"] = "1"
    return env


def timed(command, cwd, env, log):
    """Runs a command, its output to `log`; returns wall seconds and CPU seconds (user + system, children too)."""
    with open(log, "w") as output:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        tail = open(log, errors="replace").read()[-3000:]
        raise SystemExit(f"first_build.py: {' '.join(command)} failed in {cwd}:\n{tail}")
    return wall, usage.ru_utime + usage.ru_stime


def build_steps(log):
    steps = [int(total) for _, total in re.findall(r"\[(\d+)/(\d+)\]", open(log, errors="replace").read())]
    return max(steps) if steps else 0


def packages(folder):
    checkouts = os.path.join(folder, ".build", "checkouts")
    return sorted(os.listdir(checkouts)) if os.path.isdir(checkouts) else []


def heavy_in_build(folder):
    """Room and crypto packages checked out, and their modules compiled, under `.build`."""
    found = {name for name in packages(folder) if any(word in name.lower() for word in HEAVY)}
    build = os.path.join(folder, ".build")
    for triple in os.listdir(build):
        debug = os.path.join(build, triple, "debug")
        if os.path.isdir(debug) and not os.path.islink(os.path.join(build, triple)):
            for entry in os.listdir(debug):
                lowered = entry.lower()
                if entry.endswith(".build") and any(word in lowered for word in ("nio", "grdb", "boringssl",
                                                                                  "hummingbird", "crypto")):
                    found.add(entry)
    return sorted(found)


def run_baseline(work, env):
    folder = tempfile.mkdtemp(prefix="baseline-", dir=work)
    os.makedirs(os.path.join(folder, "Sources", "baseline"))
    with open(os.path.join(folder, "Package.swift"), "w") as manifest:
        manifest.write(BASELINE_MANIFEST)
    with open(os.path.join(folder, "Sources", "baseline", "Baseline.swift"), "w") as main:
        main.write(BASELINE_MAIN)
    log = os.path.join(work, "baseline.log")
    wall, cpu = timed(["swift", "build"], folder, env, log)
    result = {"wall": wall, "cpu": cpu, "steps": build_steps(log), "packages": packages(folder), "heavy": []}
    shutil.rmtree(folder, ignore_errors=True)
    return result


def run_make(work, repo, commit, env):
    folder = tempfile.mkdtemp(prefix="clone-", dir=work)
    checkout = os.path.join(folder, "kata")
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", repo, checkout], check=True)
    subprocess.run(["git", "-C", checkout, "checkout", "--quiet", "--detach", commit], check=True)
    log = os.path.join(work, f"make-run-{commit[:7]}.log")
    wall, cpu = timed(["make", "run"], checkout, env, log)
    result = {"wall": wall, "cpu": cpu, "steps": build_steps(log), "packages": packages(checkout),
              "heavy": heavy_in_build(checkout)}
    shutil.rmtree(folder, ignore_errors=True)
    return result


def main():
    options = arguments()
    subjects = [(ref, commit_of(options["repo"], ref)) for ref in options["refs"]]
    work = tempfile.mkdtemp(prefix="kata-first-build-")
    results = {"baseline": []}
    for _, commit in subjects:
        results[commit] = []
    loads = []
    try:
        for run in range(options["runs"]):
            plan = [("baseline", None)] + [(ref, commit) for ref, commit in subjects]
            for label, commit in plan:
                env = environment()
                load = os.getloadavg()[0]
                loads.append(load)
                if commit is None:
                    result = run_baseline(work, env)
                else:
                    result = run_make(work, options["repo"], commit, env)
                result["load"] = load
                results["baseline" if commit is None else commit].append(result)
                name = "baseline" if commit is None else f"make run {label} ({commit[:7]})"
                print(f"run {run + 1}: {name}: {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU, "
                      f"{result['steps']} steps, {len(result['packages'])} packages, load {load:.1f}",
                      file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(options, subjects, results, loads)


def report(options, subjects, results, loads):
    base = statistics.median(r["wall"] for r in results["baseline"])
    base_cpu = statistics.median(r["cpu"] for r in results["baseline"])
    print(f"First build, {options['runs']} interleaved runs, {os.cpu_count()} cores, "
          f"load average at the start of a run {min(loads):.1f} to {max(loads):.1f} (median "
          f"{statistics.median(loads):.1f}), at the end {os.getloadavg()[0]:.1f}\n")
    print("| Workload | Median wall | Ratio to the baseline | Median CPU (user + sys) | CPU ratio | Build steps "
          "| Packages checked out |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = [("swift build of a fresh package that depends on swift-argument-parser alone (baseline)", "baseline")]
    rows += [(f"fresh clone, `make run` at {ref} ({commit[:7]})", commit) for ref, commit in subjects]
    for title, key in rows:
        samples = results[key]
        wall = statistics.median(r["wall"] for r in samples)
        cpu = statistics.median(r["cpu"] for r in samples)
        print(f"| {title} | {wall:.1f} s | {wall / base:.2f}x | {cpu:.1f} s | {cpu / base_cpu:.2f}x | "
              f"{samples[-1]['steps']} | {len(samples[-1]['packages'])} |")
    print()
    for ref, commit in subjects:
        last = results[commit][-1]
        heavy = ", ".join(last["heavy"]) or "none"
        print(f"- {ref} ({commit[:7]}): checked out {', '.join(last['packages']) or 'nothing'}; "
              f"room or crypto packages in .build: {heavy}")
        print(f"  each run: " + ", ".join(f"{r['wall']:.1f} s (load {r['load']:.1f})" for r in results[commit]))
    print("- baseline each run: " + ", ".join(f"{r['wall']:.1f} s (load {r['load']:.1f})"
                                              for r in results["baseline"]))


if __name__ == "__main__":
    main()
