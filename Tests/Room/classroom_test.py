#!/usr/bin/env python3
"""GitHub Classroom, end to end, without GitHub.

A teacher's checkout of kata with a two-chapter workbook (Tests/EndToEndTests/Fixtures/loop) makes an assignment
with `kata room github`; the template is pushed to a bare repository (as GitHub would hold it) and a learner
clones it, solves one exercise of each chapter, leaves one unsolved, edits the second chapter, commits and
pushes. Then the template's workflow runs, step by step, in a fresh clone (Tests/Room/workflow_runner.py: each
`run`, each grader step's `command` and `timeout`, the points added up): the solved exercise of the untouched
chapter scores, the unsolved one does not, the solved one of the edited chapter scores nothing and says why.
A second learner who adds a file to kata's sources gets nothing graded. The workflows written for this
workbook and the bundled one, per exercise and per chapter, match GitHub's schema (check-jsonschema).

The run builds kata from the template's sources in the fresh clone, as GitHub's runner does: a few minutes.

Usage: classroom_test.py --kata BIN
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from workflow_runner import WorkflowRun  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOOP = os.path.join(ROOT, "Tests/EndToEndTests/Fixtures/loop")
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="Kata Test", GIT_AUTHOR_EMAIL="kata@example.com",
               GIT_COMMITTER_NAME="Kata Test", GIT_COMMITTER_EMAIL="kata@example.com")


class Checks:
    def __init__(self):
        self.failed = 0

    def check(self, name, condition, detail=""):
        print(("ok - " if condition else "not ok - ") + name + ("" if condition or not detail else ": " + str(detail)))
        if not condition:
            self.failed += 1


def git(folder, *arguments):
    result = subprocess.run(["git", "-C", folder] + list(arguments), env=GIT_ENV, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("classroom test: git %s failed: %s" % (" ".join(arguments), result.stderr))
    return result.stdout


def checkout_of_kata(folder, chapters_from=None):
    """A teacher's checkout: the files git tracks here, with the chapters and solutions of `chapters_from`."""
    os.makedirs(folder)
    for path in git(ROOT, "ls-files", "-z").split("\0"):
        if not path or not os.path.isfile(os.path.join(ROOT, path)):
            continue
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, path), os.path.join(folder, path))
    if chapters_from:
        for name in ["chapters", "solutions"]:
            shutil.rmtree(os.path.join(folder, name))
            shutil.copytree(os.path.join(chapters_from, name), os.path.join(folder, name))
    git(folder, "init", "--quiet", "--initial-branch=main")
    git(folder, "add", "--all")
    git(folder, "commit", "--quiet", "--message", "the teacher's workbook")


def schema_checker():
    """`check-jsonschema`, as a command, installed from PyPI when it is missing; or None and why it cannot be."""
    command = [sys.executable, "-m", "check_jsonschema"]
    if subprocess.run(command + ["--version"], capture_output=True).returncode == 0:
        return command, None
    if shutil.which("check-jsonschema"):
        return ["check-jsonschema"], None
    print("classroom test: installing check-jsonschema from PyPI (python3 -m pip install check-jsonschema)")
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                                "check-jsonschema"], capture_output=True, text=True)
    if subprocess.run(command + ["--version"], capture_output=True).returncode == 0:
        return command, None
    lines = (installed.stderr or installed.stdout).strip().splitlines()
    return None, "check-jsonschema is not installed, and `%s -m pip install check-jsonschema` failed (%s)" % (
        sys.executable, lines[-1] if lines else "exit %d" % installed.returncode)


def read(*parts):
    with open(os.path.join(*parts)) as handle:
        return handle.read()


def write(text, *parts):
    with open(os.path.join(*parts), "w") as handle:
        handle.write(text)


def run(kata):
    checks = Checks()
    work = tempfile.mkdtemp(prefix="kata-classroom-")
    try:
        teacher = os.path.join(work, "teacher")
        checkout_of_kata(teacher, LOOP)

        made = subprocess.run([kata, "room", "github", "../assignment"], cwd=teacher, env=GIT_ENV,
                              capture_output=True, text=True)
        checks.check("kata room github writes the template", made.returncode == 0, made.stderr)
        checks.check("it says what it wrote", "3 grading steps, 3 points" in made.stdout
                     and "(one commit, on main)" in made.stdout, made.stdout)
        checks.check("it names the GitHub Classroom settings", "protected file paths" in made.stdout
                     and "Template repository" in made.stdout, made.stdout)
        assignment = os.path.join(work, "assignment")
        tracked = git(assignment, "ls-files").split()
        checks.check("the starters are tracked in exercises/",
                     {"exercises/basics/add-numbers.swift", "exercises/basics/greet-team.swift",
                      "exercises/more/add-up-spec.swift"} <= set(tracked), tracked)
        checks.check("no reference solution is in the template, only the note that says where they are",
                     [p for p in tracked if p.startswith("solutions/")] == ["solutions/WITH-THE-INSTRUCTOR.md"],
                     [p for p in tracked if p.startswith("solutions/")])
        ignored = read(assignment, ".gitignore").splitlines()
        checks.check("the template's .gitignore keeps exercises/, but not the editor's paths",
                     "/exercises/" not in ignored and "/exercises/compile_commands.json" in ignored, ignored)
        checks.check("a starter is the chapter's starter",
                     read(assignment, "exercises/basics/add-numbers.swift").strip()
                     == "func add(_ a: Int, _ b: Int) -> Int { 0 }")
        checks.check("the teacher keeps the solutions, untouched",
                     os.path.isdir(os.path.join(teacher, "solutions/basics"))
                     and git(teacher, "status", "--porcelain") == "")
        again = subprocess.run([kata, "room", "github", "../assignment"], cwd=teacher, capture_output=True, text=True)
        checks.check("a folder that holds files is refused", again.returncode == 1
                     and "already holds files" in again.stderr, again.stderr)

        # GitHub Classroom copies the template into each learner's repository.
        remote = os.path.join(work, "learner.git")
        subprocess.run(["git", "clone", "--quiet", "--bare", assignment, remote], check=True)
        learner = os.path.join(work, "learner")
        subprocess.run(["git", "clone", "--quiet", remote, learner], check=True)
        verify = subprocess.run([kata, "verify"], cwd=learner, capture_output=True, text=True)
        checks.check("kata verify in a learner's copy says the solutions are with the instructor",
                     verify.returncode == 1 and "learner's copy of an assignment" in verify.stderr, verify.stderr)
        write(read(teacher, "solutions/basics/add-numbers.swift"), learner, "exercises/basics/add-numbers.swift")
        write(read(teacher, "solutions/more/add-up-spec.swift"), learner, "exercises/more/add-up-spec.swift")
        chapter = read(learner, "chapters/02-more.md")
        write(chapter.replace("Write specs for `Counter`.", "Write specs for `Counter` (an easier version)."),
              learner, "chapters/02-more.md")
        git(learner, "commit", "--quiet", "--all", "--message", "my solutions")
        git(learner, "push", "--quiet", "origin", "main")

        workflow = os.path.join(work, "classroom.yml")
        write(git(remote, "show", "main:.github/workflows/classroom.yml"), workflow)
        print("classroom test: running the workflow in a fresh clone (it builds kata: a few minutes)")
        graded = WorkflowRun(workflow, remote, os.path.join(work, "run"), log=lambda line: print("  " + line)).run()
        checks.check("every step ran", all(step.status != "skipped" or step.name.startswith(("Join", "Send"))
                                           for step in graded.steps), [(s.name, s.status) for s in graded.steps])
        build = graded.step_named("Build kata")
        checks.check("the runner built kata", build is not None and build.status == "success",
                     build.output[-2000:] if build else "")
        solved = graded.grader("add-numbers:")
        checks.check("a solved exercise scores", solved and solved.result["tests"][0]["score"] == 1,
                     solved.output[-1500:] if solved else "")
        unsolved = graded.grader("greet-team:")
        checks.check("an unsolved exercise does not", unsolved and unsolved.result["tests"][0]["score"] == 0)
        checks.check("its check says why", unsolved and "Go, Hawks!" in unsolved.output,
                     unsolved.output[-1500:] if unsolved else "")
        edited = graded.grader("add-up-spec:")
        checks.check("a solved exercise of an edited chapter scores nothing",
                     edited and edited.result["tests"][0]["score"] == 0)
        checks.check("and the step says why", edited and "chapters/02-more.md is not the chapter this assignment "
                     "gave you" in edited.output and "score nothing" in edited.output,
                     edited.output if edited else "")
        checks.check("the points add up to 1 of 3", (graded.points, graded.max_points) == (1, 3),
                     (graded.points, graded.max_points))

        # A learner who changes kata itself gets nothing graded: kata would be built from the change.
        forger = os.path.join(work, "forger")
        subprocess.run(["git", "clone", "--quiet", remote, forger], check=True)
        write("// a file of my own\n", forger, "Sources/kata/Forge.swift")
        git(forger, "add", "--all")
        git(forger, "commit", "--quiet", "--message", "a change to kata")
        git(forger, "push", "--quiet", "origin", "main")
        forged = WorkflowRun(workflow, remote, os.path.join(work, "forged"), log=lambda line: print("  " + line)).run()
        guard = forged.step_named("Check that kata's own files")
        checks.check("a file added to kata's sources stops the run before kata is built",
                     guard and guard.status == "failure" and forged.step_named("Build kata").status == "skipped")
        checks.check("and says so", guard and "Sources/kata/Forge.swift" in guard.output
                     and "nothing is graded" in guard.output, guard.output if guard else "")
        checks.check("no points are reported", forged.points is None)

        # Nor one who adds a manifest that SwiftPM would read instead of Package.swift.
        git(forger, "rm", "--quiet", "Sources/kata/Forge.swift")
        write(read(forger, "Package.swift"), forger, "Package@swift-6.1.swift")
        git(forger, "add", "--all")
        git(forger, "commit", "--quiet", "--message", "another manifest")
        git(forger, "push", "--quiet", "origin", "main")
        forged = WorkflowRun(workflow, remote, os.path.join(work, "manifest"), log=lambda line: None).run()
        guard = forged.step_named("Check that kata's own files")
        checks.check("a Package@swift-6.1.swift stops the run before kata is built",
                     guard and guard.status == "failure" and forged.step_named("Build kata").status == "skipped"
                     and "Package@swift-6.1.swift" in guard.output, guard.output if guard else "")

        # The workflows match GitHub's schema: this workbook's and the bundled one's, per exercise and per chapter.
        validator, why_not = schema_checker()
        bundled = os.path.join(work, "bundled")
        checkout_of_kata(bundled)
        for name, source in [("loop", teacher), ("bundled", bundled)]:
            for per in ["exercise", "chapter"]:
                title = "the workflow for the %s workbook, one step per %s, matches GitHub's schema" % (name, per)
                target = os.path.join(work, "schema-%s-%s" % (name, per))
                result = subprocess.run([kata, "room", "github", target, "--per", per], cwd=source, env=GIT_ENV,
                                        capture_output=True, text=True)
                checks.check("kata room github --per %s writes the %s workbook's template" % (per, name),
                             result.returncode == 0, result.stderr)
                if validator is None:
                    print("skip - %s: %s" % (title, why_not))
                    continue
                valid = subprocess.run(validator + ["--builtin-schema", "vendor.github-workflows",
                                                    os.path.join(target, ".github/workflows/classroom.yml")],
                                       capture_output=True, text=True)
                checks.check(title, valid.returncode == 0, valid.stdout + valid.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return checks.failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kata", required=True)
    arguments = parser.parse_args()
    failed = run(os.path.abspath(arguments.kata))
    if failed:
        print("classroom test: %d checks failed" % failed)
        sys.exit(1)


if __name__ == "__main__":
    main()
