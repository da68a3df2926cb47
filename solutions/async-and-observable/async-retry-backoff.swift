/// Runs `operation` up to `attempts` times, waiting 1 s after the first failure, then 2 s, 4 s and so
/// on, on `clock`. Returns the first answer, or throws the last attempt's error. Throws
/// `CancellationError`, and tries no more, when the task is cancelled while it waits. `attempts` is at
/// least 1.
func retrying<Value>(
    attempts: Int,
    clock: some Clock<Duration>,
    operation: () async throws -> Value
) async throws -> Value {
    var delay = Duration.seconds(1)
    for _ in 1..<attempts {
        do {
            return try await operation()
        } catch {
            try await clock.sleep(for: delay)
            delay *= 2
        }
    }
    return try await operation()
}
