import Foundation

/// The bounds every compiler job kata starts runs under: a learner's file, a chapter's code, KataSpec.
///
/// Some code takes the compiler exponentially long (types it must infer through a long expression of literals, tuples
/// nested deep, an unclosed bracket per line), and kata would otherwise wait for it without a word. A job runs in a
/// process group of its own, which kata kills at its deadline; the kernel holds it to a CPU time and a memory limit,
/// which bound it even when kata is gone. The limits are far above what real code needs: a learner's compile takes
/// well under 2 s and 300 MiB, KataSpec's cold build tens of seconds on a busy machine.
package struct CompileLimits: Sendable, Equatable {
    /// Wall-clock seconds one job may take: `KATA_COMPILE_SECONDS`, 60 by default.
    package var seconds: Double
    /// What one job may allocate (RLIMIT_DATA on Linux): `KATA_COMPILE_MEMORY` in MiB, 4 GiB by default.
    package var memoryBytes: UInt64
    /// Bytes of the compiler's output kept: a file that makes it print more (an invalid character repeated over
    /// a line is one error per character, each printing the line) has shown enough by then, and the job is ended.
    package var outputBytes: Int

    /// Why kata stopped a job.
    package enum Stop: Sendable, Equatable {
        /// It was still running at its deadline.
        case time(seconds: Double)
        /// It ran out of the memory it may allocate.
        case memory(bytes: UInt64)
    }

    /// The environment variable that sets ``seconds``.
    package static let secondsVariable = "KATA_COMPILE_SECONDS"
    /// The environment variable that sets ``memoryBytes``, in MiB.
    package static let memoryVariable = "KATA_COMPILE_MEMORY"

    /// The limits for this environment: the defaults, or what `KATA_COMPILE_SECONDS` and `KATA_COMPILE_MEMORY` say
    /// (positive numbers; anything else leaves the default, so that a typo cannot turn the limits off).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        seconds =
            environment[Self.secondsVariable].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 60
        let mebibytes = environment[Self.memoryVariable].flatMap(UInt64.init).flatMap {
            $0 > 0 && $0 < 1 << 40 ? $0 : nil
        }
        memoryBytes = (mebibytes ?? 4096) << 20
        outputBytes = 4 << 20
    }

    /// KataSpec's build, one job of the whole library: ten times as long (ten minutes by default).
    package var forLibrary: CompileLimits {
        var limits = self
        limits.seconds *= 10
        return limits
    }

    /// CPU seconds for the kernel's limit (RLIMIT_CPU), which bounds the job, and whatever it started, even when kata
    /// is gone: the deadline on every core, so that kata's own deadline comes first.
    var cpuSeconds: UInt64 {
        UInt64((seconds * Double(max(1, ProcessInfo.processInfo.activeProcessorCount))).rounded(.up)) + 5
    }

    /// What the compiler prints when an allocation fails: under ``memoryBytes``, since Linux kills a process that
    /// runs the computer out of memory rather than failing its allocations.
    static let outOfMemorySignatures = [
        "LLVM ERROR: out of memory", "Allocation failed", "std::bad_alloc", "Cannot allocate memory",
        "failed to allocate",
    ]

    /// `bytes` as a learner reads it: "4 GiB", "512 MiB".
    package static func describe(bytes: UInt64) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }

    /// `seconds` as a learner reads it: "60", "2.5".
    package static func describe(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
    }
}
