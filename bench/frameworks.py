#!/usr/bin/env python3
"""A check on the toolchain's real Swift Testing and XCTest, against the compiler's floor and a KataSpec check.

Usage: bench/frameworks.py path/to/kata [--runs N]

In a copy of the bundled workbook (chapters, solutions, KataSpec's and the harness's sources), with KATA_PREPARE=off
and the sandbox kata finds, it times:

  swiftc, print                  `swiftc -parse-as-library` of a file that prints one line, and its run: the
                                 compiler's floor
  swiftc, one @Test (baseline)   the learner's file (testing-slug's reference solution) with `import Testing`, a
                                 one-line `@Test` and the one-line runner SwiftPM uses (`__swiftPMEntryPoint()`):
                                 the least a check of a Swift Testing file could cost, compiling, linking and running
                                 one program
  kata check, KataSpec           a warm check of a correct hello-kata (chapter 0), the file changed each time
  kata check, Swift Testing      a warm check of a correct testing-slug (chapter 12), changed each time
  kata check, XCTest             a warm check of a correct xctest-recent-searches (chapter 13), changed each time
  first Swift Testing check      the first check of testing-slug in a workbook whose KataSpec is built and whose
                                 harness is not: it builds kata's harness once (a learner pays it once, at chapter 12)

Medians of N runs (5 by default); ratios against `swiftc, one @Test`, measured in the same run. The load average is
printed before and after, since a shared machine's load moves every figure.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KATA = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
SWIFTC = os.environ.get("SWIFTC") or shutil.which("swiftc")
ENV = dict(os.environ, KATA_PREPARE="off", NO_COLOR="1")
ENV.pop("KATA_WORKBOOK", None)

EXERCISES = {
    "KataSpec": ("welcome", "hello-kata"),
    "Swift Testing": ("swift-testing", "testing-slug"),
    "XCTest": ("xctest", "xctest-recent-searches"),
}


def workbook(parent, name):
    """A copy of the bundled workbook as a fresh clone has it: no .kata, no exercises/."""
    folder = os.path.join(parent, name)
    os.makedirs(folder)
    for part in ["chapters", "solutions", "Sources/KataSpec", "Sources/KataHarness", "Sources/KataXCTestHarness"]:
        shutil.copytree(os.path.join(ROOT, part), os.path.join(folder, part))
    return folder


def timed(command, cwd, env=ENV):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start, result


def check(folder, engine, run, env=ENV):
    """Writes the reference solution (changed by a comment, so that no verdict is reused) and checks it."""
    slug, exercise = EXERCISES[engine]
    os.makedirs(os.path.join(folder, "exercises", slug), exist_ok=True)
    with open(os.path.join(folder, "solutions", slug, exercise + ".swift")) as f:
        text = f.read()
    with open(os.path.join(folder, "exercises", slug, exercise + ".swift"), "w") as f:
        f.write(text + f"\n// run {run}\n")
    elapsed, result = timed([KATA, "check", exercise], folder, env)
    if result.returncode != 0:
        sys.exit(f"kata check {exercise} did not pass:\n{result.stdout}{result.stderr}")
    return elapsed


def swiftc(folder, source, run):
    path = os.path.join(folder, f"floor-{run}.swift")
    with open(path, "w") as f:
        f.write(source + f"\n// run {run}\n")
    elapsed, result = timed([SWIFTC, "-parse-as-library", path, "-o", path[:-6]], folder)
    if result.returncode != 0:
        sys.exit(f"swiftc failed:\n{result.stderr}")
    ran, result = timed([path[:-6]], folder)
    if result.returncode != 0:
        sys.exit(f"the floor's program failed:\n{result.stdout}{result.stderr}")
    return elapsed + ran


PRINT = '@main struct Main { static func main() { print("hello") } }\n'
ONE_TEST = open(os.path.join(ROOT, "solutions/swift-testing/testing-slug.swift")).read() + """
import Testing

@Test func lowerCases() { #expect(slug(for: "Hello") == "hello") }

@main struct Runner {
    static func main() async { await Testing.__swiftPMEntryPoint() as Never }
}
"""


def main():
    print(f"load before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    times = {name: [] for name in
             ["swiftc, print", "swiftc, one @Test", "kata check, KataSpec", "kata check, Swift Testing",
              "kata check, XCTest", "first Swift Testing check"]}
    with tempfile.TemporaryDirectory() as parent:
        warm = workbook(parent, "warm")
        # Warm up: KataSpec, the harness and the compiler's plan are built once, as after a learner's first checks.
        for engine in EXERCISES:
            check(warm, engine, "warm-up")
        for run in range(RUNS):
            times["swiftc, print"].append(swiftc(parent, PRINT, run))
            times["swiftc, one @Test"].append(swiftc(parent, ONE_TEST, run))
            for engine in EXERCISES:
                times[f"kata check, {engine}"].append(check(warm, engine, run))
            # A workbook of its own, with a library cache of its own: KataSpec built by a first check, the harness not.
            cold = workbook(parent, f"cold-{run}")
            env = dict(ENV, KATA_LIBRARY_CACHE=os.path.join(parent, f"cache-{run}"))
            check(cold, "KataSpec", "first", env)
            times["first Swift Testing check"].append(check(cold, "Swift Testing", "first", env))
    baseline = statistics.median(times["swiftc, one @Test"])
    print(f"| What ({RUNS} runs, medians) | Seconds | Against `swiftc`, one @Test |")
    print("| --- | ---: | ---: |")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.2f} | {median / baseline:.2f}x |")
    print(f"load after: {os.getloadavg()[0]:.2f}", file=sys.stderr)


main()
