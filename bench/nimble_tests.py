#!/usr/bin/env python3
"""Nimble's own matcher tests, run on real Nimble and on KataSpec, in one run.

Resolves Nimble (13.8.0 unless --version) with SwiftPM from the package mirror into a scratch folder
(bench/results/nimble-tests, ignored by git), and builds two packages there from the same test files,
Tests/NimbleTests/Matchers, Helpers and LinuxSupport.swift:

  real      the files as they are, on Nimble and its own NimbleSharedTestHelpers
  kataspec  the files with `import Nimble` changed to `import KataSpec`, on KataSpec (copied from
            Sources/KataSpec) and bench/nimble-tests/NimbleSharedTestHelpers.swift, Nimble's helper rebuilt on
            KataSpec's recorded failures

A test method that does not compile against KataSpec is taken out (its first error is kept) and the build is tried
again, until the rest compiles. The counts are over the test methods real Nimble runs on this platform.
Nimble's files are never copied into the repository.

The exit status is 1 when a test fails on real Nimble or on KataSpec, a message checked by failsWithErrorMessage
differs from Nimble's, or a test method that KataSpec does not leave out on purpose (LEFT_OUT_ON_PURPOSE) does not
compile.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
HERE = os.path.join(ROOT, "bench", "nimble-tests")

REAL_MANIFEST = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "NimbleMatcherTests",
    dependencies: [.package(url: "https://github.com/Quick/Nimble", exact: "{version}")],
    targets: [
        .target(name: "NimbleSharedTestHelpers", dependencies: [.product(name: "Nimble", package: "Nimble")]),
        .testTarget(
            name: "NimbleTests", dependencies: [.product(name: "Nimble", package: "Nimble"), "NimbleSharedTestHelpers"]),
    ]
)
"""

KATASPEC_MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KataSpecMatcherTests",
    targets: [
        .target(name: "KataSpec", swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "XCTestStartup"),
        .target(
            name: "NimbleSharedTestHelpers", dependencies: ["KataSpec", "XCTestStartup"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "NimbleTests", dependencies: ["KataSpec", "NimbleSharedTestHelpers"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
"""

# The test methods KataSpec leaves out on purpose (docs/KataSpec.md, "Quick and Nimble" says why): integers as
# Booleans, `equal` and `==` on tuples, `throwAssertion`. Any other that does not compile is a regression.
LEFT_OUT_ON_PURPOSE = re.compile(r"^(BeTruthyTest|BeFalsyTest)\.|^EqualTest\.testTuple|^ThrowAssertionTest\.")

ERROR = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): error: (.*)$", re.M)
RESULT = re.compile(r"^Test Case '([\w.]+)' (passed|failed|skipped)", re.M)
STARTED = re.compile(r"^Test Case '([\w.]+)' started", re.M)


def log(message):
    print(message, file=sys.stderr, flush=True)


def run(args, cwd, env=None, timeout=None):
    """Runs a command; returns (exit status, output)."""
    started = time.time()
    result = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=timeout)
    log(f"  {' '.join(args)}: exit {result.returncode}, {time.time() - started:.0f} s")
    return result.returncode, result.stdout


def copy_tests(checkout, package, rewrite):
    """Copies Nimble's matcher tests and their helpers into `package`, rewriting each file's text with `rewrite`."""
    tests = os.path.join(package, "Tests", "NimbleTests")
    shutil.rmtree(tests, ignore_errors=True)
    source = os.path.join(checkout, "Tests", "NimbleTests")
    for folder in ["Matchers", "Helpers"]:
        os.makedirs(os.path.join(tests, folder))
        for name in sorted(os.listdir(os.path.join(source, folder))):
            if name.endswith(".swift"):
                with open(os.path.join(source, folder, name)) as file:
                    text = rewrite(file.read())
                with open(os.path.join(tests, folder, name), "w") as file:
                    file.write(text)
    with open(os.path.join(source, "LinuxSupport.swift")) as file:
        text = rewrite(file.read())
    with open(os.path.join(tests, "LinuxSupport.swift"), "w") as file:
        file.write(text)


def to_kataspec(text):
    """The only change the KataSpec run makes to a test file: its imports."""
    text = re.sub(r"^@testable import Nimble$", "@testable import KataSpec", text, flags=re.M)
    return re.sub(r"^import Nimble$", "import KataSpec", text, flags=re.M)


def code_mask(text):
    """The text with comments and string literals blanked (newlines kept), so that braces can be counted."""
    out = list(text)
    i, n = 0, len(text)
    stack = ["code"]  # "code", ("string", hashes, multiline), ("interpolation", depth)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        state = stack[-1]
        if state == "code" or state[0] == "interpolation":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(i, end)
                i = end
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                end = n if end < 0 else end + 2
                blank(i, end)
                i = end
            elif text[i] == "#" and re.match(r'#+"', text[i:]):
                hashes = len(re.match(r"#+", text[i:]).group(0))
                multiline = text.startswith('"""', i + hashes)
                quote = 3 if multiline else 1
                blank(i, i + hashes + quote)
                stack.append(("string", hashes, multiline))
                i += hashes + quote
            elif text[i] == '"':
                multiline = text.startswith('"""', i)
                quote = 3 if multiline else 1
                blank(i, i + quote)
                stack.append(("string", 0, multiline))
                i += quote
            elif state != "code" and text[i] == "(":
                stack[-1] = ("interpolation", state[1] + 1)
                i += 1
            elif state != "code" and text[i] == ")":
                if state[1] == 0:
                    stack.pop()
                    blank(i, i + 1)
                else:
                    stack[-1] = ("interpolation", state[1] - 1)
                i += 1
            else:
                i += 1
        else:
            _, hashes, multiline = state
            closing = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith("\\" + "#" * hashes + "(", i):
                blank(i, i + 2 + hashes)
                stack.append(("interpolation", 0))
                i += 2 + hashes
            elif text.startswith("\\" + "#" * hashes, i) and hashes == 0:
                blank(i, i + 2)
                i += 2
            elif text.startswith(closing, i):
                blank(i, i + len(closing))
                stack.pop()
                i += len(closing)
            else:
                blank(i, i + 1)
                i += 1
    return "".join(out)


def declarations(text):
    """Every function with a body: (first line, last line, name, enclosing class), outermost functions only."""
    masked = code_mask(text)
    found = []
    stack = []  # ("func", line, name, class) or ("class", name) or ("other",)
    pending = None
    line = 1
    for match in re.finditer(r"\n|\{|\}|\b(func|class|struct|enum|extension|actor|protocol)\s+([A-Za-z_]\w*)", masked):
        token = match.group(0)
        if token == "\n":
            line += 1
        elif token == "{":
            if pending and pending[0] == "func":
                classes = [item[1] for item in stack if item[0] == "class"]
                stack.append(("func", pending[1], pending[2], classes[-1] if classes else None))
            elif pending:
                stack.append(("class", pending[2]))
            else:
                stack.append(("other",))
            pending = None
        elif token == "}":
            if not stack:
                continue
            item = stack.pop()
            if item[0] == "func" and not any(entry[0] == "func" for entry in stack):
                found.append((item[1], line, item[2], item[3]))
        else:
            pending = (match.group(1) if match.group(1) == "func" else "type", line, match.group(2))
    return found


def remove_failing(package, output, removed, dropped_files):
    """Takes out each function whose body has an error (a whole file when the error is outside any function)."""
    tests = os.path.realpath(os.path.join(package, "Tests", "NimbleTests"))
    by_file = {}
    for path, line, _column, message in ERROR.findall(output):
        path = os.path.realpath(path)
        if not path.startswith(tests + os.sep):
            raise SystemExit(f"KataSpec or the helper does not compile:\n{output[-6000:]}")
        by_file.setdefault(path, []).append((int(line), message))
    if not by_file:
        raise SystemExit(f"the build failed without an error in the tests:\n{output[-6000:]}")
    for path, errors in by_file.items():
        with open(path) as file:
            text = file.read()
        functions = declarations(text)
        lines = text.split("\n")
        cut = set()
        for line, message in sorted(errors):
            owner = next((f for f in functions if f[0] <= line <= f[1]), None)
            if owner is None:
                for first, _last, name, cls in functions:
                    if name.startswith("test") and cls:
                        removed.setdefault(f"{cls}.{name}", message)
                dropped_files.append((os.path.relpath(path, tests), line, message))
                os.remove(path)
                break
            first, last, name, cls = owner
            while first > 1 and lines[first - 2].strip().startswith("@"):
                first -= 1  # the function's attributes go with it
            if name.startswith("test") and cls:
                removed.setdefault(f"{cls}.{name}", message)
            cut.update(range(first - 1, last))
        else:
            lines = ["" if index in cut else text_line for index, text_line in enumerate(lines)]
            with open(path, "w") as file:
                file.write("\n".join(lines))


def build_until_it_compiles(package, rounds):
    removed, dropped_files = {}, []
    for attempt in range(rounds):
        status, output = run(["swift", "build", "--build-tests"], package)
        if status == 0:
            return removed, dropped_files
        log(f"  round {attempt + 1}: {len(set(ERROR.findall(output)))} errors")
        remove_failing(package, output, removed, dropped_files)
    raise SystemExit("still does not compile after %d rounds" % rounds)


def run_tests(package, env):
    """Runs every test; a test that crashes the process is counted as failed and the rest run again without it."""
    results, crashed = {}, []
    for _ in range(20):
        args = ["swift", "test", "--skip-build"] + [arg for name in crashed for arg in ("--skip", f"^{name}$")]
        _status, output = run(args, package, env=env, timeout=1800)
        results.update({name: state for name, state in RESULT.findall(output)})
        unfinished = [name for name in STARTED.findall(output) if name not in results]
        if re.search(r"^Test Suite 'All tests' (passed|failed)", output, re.M) or not unfinished:
            return results, output
        crashed.append(unfinished[-1].replace(".", "/"))
        results[unfinished[-1]] = "crashed"
    return results, output


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", default="13.8.0", help="the Nimble release to test (a tag of the mirror)")
    parser.add_argument("--work", default=os.path.join(ROOT, "bench", "results", "nimble-tests"),
                        help="the scratch folder (ignored by git)")
    parser.add_argument("--rounds", type=int, default=12, help="builds tried while taking out what does not compile")
    parser.add_argument("--skip-real", action="store_true", help="do not build and run real Nimble's tests")
    options = parser.parse_args()

    real = os.path.join(options.work, "real")
    kataspec = os.path.join(options.work, "kataspec")
    os.makedirs(real, exist_ok=True)
    with open(os.path.join(real, "Package.swift"), "w") as file:
        file.write(REAL_MANIFEST.replace("{version}", options.version))
    log(f"Resolving Nimble {options.version}")
    status, output = run(["swift", "package", "resolve"], real)
    if status != 0:
        raise SystemExit(output)
    checkout = os.path.join(real, ".build", "checkouts", "Nimble")
    helpers = os.path.join(real, "Sources", "NimbleSharedTestHelpers")
    os.makedirs(helpers, exist_ok=True)
    shutil.copy(os.path.join(checkout, "Sources", "NimbleSharedTestHelpers", "utils.swift"), helpers)
    copy_tests(checkout, real, lambda text: text)

    baseline = {}
    if not options.skip_real:
        log("Real Nimble")
        status, output = run(["swift", "build", "--build-tests"], real)
        if status != 0:
            raise SystemExit(output[-6000:])
        baseline, _ = run_tests(real, None)

    log("KataSpec")
    shutil.rmtree(os.path.join(kataspec, "Sources"), ignore_errors=True)
    os.makedirs(kataspec, exist_ok=True)
    with open(os.path.join(kataspec, "Package.swift"), "w") as file:
        file.write(KATASPEC_MANIFEST)
    shutil.copytree(os.path.join(ROOT, "Sources", "KataSpec"), os.path.join(kataspec, "Sources", "KataSpec"))
    shutil.copytree(os.path.join(HERE, "XCTestStartup"), os.path.join(kataspec, "Sources", "XCTestStartup"))
    os.makedirs(os.path.join(kataspec, "Sources", "NimbleSharedTestHelpers"))
    shutil.copy(os.path.join(HERE, "NimbleSharedTestHelpers.swift"),
                os.path.join(kataspec, "Sources", "NimbleSharedTestHelpers"))
    copy_tests(checkout, kataspec, to_kataspec)
    removed, dropped_files = build_until_it_compiles(kataspec, options.rounds)
    messages = os.path.join(options.work, "messages.jsonl")
    open(messages, "w").close()
    results, _ = run_tests(kataspec, dict(os.environ, NIMBLE_BENCH_MESSAGES=messages))
    with open(messages) as file:
        checks = [json.loads(line) for line in file if line.strip()]

    universe = sorted(baseline) if baseline else sorted(set(results) | set(removed))
    passed = [name for name in universe if results.get(name) == "passed"]
    failed = [name for name in universe if results.get(name) in ("failed", "crashed")]
    missing = [name for name in universe if name not in results]
    summary = {
        "nimble": options.version,
        "real": {"passed": sum(state == "passed" for state in baseline.values()),
                 "failed": sum(state != "passed" for state in baseline.values())},
        "kataspec": {"passed": len(passed), "failed": len(failed), "doNotCompile": len(missing)},
        "messages": {"checked": len(checks), "exact": sum(check["matched"] for check in checks)},
        "failing": failed,
        "doNotCompile": {name: removed.get(name, "(its file was taken out)") for name in missing},
    }
    with open(os.path.join(options.work, "summary.json"), "w") as file:
        json.dump(summary, file, indent=2)

    print(f"Nimble {options.version}'s matcher tests on {sys.platform}: {len(universe)} test methods")
    if baseline:
        print(f"  real Nimble: {summary['real']['passed']} passed, {summary['real']['failed']} failed")
    print(f"  KataSpec:    {len(passed)} passed, {len(failed)} failed, {len(missing)} do not compile")
    print(f"  messages checked by failsWithErrorMessage on KataSpec: {summary['messages']['exact']} of "
          f"{summary['messages']['checked']} exact")
    if failed:
        print("\nFail on KataSpec:")
        for name in failed:
            print(f"  {name} ({results[name]})")
    if missing:
        print("\nDo not compile on KataSpec (first error):")
        for name in missing:
            print(f"  {name}: {summary['doNotCompile'][name]}")
    for path, line, message in dropped_files:
        print(f"  (file {path} taken out whole: line {line}: {message})")
    for check in checks:
        if not check["matched"]:
            print(f"\nMessage not matched: {check['expected']!r}\n  got: {check['got']!r}")

    unexpected = [name for name in missing if not LEFT_OUT_ON_PURPOSE.search(name)]
    if unexpected:
        print(f"\nNot left out on purpose, yet they do not compile: {', '.join(unexpected)}")
    real_failed = summary["real"]["failed"]
    inexact = summary["messages"]["checked"] - summary["messages"]["exact"]
    if failed or unexpected or inexact or real_failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
