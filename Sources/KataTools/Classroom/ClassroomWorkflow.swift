import Foundation
import KataWorkbook

/// The GitHub Classroom autograding workflow of an assignment template (``AssignmentTemplate``). Each learner's
/// repository (a copy of the template) grades itself on GitHub's runners after every push: it first checks that
/// kata's own files are the assignment's (``ClassroomScripts/checkKata``), builds kata, then runs one
/// `education/autograding-command-grader` step per exercise (or per chapter) with its points
/// (``ClassroomScripts/grade``, which scores nothing for a chapter that differs from the assignment's), then the
/// grading reporter. When the repository has the secrets `KATA_ROOM_URL` and `KATA_ROOM_TOKEN` (a token the
/// instructor's `kata room token` issued for this repository alone), the same run joins that room as the repository
/// and reports its checks; with `KATA_ROOM_CODE` instead, it joins under the repository's name with the room's code,
/// which every learner's workflow can read (docs/CLASSROOM.md says what that allows).
package struct ClassroomWorkflow {
    /// One grading step per exercise (partial credit per exercise) or per chapter.
    package enum Granularity: String, Sendable, CaseIterable {
        case exercise, chapter
    }

    /// One grading step.
    package struct Test: Sendable, Equatable {
        /// The step's id (`kata-add`); the reporter reads `KATA-ADD_RESULTS`.
        package var id: String
        /// What GitHub Classroom shows.
        package var name: String
        /// The shell command the grader runs.
        package var command: String
        package var points: Int
    }

    package let workbook: Workbook
    package var granularity: Granularity
    /// Points for each exercise (a chapter step is worth the sum of its exercises).
    package var points: Int
    /// Minutes a grading step may take (the first one also builds KataSpec).
    package var timeout: Int

    /// A workflow for `workbook`.
    package init(workbook: Workbook, granularity: Granularity = .exercise, points: Int = 1, timeout: Int = 10) {
        self.workbook = workbook
        self.granularity = granularity
        self.points = points
        self.timeout = timeout
    }

    /// Where GitHub looks for it.
    package static let path = ".github/workflows/classroom.yml"

    /// The grading steps, in the workbook's order.
    package var tests: [Test] {
        switch granularity {
        case .exercise:
            return workbook.chapters.flatMap { chapter in
                chapter.exercises.map { exercise in
                    Test(
                        id: stepID(exercise.id), name: "\(exercise.id): \(exercise.title)",
                        command: gradeCommand(chapter, [exercise.id]), points: points)
                }
            }
        case .chapter:
            return workbook.chapters.filter { !$0.exercises.isEmpty }.map { chapter in
                Test(
                    id: stepID(chapter.slug), name: "\(chapter.slug): \(chapter.title)",
                    command: gradeCommand(chapter, chapter.exercises.map(\.id)),
                    points: points * chapter.exercises.count)
            }
        }
    }

    /// `sh .github/classroom/grade.sh chapters/01-basics.md add-numbers`.
    private func gradeCommand(_ chapter: Chapter, _ ids: [String]) -> String {
        (["sh", ClassroomScripts.gradePath, AssignmentTemplate.chapterPath(chapter)] + ids).joined(separator: " ")
    }

    /// The workflow's YAML.
    package func yaml() -> String {
        let tests = self.tests
        var lines = [
            "# GitHub Classroom autograding for this kata assignment, written by `kata room github`.",
            "# Every push checks that kata's own files are the assignment's, builds kata, and runs each exercise's",
            "# check in kata's sandbox; an exercise whose chapter differs from the assignment's scores nothing",
            "# (.github/classroom/ holds the scripts and the SHA-256 recorded when the template was made).",
            "# With the secrets KATA_ROOM_URL and KATA_ROOM_TOKEN (from `kata room token <organisation/repository>`),",
            "# the checks are also reported to that room as this repository, and as no other. KATA_ROOM_CODE instead of",
            "# KATA_ROOM_TOKEN (a room started with `kata room serve --allow-rejoin`) reports under the repository's",
            "# name with the room's code, which any learner's workflow can read and use under another name.",
            "name: Autograding Tests",
            "\"on\": [push, workflow_dispatch, repository_dispatch]",
            "permissions:",
            "  checks: write",
            "  actions: read",
            "  contents: read",
            "jobs:",
            "  run-autograding-tests:",
            "    runs-on: ubuntu-latest",
            "    if: github.actor != 'github-classroom[bot]'",
            "    env:",
            "      KATA_ROOM_URL: ${{ secrets.KATA_ROOM_URL }}",
            "      KATA_ROOM_TOKEN: ${{ secrets.KATA_ROOM_TOKEN }}",
            "      KATA_ROOM_CODE: ${{ secrets.KATA_ROOM_CODE }}",
            "      NO_COLOR: '1'",
            "    steps:",
            "      - name: Checkout code",
            "        uses: actions/checkout@v4",
            // Before anything of the repository runs: kata is built from these files, setup.sh runs as root.
            "      - name: Check that kata's own files are the assignment's",
            "        run: sh \(ClassroomScripts.checkKataPath)",
            "      - name: Install what kata needs (cmark-gfm, OpenSSL's headers, bubblewrap for its sandbox)",
            "        run: \(quote("sudo env \"PATH=$PATH\" scripts/setup.sh"))",
            // Ubuntu 24.04 keeps unprivileged programs from making user namespaces, which bubblewrap needs.
            "      - name: Let kata's sandbox run",
            "        run: \(quote(Self.allowSandbox))",
            "      - name: Build kata",
            "        run: swift --version && swift build --disable-index-store -debug-info-format none --product kata",
            "      - name: Join the course's room",
            "        if: env.KATA_ROOM_URL != ''",
            "        run: \(quote(Self.joinRoom))",
        ]
        for test in tests {
            lines += [
                "      - name: \(quote(test.name))",
                "        id: \(test.id)",
                "        uses: education/autograding-command-grader@v1",
                "        with:",
                "          test-name: \(quote(test.name))",
                "          setup-command: ''",
                "          command: \(quote(test.command))",
                "          timeout: \(timeout)",
                "          max-score: \(test.points)",
            ]
        }
        lines += [
            "      - name: Send the checks to the room",
            "        if: always() && env.KATA_ROOM_URL != ''",
            "        run: ./kata leave || true",
            "      - name: Autograding Reporter",
            "        uses: education/autograding-grading-reporter@v1",
            "        env:",
        ]
        for test in tests {
            lines.append("          \(test.id.uppercased())_RESULTS: \"${{steps.\(test.id).outputs.result}}\"")
        }
        lines += [
            "        with:",
            "          runners: \(tests.map(\.id).joined(separator: ","))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Lets bubblewrap make user namespaces where the kernel restricts them (Ubuntu 24.04's AppArmor setting);
    /// nothing elsewhere.
    static let allowSandbox =
        "if [ \"$(cat /proc/sys/kernel/apparmor_restrict_unprivileged_userns 2>/dev/null)\" = 1 ]; then "
        + "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; fi"

    private func stepID(_ id: String) -> String { "kata-" + id }

    /// A YAML single-quoted scalar.
    /// The join step's script: with the repository's own token when it has one, else with the room's code.
    static let joinRoom =
        "if [ -n \"$KATA_ROOM_TOKEN\" ]; then ./kata join \"$KATA_ROOM_URL\" --token \"$KATA_ROOM_TOKEN\"; "
        + "else ./kata join \"$KATA_ROOM_URL\" \"$KATA_ROOM_CODE\" --name \"$GITHUB_REPOSITORY\" --rejoin; fi || true"

    private func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
