#!/usr/bin/env python3
"""kata check against the alternatives, measured side by side in the same run.

Usage: bench/bench.py path/to/kata [--runs N]

Workloads (exercise `add` of the end-to-end fixture workbook):
  warm check after an edit   kata check, the KataSpec library cached, the learner's file changed each run
  bare swiftc                swiftc compile + link + run of exactly the sources kata generated, with kata's
                             flags (the baseline)
  unchanged re-check         kata check with nothing changed (answered from the verdict cache)
  first check ever           kata check with no cache at all (builds the KataSpec library first)
  SwiftPM per exercise       a generated package (KataSpec target + exercise target): swift build + run,
                             cold (no .build) and warm (after an edit)
  kata verify                the bundled workbook, all cores
  unchanged re-check, bundled the first exercise of the bundled workbook, answered from the verdict cache
Medians of N runs; ratios against the bare swiftc baseline of the same run.
"""
import glob, os, platform, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KATA = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5


def timed(command, cwd, env=None, check=False):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if check and result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return elapsed


def median(samples):
    return statistics.median(samples)


def main():
    work = tempfile.mkdtemp(prefix="kata-bench-")
    workbook = os.path.join(work, "workbook")
    shutil.copytree(os.path.join(ROOT, "Tests/EndToEndTests/Fixtures/check"), workbook)
    learner = os.path.join(workbook, "exercises/checks/add.swift")
    os.makedirs(os.path.dirname(learner))
    solution = open(os.path.join(workbook, "solutions/checks/add.swift")).read()
    env = dict(os.environ, NO_COLOR="1", KATA_SPEC_SOURCES=os.path.join(ROOT, "Sources/KataSpec"))
    env.pop("KATA_LIBRARY_CACHE", None)

    def edit(n):
        with open(learner, "w") as f:
            f.write(solution + f"// edit {n}\n")

    # First check ever: no .kata at all (KataSpec library built), median of a few runs.
    first = []
    for n in range(max(2, RUNS // 2)):
        shutil.rmtree(os.path.join(workbook, ".kata"), ignore_errors=True)
        edit(n)
        first.append(timed([KATA, "check", "add"], workbook, env))

    # Warm check after an edit, and the bare swiftc baseline on the very sources kata generated.
    keep_env = dict(env, KATA_KEEP_BUILD="1")
    edit("keep")
    timed([KATA, "check", "add"], workbook, keep_env, check=True)
    folder = sorted(glob.glob(os.path.join(workbook, ".kata/build/add-*/specs")))[-1]
    library = glob.glob(os.path.join(workbook, ".kata/cache/kataspec/*/"))[0]
    sources = sorted(f for f in os.listdir(folder) if f.endswith(".swift"))
    # The same flags kata uses (whole-module mode is about 30% faster than swiftc's default batch mode here).
    swiftc = ["swiftc", "-swift-version", "5", "-Onone", "-wmo", "-parse-as-library", "-module-name", "Exercise",
              "-I", library, "-L", library, "-lKataSpec", "-Xlinker", "-rpath", "-Xlinker", library,
              "-o", "bare-program"] + sources
    warm, bare, cached = [], [], []
    for n in range(RUNS):
        edit(f"warm {n}")
        warm.append(timed([KATA, "check", "add"], workbook, env))
        start = time.perf_counter()
        subprocess.run(swiftc, cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["./bare-program"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        bare.append(time.perf_counter() - start)
        cached.append(timed([KATA, "check", "add"], workbook, env))

    # SwiftPM package per exercise.
    package = os.path.join(work, "package")
    os.makedirs(os.path.join(package, "Sources/Exercise"))
    shutil.copytree(os.path.join(ROOT, "Sources/KataSpec"), os.path.join(package, "Sources/KataSpec"))
    for name in sources:
        shutil.copy(os.path.join(folder, name), os.path.join(package, "Sources/Exercise", name))
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write("""// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Exercise", targets: [
    .target(name: "KataSpec", swiftSettings: [.swiftLanguageMode(.v6)]),
    .executableTarget(name: "Exercise", dependencies: ["KataSpec"],
        swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-parse-as-library"])]),
])
""")
    learner_copy = os.path.join(package, "Sources/Exercise/learner.swift")
    original = open(learner_copy).read()
    cold, spm_warm = [], []
    for n in range(max(2, RUNS // 2)):
        shutil.rmtree(os.path.join(package, ".build"), ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(["swift", "build"], cwd=package, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([os.path.join(package, ".build/debug/Exercise")], cwd=package, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cold.append(time.perf_counter() - start)
    for n in range(RUNS):
        with open(learner_copy, "w") as f:
            f.write(original + f"// edit {n}\n")
        start = time.perf_counter()
        subprocess.run(["swift", "build"], cwd=package, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([os.path.join(package, ".build/debug/Exercise")], cwd=package, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        spm_warm.append(time.perf_counter() - start)

    # kata verify over the bundled workbook (cold verdict cache, warm library).
    verify_env = dict(env)
    verify_env.pop("KATA_SPEC_SOURCES", None)
    bundled = os.path.join(work, "bundled")
    shutil.copytree(os.path.join(ROOT, "chapters"), os.path.join(bundled, "chapters"))
    shutil.copytree(os.path.join(ROOT, "solutions"), os.path.join(bundled, "solutions"))
    shutil.copytree(os.path.join(workbook, ".kata/cache/kataspec"), os.path.join(bundled, ".kata/cache/kataspec"))
    for name in glob.glob(os.path.join(workbook, ".kata/cache/toolchain-*")):
        shutil.copy(name, os.path.join(bundled, ".kata/cache/"))
    verify_env["KATA_SPEC_SOURCES"] = os.path.join(ROOT, "Sources/KataSpec")
    verify = timed([KATA, "verify", "--workbook", bundled], bundled, verify_env)
    # Unchanged re-check in the bundled workbook: every chapter is read and checked before the verdict cache answers.
    subprocess.run([KATA, "next"], cwd=bundled, env=verify_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run([KATA, "check"], cwd=bundled, env=verify_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    bundled_cached = [timed([KATA, "check"], bundled, verify_env) for _ in range(max(10, RUNS * 2))]

    base = median(bare)
    rows = [
        ("bare swiftc compile + link + run (baseline)", median(bare), 1.0),
        ("kata check, warm, after an edit", median(warm), median(warm) / base),
        ("kata check, unchanged (verdict cache)", median(cached), median(cached) / base),
        ("kata check, unchanged, bundled workbook (12 chapters)", median(bundled_cached), median(bundled_cached) / base),
        ("kata check, first ever (builds KataSpec)", median(first), median(first) / base),
        ("SwiftPM package per exercise, warm, after an edit", median(spm_warm), median(spm_warm) / base),
        ("SwiftPM package per exercise, cold", median(cold), median(cold) / base),
    ]
    print(f"Machine: {os.cpu_count()} cores, {platform.machine()}, {platform.platform()}; "
          f"load average at the end {os.getloadavg()[0]:.1f}; {RUNS} runs (medians)\n")
    print("| Workload | Median | Ratio to bare swiftc |")
    print("| --- | ---: | ---: |")
    for name, seconds, ratio in rows:
        print(f"| {name} | {seconds * 1000:.0f} ms | {ratio:.2f}x |")
    print(f"\nkata check warm / bare swiftc: {median(warm) / base:.2f} (target at most 1.3)")
    print(f"SwiftPM warm / kata check warm: {median(spm_warm) / median(warm):.1f}x; "
          f"SwiftPM cold / kata first check: {median(cold) / median(first):.1f}x")
    print(f"kata verify over the bundled workbook: {verify:.1f} s")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
