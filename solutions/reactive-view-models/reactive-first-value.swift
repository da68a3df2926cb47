/// Waits until `future` completes, turning the current run loop, and returns its result;
/// returns `nil` when `timeout` seconds pass first (ReactiveCocoa's asynchronousFirstOrDefault).
func firstResult<Value>(of future: Future<Value>, timeout: TimeInterval) -> Result<Value, Error>? {
    var result: Result<Value, Error>?
    future.onComplete { result = $0 }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while result == nil && Date() < deadline {
        RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    return result
}
