#!/usr/bin/env python3
"""The learner's first minutes: kata next, some reading, then the first kata check, on a fresh workbook.

Usage: bench/first_check.py path/to/kata [--runs N] [--read SECONDS]

Each run copies the bundled workbook (chapters, solutions, KataSpec's sources) into a new folder with no .kata and
no exercises/, as a fresh clone has them, and times with the kata binary given (the debug build `make run` makes):

  first check, prepared      kata next (which starts the preparation), READ seconds of reading (30 by default),
                             then kata check of a correct hello-kata
  first check, unprepared    the same with KATA_PREPARE=off: the check builds KataSpec itself (kata before this work)
  warm check (baseline)      in the prepared workbook, the same file edited and checked again: what every later
                             check costs
  next exercise, prepared    after hello-kata passes: kata next (leap-year-spec, a specify exercise with mutants),
                             10 s of reading, then the first check of a correct spec
  next exercise, unprepared  the same with KATA_PREPARE=off (its subject and mutants compiled by the check)
  chapter 12, prepared       in the same workbook (KataSpec built, kata's harness for the real frameworks not yet):
                             kata next testing-slug (Swift Testing), READ seconds of reading, then the first check
                             of a correct file: the preparation builds the harness and the chapter's tests
  chapter 12, unprepared     the same with KATA_PREPARE=off, in the unprepared workbook (the check builds them)
  chapter 12, warm           testing-slug edited and checked again
  kata next                  with KATA_PREPARE=off (the baseline), and with the preparation started (on a workbook
                             where everything is prepared, and on a fresh one): wall time and its own CPU time
                             (the detached preparation's is not counted: kata next does not wait for it)

Medians of N runs; the ratios are against the warm check (for checks) and kata next alone (for kata next), measured
in the same run. The load average is printed before and after, since a shared machine's load moves every figure.
"""
import os, resource, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KATA = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
READ = float(sys.argv[sys.argv.index("--read") + 1]) if "--read" in sys.argv else 30.0


def fresh_workbook(parent, name):
    """A copy of the bundled workbook as a fresh clone has it: no .kata, no exercises/."""
    workbook = os.path.join(parent, name)
    os.makedirs(workbook)
    for folder in ["chapters", "solutions", "Sources/KataSpec", "Sources/KataHarness", "Sources/KataXCTestHarness"]:
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(workbook, folder))
    return workbook


def timed(command, cwd, env):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    return elapsed, result


def cpu_timed(command, cwd, env):
    """Wall time and the command's own CPU time (user + system): a detached child it starts is not waited for,
    so its time is not counted, which is what kata next's cost is."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed, _ = timed(command, cwd, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def check(workbook, env, exercise, solution, edit="", chapter="welcome"):
    with open(os.path.join(workbook, f"exercises/{chapter}/{exercise}.swift"), "w") as f:
        f.write(open(os.path.join(workbook, f"solutions/{chapter}/{solution}.swift")).read() + edit)
    elapsed, result = timed([KATA, "check", exercise], workbook, env)
    if result.returncode != 0:
        raise SystemExit(f"kata check {exercise} failed in {workbook}:\n{result.stderr}")
    return elapsed


def wait_for_preparations(workbook):
    """Waits until no preparation of this workbook runs (its records are gone; it records itself once it has loaded
    the workbook, so first give it that long)."""
    time.sleep(2)
    records = os.path.join(workbook, ".kata/cache/preparing")
    deadline = time.time() + 900
    while time.time() < deadline and os.path.isdir(records) and os.listdir(records):
        time.sleep(0.2)


def load():
    return os.getloadavg()[0]


def main():
    work = tempfile.mkdtemp(prefix="kata-first-check-")
    env = dict(os.environ, NO_COLOR="1")
    for key in ["KATA_LIBRARY_CACHE", "KATA_SPEC_SOURCES", "KATA_PREPARE", "KATA_COMPILER", "KATA_WORKBOOK"]:
        env.pop(key, None)
    off = dict(env, KATA_PREPARE="off")
    rows = {name: [] for name in [
        "first-prepared", "first-unprepared", "warm", "next-prepared", "next-unprepared",
        "chapter12-prepared", "chapter12-unprepared", "chapter12-warm"]}
    nexts = {name: [] for name in ["kata-next-off", "kata-next-ready", "kata-next-fresh", "kata-next-fresh-off"]}
    print(f"load average at the start: {load():.1f}", file=sys.stderr)
    for run in range(RUNS):
        prepared = fresh_workbook(work, f"prepared-{run}")
        nexts["kata-next-fresh"].append(cpu_timed([KATA, "next"], prepared, env))
        time.sleep(READ)
        rows["first-prepared"].append(check(prepared, env, "hello-kata", "hello-kata"))
        for n in range(3):
            rows["warm"].append(check(prepared, env, "hello-kata", "hello-kata", f"// edit {run}-{n}\n"))
        timed([KATA, "next"], prepared, env)
        time.sleep(10)
        rows["next-prepared"].append(check(prepared, env, "leap-year-spec", "leap-year-spec"))
        wait_for_preparations(prepared)
        for _ in range(10):
            nexts["kata-next-off"].append(cpu_timed([KATA, "next"], prepared, off))
            nexts["kata-next-ready"].append(cpu_timed([KATA, "next"], prepared, env))
            wait_for_preparations(prepared)
        timed([KATA, "next", "testing-slug"], prepared, env)
        time.sleep(READ)
        rows["chapter12-prepared"].append(check(prepared, env, "testing-slug", "testing-slug", chapter="swift-testing"))
        for n in range(3):
            rows["chapter12-warm"].append(
                check(prepared, env, "testing-slug", "testing-slug", f"// edit {run}-{n}\n", chapter="swift-testing"))
        wait_for_preparations(prepared)

        unprepared = fresh_workbook(work, f"unprepared-{run}")
        nexts["kata-next-fresh-off"].append(cpu_timed([KATA, "next"], unprepared, off))
        rows["first-unprepared"].append(check(unprepared, off, "hello-kata", "hello-kata"))
        timed([KATA, "next"], unprepared, off)
        time.sleep(10)
        rows["next-unprepared"].append(check(unprepared, off, "leap-year-spec", "leap-year-spec"))
        timed([KATA, "next", "testing-slug"], unprepared, off)
        time.sleep(READ)
        rows["chapter12-unprepared"].append(
            check(unprepared, off, "testing-slug", "testing-slug", chapter="swift-testing"))
        print(f"run {run + 1} of {RUNS} done, load average {load():.1f}", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)

    median = {name: statistics.median(samples) for name, samples in rows.items()}
    warm = median["warm"]
    print(f"{RUNS} runs, {READ:.0f} s of reading, load average at the end {load():.1f}\n")
    print("| Workload | Median | Ratio |")
    print("| --- | ---: | ---: |")
    for name, label in [
        ("warm", "warm check after an edit (baseline)"),
        ("first-prepared", f"first check: kata next, {READ:.0f} s of reading, check"),
        ("first-unprepared", "first check without the preparation (KATA_PREPARE=off)"),
        ("next-prepared", "first check of leap-year-spec (specify), kata next, 10 s of reading"),
        ("next-unprepared", "the same without the preparation"),
        ("chapter12-warm", "warm check of testing-slug (Swift Testing) after an edit"),
        ("chapter12-prepared", f"first check of testing-slug: kata next testing-slug, {READ:.0f} s of reading, check"),
        ("chapter12-unprepared", "the same without the preparation (the check builds kata's harness)"),
    ]:
        print(f"| {label} | {median[name] * 1000:,.0f} ms | {median[name] / warm:.2f}x |")
    print()
    wall = {name: statistics.median(s[0] for s in samples) for name, samples in nexts.items()}
    cpu = {name: statistics.median(s[1] for s in samples) for name, samples in nexts.items()}
    print("| kata next | Wall, median | Ratio | CPU, median | Ratio |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, label, base in [
        ("kata-next-off", "without the preparation (KATA_PREPARE=off, baseline)", "kata-next-off"),
        ("kata-next-ready", "starting the preparation, everything prepared", "kata-next-off"),
        ("kata-next-fresh-off", "first kata next of a fresh workbook, without the preparation (baseline)",
         "kata-next-fresh-off"),
        ("kata-next-fresh", "first kata next of a fresh workbook, starting the preparation", "kata-next-fresh-off"),
    ]:
        print(f"| {label} | {wall[name] * 1000:,.0f} ms | {wall[name] / wall[base]:.2f}x "
              f"| {cpu[name] * 1000:,.0f} ms | {cpu[name] / cpu[base]:.2f}x |")


if __name__ == "__main__":
    main()
