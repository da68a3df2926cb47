import Foundation

/// Mistakes in what the learner asked for (an id that is not there) and files that cannot be written.
public enum LoopError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// No exercise has this id or prefix.
    case unknownExercise(String, suggestion: String?)
    /// Several exercises start with this prefix.
    case ambiguousPrefix(String, matches: [String])
    /// A learner file could not be written or backed up.
    case cannotWrite(path: String, reason: String)
    /// `kata check` of an exercise whose file the learner has not created yet.
    case noLearnerFile(id: String, path: String)
    /// The learner's file is there but cannot be checked (a folder, a link, not UTF-8, far too large).
    case unreadableLearnerFile(id: String, path: String, reason: String)
    /// An id far longer than any exercise id (it is not echoed).
    case idTooLong(length: Int)
    /// `kata check` with no id when every exercise is solved.
    case nothingToCheck
    /// `kata lang` with a language the workbook has no translation into.
    case unknownLanguage(String, available: [String])

    /// The message for the user.
    public var description: String {
        switch self {
        case .unknownExercise(let id, let suggestion?):
            "no exercise '\(id.withVisibleControls)'; did you mean '\(suggestion)'?"
        case .unknownExercise(let id, nil):
            "no exercise '\(id.withVisibleControls)'; run \(KataCommand.line("list")) to see every exercise id"
        case .idTooLong(let length):
            "that id is \(length) characters long, and exercise ids are short words like hello-kata; "
                + "run \(KataCommand.line("list")) to see every exercise id"
        case .ambiguousPrefix(let prefix, let matches):
            "'\(prefix.withVisibleControls)' could be any of \(matches.map { "'\($0)'" }.joined(separator: ", ")); type more of the id"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); nothing was changed"
        case .noLearnerFile(let id, let path):
            "\(path) does not exist yet; run \(KataCommand.line("next \(id)")) to create it from the starter"
        case .unreadableLearnerFile(let id, let path, let reason):
            "\(path) \(reason); kata checks a Swift file of your own there (\(KataCommand.line("reset \(id)")) puts "
                + "the starter back, keeping a backup)"
        case .nothingToCheck:
            "every exercise is solved; name one to check it again: \(KataCommand.line("check <id>")) (\(KataCommand.line("list")) shows the ids)"
        case .unknownLanguage(let code, let available):
            "this workbook has no translation into '\(code)'; "
                + "its languages are \(available.joined(separator: ", ")) (\(KataCommand.line("lang")) lists them)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
