#!/usr/bin/env bash
# Times `kata list` on a workbook whose one chapter is a known way to stall cmark-gfm 0.29 (raw HTML or images
# that never close, emphasis that cannot match, delimiter rows under a long paragraph, a fence that only looks
# opened, one table row with thousands of cells, a hint that stalls `kata hint`, a link reference definition used
# thousands of times, words of e-mail addresses or www. that the autolink extension reads again for each), with a
# release build of kata, next to the bundled workbook and to the costliest chapter the limits let through.
# A kata with the limits refuses each at its line at once; one without them parses it.
# Usage: bench/markdown.sh [bytes]   (default 200000; the largest chapter kata reads is 1048576 bytes)
# KATA_BIN=path/to/kata times that binary instead of a release build of this checkout;
# BASELINE_BIN=path/to/older/kata times that one too, in the same run (each run stops after 300 s).
set -euo pipefail
cd "$(dirname "$0")/.."

size="${1:-200000}"
if [ -n "${KATA_BIN:-}" ]; then
    kata="$KATA_BIN"
else
    swift build -c release --product kata >/dev/null
    kata="$(swift build -c release --show-bin-path)/kata"
fi
echo "machine: $(nproc) cores, $(uname -m), load $(cut -d' ' -f1-3 /proc/loadavg); chapters of $size bytes"
exec python3 - "$size" "$kata" "${BASELINE_BIN:-}" "$PWD" <<'PY'
import os, shutil, subprocess, sys, tempfile, time

size, kata, baseline, repository = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]

def repeat(unit, prefix="# Stall\n\n", length=None):
    return prefix + unit * (((length or size) - len(prefix)) // len(unit))

def costliest():
    # Each at its own limit: two paragraphs at the cost of markup, the autolink work, then a letter to 1 MiB.
    text = "# T\n\n" + "\n\n".join(["x\n" + "a <? " * 4096] * 2) + "\n\n"
    text += "\n\n".join([("www._" * 205)[:1024]] * 95) + "\n\n"
    return text + ("w" * 4000 + "\n") * ((1048000 - len(text)) // 4001)

rows = "|a|\n|-|\n" + ("| " * 2500 + "\n")
cases = [
    ("a <? (processing instruction never closed)", repeat("a <? ")),
    ("a <!A (declaration never closed)", repeat("a <!A ")),
    ("a <![CDATA[ (never closed)", repeat("a <![CDATA[ ")),
    ("![[]() (images never closed)", repeat("![[]() ")),
    ("*a then _a*_ (emphasis that cannot match)", "# Stall\n\n" + "*a " * (size // 16) + "_a*_ " * (size // 16)),
    # Fixed size: more rows would pass the old limit on a table's cells.
    ("6,000 delimiter rows under a paragraph (30 KB)", "# Stall\n\nText\n" + "-|-\n-|-|-\n" * 3000),
    ("table rows after a fence with a backtick in its info", "# Stall\n\n``` swift `x`\n\n" + rows * (size // len(rows))),
    ("a hint whose text is a <? runs (kata hint)", "# Stall\n\n```swift starter id=x\n```\n\n```swift spec id=x\n"
        + "```\n\n```hint id=x\n" + "a <? " * (size // 5) + "\n```\n"),
    # Fixed sizes: the chapters the fuzzer found (over 3 GB of copies; 1.65 s).
    ("a 200 KB reference definition used 10,000 times (250 KB)",
        "# T\n\n[a]: <" + ("x" * 99 + " ") * 2000 + ">\n\n" + "[a]\n\n" * 10000),
    ("255 lines of a@ x 2,048 (1 MiB)", ("a@" * 2048 + "\n") * 255),
    ("lines of www._ x 819", repeat(("www._" * 820)[:4096] + "\n\n")),
    # Accepted: what costs cmark-gfm most within the limits (1 MiB whatever the size asked for).
    ("accepted: 1 MiB of `w` (a letter the autolink extension stops at)", repeat("w" * 4000 + "\n", "# T\n\n", 1048000)),
    ("accepted: `a <?` paragraphs, www._ words and `w` to 1 MiB", costliest()),
]

def timed(binary, workbook):
    # A hint is parsed when it is shown; everything else when the workbook is read.
    command = ["hint", "x"] if os.path.exists(os.path.join(workbook, "solutions")) else ["list"]
    start = time.monotonic()
    try:
        result = subprocess.run([binary, *command, "--workbook", workbook], capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return None, "still running after 300 s"
    elapsed = time.monotonic() - start
    first = (result.stderr or result.stdout).decode(errors="replace").splitlines()[:1]
    return elapsed, (first[0][:90] if first else "")

def cell(seconds):
    return "> 300 s" if seconds is None else "%.2f s" % seconds

root = tempfile.mkdtemp()
try:
    print("| chapter | kata |%s what kata says |" % (" baseline |" if baseline else ""))
    print("| --- | --- |%s --- |" % (" --- |" if baseline else ""))
    bundled, _ = timed(kata, repository)
    base_bundled = timed(baseline, repository)[0] if baseline else None
    print("| the bundled workbook (12 chapters) | %s |%s |" % (cell(bundled), (" " + cell(base_bundled) + " |") if baseline else ""))
    for name, text in cases:
        workbook = os.path.join(root, str(len(name)))
        os.makedirs(os.path.join(workbook, "chapters"))
        with open(os.path.join(workbook, "chapters", "01-stall.md"), "w") as chapter:
            chapter.write(text)
        if "hint id=x" in text:
            os.makedirs(os.path.join(workbook, "solutions", "stall"))
            open(os.path.join(workbook, "solutions", "stall", "x.swift"), "w").close()
        seconds, said = timed(kata, workbook)
        before = (cell(timed(baseline, workbook)[0]) + " | ") if baseline else ""
        said = said.replace(workbook + "/", "")
        print("| %s | %s | %s%s |" % (name, cell(seconds), before, said.replace("|", "\\|")))
        shutil.rmtree(workbook)
finally:
    shutil.rmtree(root)
PY
