import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds the tree of the given spec classes, runs it and reports; the program's entry point.
public enum SpecRunner {
    /// Runs the specs as the environment asks and exits: 0 if every example passed, 1 otherwise.
    ///
    /// `main.swift`: `SpecRunner.main([CarSpec.self, OtherSpec.self])`.
    public static func main(_ specs: [Spec.Type]) -> Never {
        main(specs, modules: [])
    }

    /// Runs the specs as ``main(_:)`` does; `modules` are the program's own modules (besides the spec classes'),
    /// whose names are left out where a message prints a type (`Car`, not `Exercise.Car`).
    public static func main(_ specs: [Spec.Type], modules: [String]) -> Never {
        TypeNames.register(modules: modules)
        let configuration = RunConfiguration(environment: ProcessInfo.processInfo.environment)
        signal(SIGXFSZ, SIG_IGN)
        OutputCapture.lineBufferStandardOutput()
        let reporter: any Reporter
        if let fd = configuration.eventsFD {
            let secret = readSecretLine()
            let devNull = open("/dev/null", O_RDONLY)
            if devNull >= 0 {
                dup2(devNull, 0)
                close(devNull)
            }
            reporter = EventReporter(fd: fd, secret: secret)
            StallReporter.start(environment: ProcessInfo.processInfo.environment, fd: fd, secret: secret)
        } else {
            reporter = HumanReporter(fd: dup(1))
        }
        let summary = run(specs, configuration: configuration, reporter: reporter)
        fflush(nil)
        exit(summary.failed == 0 ? 0 : 1)
    }

    /// Builds and runs the specs, reporting to `reporter`; returns the counts.
    @discardableResult
    static func run(_ specs: [Spec.Type], configuration: RunConfiguration, reporter: any Reporter) -> RunSummary {
        TypeNames.register(specs)
        let roots = specs.map { World.shared.build($0) }
        let plan = RunPlan(roots: roots, configuration: configuration)
        let runner = ExampleRunner(lastRunIndexByGroup: plan.lastRunIndexByGroup)
        let capture = configuration.captureFile.map { OutputCapture(file: $0, limit: configuration.outputLimit) }
        var summary = RunSummary()
        reporter.runStarted(total: plan.reportedCount, seed: configuration.seed)
        reporter.planned(
            plan.entries.filter { $0.disposition != .hidden }.map {
                (index: $0.index, example: $0.example)
            })
        for entry in plan.entries where entry.disposition != .hidden {
            reporter.exampleStarted(index: entry.index, example: entry.example)
            let start = Date()
            var failures: [Failure] = []
            let status: ExampleResult.Status
            switch entry.disposition {
            case .run:
                StallReporter.exampleStarted(index: entry.index)
                capture?.begin()
                let finish = { (failures: [Failure], status: ExampleResult.Status) in
                    let (output, truncated) = capture?.end() ?? ("", false)
                    let result = ExampleResult(
                        index: entry.index, example: entry.example, status: status, failures: failures,
                        duration: Date().timeIntervalSince(start), output: output, outputTruncated: truncated)
                    reporter.exampleFinished(result)
                }
                // An example that cannot go on ends the process. For people, report it and the counts
                // first; for kata, Abort traps like a crash, and kata resumes after this example.
                if reporter is HumanReporter {
                    Abort.shared.install { failures in
                        finish(failures, .failed)
                        var ended = summary
                        ended.failed += 1
                        reporter.runFinished(ended)
                    }
                }
                failures = runner.run(entry.example, index: entry.index)
                Abort.shared.install(nil)
                status = failures.isEmpty ? .passed : .failed
                summary.count(status)
                finish(failures, status)
                continue
            case .pending: status = .pending
            case .skipped: status = .skipped
            case .hidden: continue
            }
            summary.count(status)
            reporter.exampleFinished(
                ExampleResult(
                    index: entry.index, example: entry.example, status: status, failures: failures, duration: 0,
                    output: "", outputTruncated: false))
        }
        reporter.runFinished(summary)
        // The optimiser may end `roots`' lifetime after its last use above; the tree must outlive the
        // run and its reports (examples and groups refer to each other strongly for the same reason).
        withExtendedLifetime(roots) {}
        return summary
    }

    /// Reads the per-run secret: one line from stdin, byte by byte so nothing more is consumed.
    private static func readSecretLine() -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(0, &byte, 1) == 1 && byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
