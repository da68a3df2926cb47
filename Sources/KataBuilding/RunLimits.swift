/// The limits a learner's program runs under.
package struct RunLimits: Sendable, Equatable {
    /// Wall-clock seconds for the whole run, all relaunches together.
    package var timeout: Double
    /// CPU seconds (RLIMIT_CPU).
    package var cpuSeconds: UInt64
    /// Address space in bytes (RLIMIT_AS).
    package var memoryBytes: UInt64
    /// Largest file the program may write, in bytes (RLIMIT_FSIZE).
    var fileSizeBytes: UInt64
    /// Processes and threads of the user, above those already running (RLIMIT_NPROC; not enforced for root).
    package var extraProcesses: UInt64
    /// Bytes of output kept per example.
    package var outputLimit: Int

    /// The limits for a mutant's run, once the same specs ran against the correct code in `subjectSeconds`:
    /// a few times that, and never less than three seconds (a wait for something that never comes, such as
    /// `toEventually`, takes one second by default), nor more than the exercise's own timeout.
    package func forMutant(subjectSeconds: Double) -> RunLimits {
        var limits = self
        limits.timeout = min(timeout, max(3, (subjectSeconds * 3 + 1).rounded(.up)))
        return limits
    }

    /// The defaults: 10 s, 8 MiB per written file, 4 GiB of address space, 64 KiB of output per example.
    package static func defaults(timeout: Double? = nil) -> RunLimits {
        let seconds = timeout ?? 10
        return RunLimits(
            timeout: seconds, cpuSeconds: UInt64(seconds.rounded(.up)) + 2, memoryBytes: 4 << 30,
            fileSizeBytes: 8 << 20, extraProcesses: 256, outputLimit: 64 << 10)
    }
}
