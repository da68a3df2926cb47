import Foundation

/// Kiwi's `KWCaptureSpy`: keeps one argument of the first call it sees after it was made.
///
/// A spy never answers a call: stubs and expectations answer as before, or the default value. As in
/// Kiwi, a strict mock accepts the spied message. Its failures are located where `captureArgument` was written.
public final class KWCaptureSpy: @unchecked Sendable {
    private let lock = NSLock()
    private let index: Int
    private let location: SourceLocation
    /// `.some(nil)` once a `nil` argument was captured.
    private var captured: Any?? = .none
    private var reportedMissingArgument = false

    init(index: Int, location: SourceLocation) {
        self.index = index
        self.location = location
    }

    /// Kiwi's `spy.argument`: the captured value; read before any call, it fails with Kiwi's message.
    public var argument: Any? {
        guard let captured = lock.withLock({ captured }) else {
            World.shared.record(Failure(message: "Argument requested has yet to be captured.", location: location))
            return nil
        }
        return captured
    }

    func observe(_ function: String, _ arguments: [Any?]) {
        guard arguments.indices.contains(index) else {
            let first = lock.withLock { () -> Bool in
                defer { reportedMissingArgument = true }
                return !reportedMissingArgument
            }
            guard first else { return }
            let call = callDescription(function, arguments.map { stringify($0, quotingStrings: true) })
            let count = "\(arguments.count) argument\(arguments.count == 1 ? "" : "s")"
            World.shared.record(
                Failure(
                    message: "cannot capture argument \(index) of \(call): it has \(count) (indices start at 0)",
                    location: location))
            return
        }
        lock.withLock { if captured == nil { captured = .some(arguments[index]) } }
    }
}
