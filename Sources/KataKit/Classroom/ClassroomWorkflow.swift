import Foundation

/// `kata room github`: a GitHub Classroom autograding workflow for the workbook. Each learner's repository
/// (a copy of the workbook) grades itself on GitHub's runners after every push: one
/// `education/autograding-command-grader` step per exercise (or per chapter) with its points, then the
/// grading reporter. When the repository (or its organisation) has the secrets `KATA_ROOM_URL` and
/// `KATA_ROOM_CODE`, the same run joins that room under the repository's name and reports its checks.
public struct ClassroomWorkflow {
    /// One grading step per exercise (partial credit per exercise) or per chapter.
    public enum Granularity: String, Sendable, CaseIterable {
        case exercise, chapter
    }

    public let workbook: Workbook
    public var granularity: Granularity
    /// Points for each exercise (a chapter step is worth the sum of its exercises).
    public var points: Int
    /// Minutes a grading step may take (the first one also builds KataSpec).
    public var timeout: Int

    /// A workflow for `workbook`.
    public init(workbook: Workbook, granularity: Granularity = .exercise, points: Int = 1, timeout: Int = 10) {
        self.workbook = workbook
        self.granularity = granularity
        self.points = points
        self.timeout = timeout
    }

    /// Where GitHub looks for it.
    public static let path = ".github/workflows/classroom.yml"

    /// The grading steps: id, test name, the shell command and points.
    public var tests: [(id: String, name: String, command: String, points: Int)] {
        switch granularity {
        case .exercise:
            return workbook.exercises.map { exercise in
                (
                    stepID(exercise.id), "\(exercise.id): \(exercise.title)", "./kata-bin check \(exercise.id)",
                    points
                )
            }
        case .chapter:
            return workbook.chapters.filter { !$0.exercises.isEmpty }.map { chapter in
                let ids = chapter.exercises.map(\.id).joined(separator: " ")
                return (
                    stepID(chapter.slug), "\(chapter.slug): \(chapter.title)",
                    "for id in \(ids); do ./kata-bin check $id || status=1; done; exit ${status:-0}",
                    points * chapter.exercises.count
                )
            }
        }
    }

    /// The workflow's YAML.
    public func yaml() -> String {
        let tests = self.tests
        var lines = [
            "# GitHub Classroom autograding for this kata workbook, written by `kata room github`.",
            "# Every push runs each exercise's check on GitHub's runners and reports the points to GitHub Classroom.",
            "# With the secrets KATA_ROOM_URL and KATA_ROOM_CODE (a room started with `kata room serve --allow-rejoin`),",
            "# the checks are also reported to that room under the repository's name.",
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
            "      KATA_ROOM_CODE: ${{ secrets.KATA_ROOM_CODE }}",
            "      NO_COLOR: '1'",
            "    steps:",
            "      - name: Checkout code",
            "        uses: actions/checkout@v4",
            "      - name: Install kata's build dependencies",
            "        run: sudo apt-get update -qq && sudo apt-get install -y -qq pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libssl-dev",
            "      - name: Build kata",
            "        run: swift build -c release --product kata && ln -sf \"$(swift build -c release --show-bin-path)/kata\" kata-bin",
            "      - name: Join the course's room",
            "        if: env.KATA_ROOM_URL != ''",
            "        run: ./kata-bin join \"$KATA_ROOM_URL\" \"$KATA_ROOM_CODE\" --name \"$GITHUB_REPOSITORY\" --rejoin || true",
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
            "        run: ./kata-bin leave || true",
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

    private func stepID(_ id: String) -> String { "kata-" + id }

    /// A YAML single-quoted scalar.
    private func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
