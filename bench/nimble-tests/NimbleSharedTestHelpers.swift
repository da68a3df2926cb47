// Nimble's shared test helper (`Sources/NimbleSharedTestHelpers/utils.swift` in Nimble 13.8.0), rebuilt on
// KataSpec's recorded failures, so that Nimble's own matcher tests run against KataSpec changed only in their imports.
// `failsWithErrorMessage` checks messages as Nimble's does: each expected message must be among the failures the
// closure recorded, word for word. bench/nimble_tests.py builds it into the module `NimbleSharedTestHelpers`.

import Foundation
import KataSpec
import XCTest

/// Hands KataSpec's failures outside a spec run to XCTest, as Nimble's default handler does.
struct XCTestAssertionHandler: AssertionHandler {
    func assert(_ assertion: Bool, message: FailureMessage, location: KataSpec.SourceLocation) {
        guard !assertion else { return }
        XCTFail("\(location): \(message.stringValue)")
    }
}

/// Called before `main` by XCTestStartup's constructor: XCTest on Linux has no other hook that runs before the tests.
@_cdecl("kataspec_nimble_tests_start")
public func kataspecNimbleTestsStart() {
    NimbleAssertionHandler = XCTestAssertionHandler()
}

/// Writes one line per expected message to `$NIMBLE_BENCH_MESSAGES`, for the bench's word-for-word count.
private func note(expected: String, matched: Bool, got: [String]) {
    guard let path = ProcessInfo.processInfo.environment["NIMBLE_BENCH_MESSAGES"],
        let line = try? JSONSerialization.data(withJSONObject: ["expected": expected, "matched": matched, "got": got]),
        let file = FileHandle(forWritingAtPath: path)
    else { return }
    file.seekToEndOfFile()
    file.write(line + Data("\n".utf8))
    file.closeFile()
}

private func check(_ messages: [String], _ failures: [AssertionRecord], _ filePath: String, _ line: UInt) {
    let texts = failures.map(\.message.stringValue)
    for message in messages {
        let matched = texts.contains(message)
        note(expected: message, matched: matched, got: texts)
        if !matched {
            XCTFail(
                "\(filePath):\(line): Expected error message (\(message)), got (\(texts.joined(separator: ", ")))")
        }
    }
}

/// Fails the test unless `closure` records every one of `messages`, word for word (other failures may come along).
public func failsWithErrorMessage(
    _ messages: [String], fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () throws -> Void
) {
    let failures = gatherFailingExpectations(silently: true) {
        do { try closure() } catch { fail("unexpected error thrown: <\(error)>") }
    }
    check(messages, failures, filePath, line)
}

/// Fails the test unless `closure` records `message`, word for word.
public func failsWithErrorMessage(
    _ message: String, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () throws -> Void
) {
    failsWithErrorMessage([message], fileID: fileID, filePath: filePath, line: line, column: column, closure: closure)
}

/// `failsWithErrorMessage` with Nimble's " (use beNil() to match nils)" after `message`.
public func failsWithErrorMessageForNil(
    _ message: String, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () throws -> Void
) {
    failsWithErrorMessage(
        "\(message) (use beNil() to match nils)", fileID: fileID, filePath: filePath, line: line, column: column,
        closure: closure)
}

/// `failsWithErrorMessage` for a closure that awaits.
public func failsWithErrorMessage(
    _ messages: [String], fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () async throws -> Void
) async {
    let failures = await gatherFailingExpectations(silently: true) {
        do { try await closure() } catch { fail("unexpected error thrown: <\(error)>") }
    }
    check(messages, failures, filePath, line)
}

/// `failsWithErrorMessage` of one message, for a closure that awaits.
public func failsWithErrorMessage(
    _ message: String, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () async throws -> Void
) async {
    await failsWithErrorMessage(
        [message], fileID: fileID, filePath: filePath, line: line, column: column, closure: closure)
}

/// `failsWithErrorMessageForNil` for a closure that awaits.
public func failsWithErrorMessageForNil(
    _ message: String, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, preferOriginalSourceLocation: Bool = false, closure: () async throws -> Void
) async {
    await failsWithErrorMessage(
        "\(message) (use beNil() to match nils)", fileID: fileID, filePath: filePath, line: line, column: column,
        closure: closure)
}

/// Fails the test unless a failure `closure` records matches the regular expression `regex`.
public func failsWithErrorRegex(
    _ regex: String, fileID: String = #fileID, filePath: String = #filePath, line: UInt = #line,
    column: UInt = #column, closure: () throws -> Void
) {
    let texts = gatherFailingExpectations(silently: true) {
        do { try closure() } catch { fail("unexpected error thrown: <\(error)>") }
    }.map(\.message.stringValue)
    if !texts.contains(where: { $0.range(of: regex, options: .regularExpression) != nil }) {
        XCTFail("\(filePath):\(line): Expected error message to match regex (\(regex)), got (\(texts))")
    }
}

/// Runs `closure` with every failure it records dropped, and returns its value.
@discardableResult
public func suppressErrors<T>(closure: () -> T) -> T {
    var output: T?
    _ = gatherExpectations(silently: true) { output = closure() }
    return output!
}

/// Runs `action` on the main queue after 10 ms there, as Nimble's helper does.
public func deferToMainQueue(action: @escaping () -> Void) {
    DispatchQueue.main.async {
        Thread.sleep(forTimeInterval: 0.01)
        action()
    }
}

extension Date {
    /// A date from `yyyy-MM-dd HH:mm:ss` in the local time zone.
    public init(dateTimeString: String) {
        let dateFormatter = DateFormatter()
        dateFormatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        let date = dateFormatter.date(from: dateTimeString)!
        self.init(timeInterval: 0, since: date)
    }
}

extension NSDate {
    /// A date from `yyyy-MM-dd HH:mm:ss` in the local time zone.
    public convenience init(dateTimeString: String) {
        let date = Date(dateTimeString: dateTimeString)
        self.init(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    }
}
