import Foundation

// Nimble's assertion records (`Adapters/AssertionRecorder.swift`, `Adapters/AdapterProtocols.swift`): every
// expectation's outcome, gathered by `gatherExpectations`, or handed to `NimbleAssertionHandler` when it happens
// outside a spec run (a test that uses KataSpec's matchers from XCTest or Swift Testing sets its own handler).

/// The text of a failed expectation (Nimble's `FailureMessage`, reduced to the text it prints).
public struct FailureMessage: Sendable, CustomStringConvertible {
    /// The whole message, as the failure prints it.
    public var stringValue: String

    /// Creates a message from its text.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// The message's text.
    public var description: String { stringValue }
}

/// One expectation's outcome: whether it passed, what it would say, where it was written.
public struct AssertionRecord: Sendable, CustomStringConvertible {
    /// Whether the expectation passed.
    public let success: Bool
    /// What the expectation says when it fails (empty when it passed).
    public let message: FailureMessage
    /// Where the expectation was written.
    public let location: SourceLocation

    /// Creates a record.
    public init(success: Bool, message: FailureMessage, location: SourceLocation) {
        self.success = success
        self.message = message
        self.location = location
    }

    /// Nimble's wording: `AssertionRecord { success=false, message='…', location=… }`.
    public var description: String {
        "AssertionRecord { success=\(success), message='\(message.stringValue)', location=\(location) }"
    }
}

/// Receives the outcome of expectations made outside a spec run (Nimble's protocol of the same name).
public protocol AssertionHandler {
    /// Called once for every expectation: `assertion` is whether it passed.
    func assert(_ assertion: Bool, message: FailureMessage, location: SourceLocation)
}

/// Where expectations made outside a spec run report (Nimble's global of the same name). Inside a spec run they
/// belong to the running example. By default a failure is printed to standard error as a diagnostic.
nonisolated(unsafe) public var NimbleAssertionHandler: any AssertionHandler = StandardErrorAssertionHandler()

/// The default `NimbleAssertionHandler`: prints each failure as `file:line:column: error: message`.
public struct StandardErrorAssertionHandler: AssertionHandler {
    /// Creates the handler.
    public init() {}

    /// Prints a failure; a pass says nothing.
    public func assert(_ assertion: Bool, message: FailureMessage, location: SourceLocation) {
        guard !assertion else { return }
        FileHandle.standardError.write(Data("\(Failure(message: message.stringValue, location: location))\n".utf8))
    }
}

/// Runs `closure` and returns the outcome of every expectation it made, passed or failed, in order (Nimble).
///
/// The failures still count for the running example (or go to `NimbleAssertionHandler`) unless `silently`.
public func gatherExpectations(silently: Bool = false, closure: () -> Void) -> [AssertionRecord] {
    let records = World.shared.gatherAssertions(closure)
    if !silently { records.forEach(World.shared.report) }
    return records
}

/// `gatherExpectations` for a closure that awaits.
public func gatherExpectations(
    silently: Bool = false, isolation: isolated (any Actor)? = #isolation, closure: () async -> Void
) async -> [AssertionRecord] {
    let records = await World.shared.gatherAssertions(closure)
    if !silently { records.forEach(World.shared.report) }
    return records
}

/// Runs `closure` and returns the expectations it made that failed (Nimble).
public func gatherFailingExpectations(silently: Bool = false, closure: () -> Void) -> [AssertionRecord] {
    gatherExpectations(silently: silently, closure: closure).filter { !$0.success }
}

/// `gatherFailingExpectations` for a closure that awaits.
public func gatherFailingExpectations(
    silently: Bool = false, isolation: isolated (any Actor)? = #isolation, closure: () async -> Void
) async -> [AssertionRecord] {
    await gatherExpectations(silently: silently, closure: closure).filter { !$0.success }
}
