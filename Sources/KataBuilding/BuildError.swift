import Foundation
import KataBasics
import KataMessages
import KataSystem
import KataWorkbook

/// Why an exercise could not be built (as opposed to: it was built and failed to compile).
package enum BuildError: Error, Equatable, LocalizedError, CustomStringConvertible, Translatable {
    /// No `swiftc` was found.
    case noCompiler
    /// The KataSpec sources were not found.
    case noSpecSources(searched: [String])
    /// KataSpec itself did not compile: a broken installation, not the learner's fault.
    case specLibraryFailed(output: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The compiler or linker failed for a reason outside the learner's code: a full disk, too little memory, a
    /// crash. Not a verdict on the learner, so nothing is recorded or cached.
    case environment(problem: String, output: String)
    /// kata stopped the compiler at one of its limits (``CompileLimits``) while it compiled `file` (the learner's, a
    /// reference solution, a chapter; nil when it was kata's own probe of a learner's names), and the compiler said it
    /// was at `line`, when it did. Not a verdict on the code: nothing is recorded or cached.
    case compilerStopped(CompileLimits.Stop, file: String?, line: Int?)
    /// KataSpec's own build was stopped at a limit.
    case specLibraryStopped(CompileLimits.Stop)
    /// `KATA_SANDBOX=require` and this computer has no sandbox.
    case noSandbox(reason: String)
    /// An exercise on Swift Testing or XCTest was compiled before kata's harness for them was built (kata's mistake).
    case noHarness
    /// A re-grade of hand-ins, which runs other people's code, on a computer with no sandbox.
    case gradingWithoutSandbox(reason: String)
    /// An exercise on the real Swift Testing or XCTest, on a system where kata cannot build against them (macOS).
    case realFrameworksNotHere(exercise: String, framework: String)
    /// An exercise on the real Swift Testing or XCTest, with a toolchain older than the one they are checked on.
    case realFrameworksNeedNewerSwift(exercise: String, framework: String, found: String)

    /// The message for the user, in English (``description(in:)`` says it in the learner's language). Paths (which `KATA_SPEC_SOURCES`,
    /// `KATA_LIBRARY_CACHE` or the workbook's folder give) are shown on one line and what a compiler printed keeps its
    /// lines, control characters escaped.
    package var description: String { description(in: Messages(.source)) }

    /// The message in the language of `t` (the limits' stops; the other cases are said in English).
    package func description(in t: Messages) -> String {
        switch self {
        case .noCompiler:
            "cannot find swiftc; install Swift 6 (https://swift.org/install) or set SWIFTC to the compiler's path"
        case .noSpecSources(let searched):
            "cannot find the KataSpec sources (looked in \(searched.map(\.withVisibleControlsOnOneLine).joined(separator: ", "))); set KATA_SPEC_SOURCES to the folder Sources/KataSpec of kata"
        case .specLibraryFailed(let output):
            "the KataSpec library did not compile; this is a problem with kata's installation, not with your code:\n\(output.withVisibleControls)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path.withVisibleControlsOnOneLine): \(reason)"
        case .environment(let problem, let output):
            "the check could not be done: \(problem). This is a problem with this computer, not with your code; "
                + "nothing was recorded. Fix it and run the same command again.\n"
                + output.split(separator: "\n").suffix(12).joined(separator: "\n").withVisibleControls
        case .compilerStopped(let stop, let file, let line):
            Self.stopped(
                stop, file: file?.withVisibleControlsOnOneLine ?? t(.compilerStoppedYourFile), line: line, in: t)
        case .specLibraryStopped(.time(let seconds)):
            t(
                .libraryStoppedTime,
                ["seconds": CompileLimits.describe(seconds: seconds), "variable": CompileLimits.secondsVariable])
        case .specLibraryStopped(.memory(let bytes)):
            t(
                .libraryStoppedMemory,
                ["memory": CompileLimits.describe(bytes: bytes), "variable": CompileLimits.memoryVariable])
        case .noSandbox(let reason):
            "KATA_SANDBOX=require, but there is no sandbox on this computer: \(reason)"
        case .noHarness:
            "kata's harness for Swift Testing and XCTest was not built before an exercise on them was compiled; this is "
                + "a mistake in kata, not in your code: check again"
        case .gradingWithoutSandbox(let reason):
            "kata room grade runs each learner's code, and this computer has no sandbox (\(reason)): that code "
                + "could read and change your files and forge its own results. Grade on Linux with bubblewrap "
                + "(sudo apt-get install bubblewrap), or, to grade here anyway, add --without-sandbox."
        case .realFrameworksNotHere(let exercise, let framework):
            t(.realFrameworksNotHere, ["exercise": exercise, "framework": framework])
        case .realFrameworksNeedNewerSwift(let exercise, let framework, let found):
            t(
                .realFrameworksNeedNewerSwift,
                [
                    "exercise": exercise, "framework": framework, "found": found.withVisibleControlsOnOneLine,
                    "minimum": Toolchain.realFrameworksMinimum.description,
                ])
        }
    }

    /// What stopped the compiler on `file`, and what to do about it.
    private static func stopped(_ stop: CompileLimits.Stop, file: String, line: Int?, in t: Messages) -> String {
        let said =
            switch stop {
            case .time(let seconds):
                t(.compilerStoppedTime, ["file": file, "seconds": CompileLimits.describe(seconds: seconds)])
            case .memory(let bytes):
                t(.compilerStoppedMemory, ["file": file, "memory": CompileLimits.describe(bytes: bytes)])
            }
        let at = line.map { t(.compilerStoppedAt, ["line": "\($0)"]) } ?? ""
        return said + t(.compilerStoppedCause, ["at": at, "variable": CompileLimits.secondsVariable])
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
