/// Machine reporter for `kata`: one JSON line per event, each carrying the run's secret.
///
/// Internal on purpose: learner code imports KataSpec but cannot reach this type, the descriptor
/// number alone is not enough to forge an event, and the secret lives only in this object.
final class EventReporter: Reporter {
    private let output: FileDescriptorOutput
    private let secret: String

    init(fd: Int32, secret: String) {
        output = FileDescriptorOutput(fd: fd)
        self.secret = secret
    }

    func runStarted(total: Int, seed: UInt64) {
        emit("runStarted") {
            $0.add("total", total)
            $0.add("seed", seed)
        }
    }

    func planned(_ entries: [(index: Int, example: Example)]) {
        emit("planned") {
            $0.add(
                "examples",
                objects: entries.map { entry in
                    var object = JSONLine()
                    object.add("index", entry.index)
                    object.add("name", entry.example.fullName)
                    object.add("path", strings: entry.example.path)
                    object.add("file", entry.example.location.file)
                    object.add("line", entry.example.location.line)
                    return object
                })
        }
    }

    func exampleStarted(index: Int, example: Example) {
        emit("exampleStarted") {
            $0.add("index", index)
            $0.add("name", example.fullName)
            $0.add("path", strings: example.path)
            $0.add("file", example.location.file)
            $0.add("line", example.location.line)
            $0.add("face", example.group.face.name)
        }
    }

    func exampleFinished(_ result: ExampleResult) {
        emit("exampleFinished") {
            $0.add("index", result.index)
            $0.add("status", result.status.rawValue)
            $0.add(
                "failures",
                objects: result.failures.map { failure in
                    var object = JSONLine()
                    object.add("message", failure.message)
                    object.add("file", failure.location.file)
                    object.add("line", failure.location.line)
                    object.add("column", failure.location.column)
                    return object
                })
            $0.add("duration", result.duration)
            $0.add("output", result.output)
            $0.add("outputTruncated", result.outputTruncated)
        }
    }

    func runFinished(_ summary: RunSummary) {
        emit("runFinished") {
            $0.add("passed", summary.passed)
            $0.add("failed", summary.failed)
            $0.add("pending", summary.pending)
            $0.add("skipped", summary.skipped)
        }
    }

    private func emit(_ event: String, _ fill: (inout JSONLine) -> Void) {
        var line = JSONLine()
        line.add("secret", secret)
        line.add("event", event)
        fill(&line)
        output.send(line.text + "\n")
    }
}
