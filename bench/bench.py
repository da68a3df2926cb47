#!/usr/bin/env python3
"""kata check against the alternatives, measured side by side in the same run.

Usage: bench/bench.py path/to/kata [--runs N] [--before path/to/older/kata]

Workloads (exercises `add` and `counter-spec` of the end-to-end fixture workbook):
  floor                      the baseline: swiftc of the learner's file alone with a plain main (no spec library),
                             linked with the default linker, then run
  warm check after an edit   kata check, the KataSpec library cached, the learner's file changed each run
  warm check through swiftc  the same with KATA_COMPILER=driver (swiftc instead of the compiler's jobs run directly)
  one-module program         swiftc compile + link + run of all the sources kata generates as one module, with
                             kata's flags: what a check compiled before the two modules
  specify check after edit   counter-spec: the learner's specs changed each run, the subject and mutants cached
  unchanged re-check         kata check with nothing changed (answered from the verdict cache)
  first check ever           kata check with no cache at all (builds the KataSpec library first)
  SwiftPM per exercise       a generated package (KataSpec target + exercise target): swift build + run,
                             cold (no .build) and warm (after an edit)
  kata verify                the bundled workbook, all cores: cold (no verdicts, no compiled units), after an
                             edit of one exercise's solution, --changed after that edit, and one chapter
  unchanged re-check, bundled the first exercise of the bundled workbook, answered from the verdict cache
With --before, the older kata's warm check and verify run in the same session (before/after ratios).
Medians of N runs; ratios against the floor of the same run.
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


def run_quiet(command, cwd, env=None, check=True):
    subprocess.run(command, cwd=cwd, env=env, check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    work = tempfile.mkdtemp(prefix="kata-bench-")
    workbook = os.path.join(work, "workbook")
    shutil.copytree(os.path.join(ROOT, "Tests/EndToEndTests/Fixtures/check"), workbook)
    learner = os.path.join(workbook, "exercises/checks/add.swift")
    os.makedirs(os.path.dirname(learner))
    solution = open(os.path.join(workbook, "solutions/checks/add.swift")).read()
    specs_file = os.path.join(workbook, "exercises/checks/counter-spec.swift")
    specs_solution = open(os.path.join(workbook, "solutions/checks/counter-spec.swift")).read()
    env = dict(os.environ, NO_COLOR="1", KATA_SPEC_SOURCES=os.path.join(ROOT, "Sources/KataSpec"))
    env.pop("KATA_LIBRARY_CACHE", None)
    env.pop("KATA_COMPILER", None)
    driver_env = dict(env, KATA_COMPILER="driver")
    before = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None

    def edit(n):
        with open(learner, "w") as f:
            f.write(solution + f"// edit {n}\n")

    # First check ever: no .kata at all (KataSpec library built), median of a few runs.
    first = []
    for n in range(max(2, RUNS // 2)):
        shutil.rmtree(os.path.join(workbook, ".kata"), ignore_errors=True)
        edit(n)
        first.append(timed([KATA, "check", "add"], workbook, env))

    # The floor: the learner's file alone with a plain main, as a learner would build it without kata.
    floor_dir = os.path.join(work, "floor")
    os.makedirs(floor_dir)
    with open(os.path.join(floor_dir, "main.swift"), "w") as f:
        f.write("@main enum Main { static func main() { print(add(2, 3)) } }\n")

    # The sources of one check, kept, for the one-module program.
    keep_env = dict(env, KATA_KEEP_BUILD="1")
    edit("keep")
    timed([KATA, "check", "add"], workbook, keep_env, check=True)
    folder = sorted(glob.glob(os.path.join(workbook, ".kata/build/add-*/specs")))[-1]
    library = [d for d in glob.glob(os.path.join(workbook, ".kata/cache/kataspec/*/")) if "keys" not in d][0]
    one_module = os.path.join(work, "one-module")
    os.makedirs(one_module)
    sources = sorted(f for f in os.listdir(folder) if f.endswith(".swift"))
    for name in sources:
        text = open(os.path.join(folder, name)).read().replace("@testable import Exercise\n", "")
        with open(os.path.join(one_module, name), "w") as f:
            f.write(text)
    swiftc = ["swiftc", "-swift-version", "5", "-Onone", "-wmo", "-parse-as-library", "-module-name", "Exercise",
              "-I", library, "-L", library, "-lKataSpec", "-Xlinker", "-rpath", "-Xlinker", library,
              "-o", "one-module-program"] + sources
    floor_command = ["swiftc", "-swift-version", "5", "-Onone", "-parse-as-library", "learner.swift", "main.swift",
                     "-o", "floor-program"]
    one_lld_command = swiftc[:-len(sources)] + ["-use-ld=lld"] + sources
    warm, driver, floor, one, one_lld, cached, specify, older = [], [], [], [], [], [], [], []
    with open(specs_file, "w") as f:
        f.write(specs_solution)
    timed([KATA, "check", "counter-spec"], workbook, env, check=True)
    for n in range(RUNS):
        edit(f"warm {n}")
        warm.append(timed([KATA, "check", "add"], workbook, env))
        cached.append(timed([KATA, "check", "add"], workbook, env))
        edit(f"driver {n}")
        driver.append(timed([KATA, "check", "add"], workbook, driver_env))
        with open(os.path.join(floor_dir, "learner.swift"), "w") as f:
            f.write(solution + f"// edit {n}\n")
        start = time.perf_counter()
        run_quiet(floor_command, floor_dir)
        run_quiet(["./floor-program"], floor_dir, check=False)
        floor.append(time.perf_counter() - start)
        start = time.perf_counter()
        run_quiet(swiftc, one_module)
        run_quiet(["./one-module-program"], one_module, check=False)
        one.append(time.perf_counter() - start)
        start = time.perf_counter()
        run_quiet(one_lld_command, one_module)
        run_quiet(["./one-module-program"], one_module, check=False)
        one_lld.append(time.perf_counter() - start)
        with open(specs_file, "w") as f:
            f.write(specs_solution + f"// edit {n}\n")
        specify.append(timed([KATA, "check", "counter-spec"], workbook, env))
        if before:
            edit(f"before {n}")
            older.append(timed([before, "check", "add"], workbook, env))

    # SwiftPM package per exercise.
    package = os.path.join(work, "package")
    os.makedirs(os.path.join(package, "Sources/Exercise"))
    shutil.copytree(os.path.join(ROOT, "Sources/KataSpec"), os.path.join(package, "Sources/KataSpec"))
    for name in sources:
        shutil.copy(os.path.join(one_module, name), os.path.join(package, "Sources/Exercise", name))
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
        run_quiet(["swift", "build"], package)
        run_quiet([os.path.join(package, ".build/debug/Exercise")], package, check=False)
        cold.append(time.perf_counter() - start)
    for n in range(RUNS):
        with open(learner_copy, "w") as f:
            f.write(original + f"// edit {n}\n")
        start = time.perf_counter()
        run_quiet(["swift", "build"], package)
        run_quiet([os.path.join(package, ".build/debug/Exercise")], package, check=False)
        spm_warm.append(time.perf_counter() - start)

    # kata verify over the bundled workbook: the library warm, no verdicts and no compiled units.
    verify_env = dict(env)

    def bundled_copy(name):
        bundled = os.path.join(work, name)
        shutil.copytree(os.path.join(ROOT, "chapters"), os.path.join(bundled, "chapters"))
        shutil.copytree(os.path.join(ROOT, "solutions"), os.path.join(bundled, "solutions"))
        shutil.copytree(os.path.join(workbook, ".kata/cache/kataspec"), os.path.join(bundled, ".kata/cache/kataspec"))
        for cached_file in glob.glob(os.path.join(workbook, ".kata/cache/toolchain-*")) + \
                glob.glob(os.path.join(workbook, ".kata/cache/plan-*")):
            shutil.copy(cached_file, os.path.join(bundled, ".kata/cache/"))
        return bundled

    bundled = bundled_copy("bundled")
    verify = timed([KATA, "verify", "--workbook", bundled], bundled, verify_env)
    verify_before = None
    if before:
        older_copy = bundled_copy("bundled-before")
        verify_before = timed([before, "verify", "--workbook", older_copy], older_copy, verify_env)
    # An author's edit of one solution: verify again, verify --changed, and verify of that chapter.
    edited = os.path.join(bundled, "solutions/welcome/hello-kata.swift")
    text = open(edited).read()
    edits = []
    for n in range(3):
        with open(edited, "w") as f:
            f.write(text + f"// author's edit {n}\n")
        edits.append((
            timed([KATA, "verify"], bundled, verify_env),
            None,
            None,
        ))
        with open(edited, "w") as f:
            f.write(text + f"// author's edit {n} again\n")
        changed = timed([KATA, "verify", "--changed"], bundled, verify_env)
        with open(edited, "w") as f:
            f.write(text + f"// author's edit {n} once more\n")
        chapter = timed([KATA, "verify", "welcome"], bundled, verify_env)
        edits[-1] = (edits[-1][0], changed, chapter)
    # Unchanged re-check in the bundled workbook: every chapter is read and checked before the verdict cache answers.
    run_quiet([KATA, "next"], bundled, verify_env, check=False)
    run_quiet([KATA, "check"], bundled, verify_env, check=False)
    bundled_cached = [timed([KATA, "check"], bundled, verify_env) for _ in range(max(10, RUNS * 2))]

    base = median(floor)
    rows = [
        ("floor: swiftc of the learner's file with a plain main, + run (baseline)", median(floor), 1.0),
        ("kata check, warm, after an edit", median(warm), median(warm) / base),
        ("kata check, warm, after an edit, through swiftc (KATA_COMPILER=driver)", median(driver),
         median(driver) / base),
        ("swiftc of the generated sources as one module, + run (a check before the split)", median(one),
         median(one) / base),
        ("the same, linked with lld (-use-ld=lld)", median(one_lld), median(one_lld) / base),
    ]
    if older:
        rows.append(("older kata (--before), warm check after an edit", median(older), median(older) / base))
    rows += [
        ("kata check, specify exercise (2 mutants), warm, after an edit", median(specify), median(specify) / base),
        ("kata check, unchanged (verdict cache)", median(cached), median(cached) / base),
        ("kata check, unchanged, bundled workbook (12 chapters)", median(bundled_cached), median(bundled_cached) / base),
        ("kata check, first ever (builds KataSpec)", median(first), median(first) / base),
        ("SwiftPM package per exercise, warm, after an edit", median(spm_warm), median(spm_warm) / base),
        ("SwiftPM package per exercise, cold", median(cold), median(cold) / base),
    ]
    print(f"Machine: {os.cpu_count()} cores, {platform.machine()}, {platform.platform()}; "
          f"load average at the end {os.getloadavg()[0]:.1f}; {RUNS} runs (medians)\n")
    print("| Workload | Median | Ratio to the floor |")
    print("| --- | ---: | ---: |")
    for name, seconds, ratio in rows:
        print(f"| {name} | {seconds * 1000:.0f} ms | {ratio:.2f}x |")
    print(f"\nkata check warm / floor: {median(warm) / base:.2f} (target at most 1.3)")
    print(f"kata check warm / one-module program: {median(warm) / median(one):.2f}")
    print(f"kata check warm, direct jobs / through swiftc: {median(warm) / median(driver):.2f}")
    print(f"one-module program, lld / default linker: {median(one_lld) / median(one):.2f}")
    if older:
        print(f"kata check warm / older kata: {median(warm) / median(older):.2f}")
    print(f"SwiftPM warm / kata check warm: {median(spm_warm) / median(warm):.1f}x; "
          f"SwiftPM cold / kata first check: {median(cold) / median(first):.1f}x")
    print(f"kata verify over the bundled workbook, cold: {verify:.1f} s (target under 45 s)")
    if verify_before is not None:
        print(f"older kata verify, cold, same run: {verify_before:.1f} s (ratio {verify / verify_before:.2f})")
    print(f"after editing one solution: verify {median([e[0] for e in edits]):.1f} s, "
          f"verify --changed {median([e[1] for e in edits]):.1f} s, verify <chapter> {median([e[2] for e in edits]):.1f} s")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
