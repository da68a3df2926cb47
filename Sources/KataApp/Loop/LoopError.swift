import Foundation
import KataBasics
import KataMessages
import KataSystem
import KataWorkbook

/// Mistakes in what the learner asked for (an id that is not there) and files that cannot be written.
package enum LoopError: Error, Equatable, LocalizedError, CustomStringConvertible, Translatable {
    /// No exercise has this id or prefix; the ids the learner most likely meant, best first (see
    /// `Workbook.exerciseSuggestions(for:)`).
    case unknownExercise(String, suggestions: [String])
    /// Several exercises start with this prefix.
    case ambiguousPrefix(String, matches: [String])
    /// A learner file could not be written or backed up.
    case cannotWrite(path: String, reason: String)
    /// `kata check` of an exercise whose file the learner has not created yet.
    case noLearnerFile(id: String, path: String)
    /// The learner's file is there but cannot be checked (a folder, not UTF-8, far too large).
    case unreadableLearnerFile(id: String, path: String, reason: TextFileReader.Failure)
    /// `kata reset` of a learner's file that is there but cannot be read, so it cannot be backed up (a folder, a FIFO).
    case cannotBackUp(id: String, path: String, reason: TextFileReader.Failure)
    /// The learner's file is reached through a symbolic link: the file itself, or a folder above it in `exercises/`
    /// (see ``LearnerPath``); `link` is the part that is the link, as shown to the learner.
    case learnerFileLink(id: String, path: String, link: String)
    /// An id far longer than any exercise id (it is not echoed).
    case idTooLong(length: Int)
    /// `kata check` with no id when every exercise is solved.
    case nothingToCheck
    /// `kata lang` with a language the workbook has no translation into.
    case unknownLanguage(String, available: [String])

    /// The message for the user.
    package var description: String { description(in: Messages(.source)) }

    /// The message in the language of `messages`.
    package func description(in t: Messages) -> String {
        let list = t.kata("list")
        switch self {
        case .unknownExercise(let id, let suggestions) where suggestions.count == 1:
            return t(.errorUnknownExerciseSuggestion, ["id": id.withVisibleControls, "suggestion": suggestions[0]])
        case .unknownExercise(let id, let suggestions) where suggestions.count > 1:
            let ids =
                t.language.isSource
                ? suggestions.map { "'\($0)'" }.joined(separator: ", ")
                : suggestions.map { "“\($0)”" }.joined(separator: "、")
            return t(.errorUnknownExerciseSuggestions, ["id": id.withVisibleControls, "ids": ids])
        case .unknownExercise(let id, _):
            return t(.errorUnknownExercise, ["id": id.withVisibleControls, "command": list])
        case .idTooLong(let length):
            return t(.errorIdTooLong, ["length": "\(length)", "command": list])
        case .ambiguousPrefix(let prefix, let matches):
            return t(
                .errorAmbiguous,
                ["prefix": prefix.withVisibleControls, "matches": matches.map { "'\($0)'" }.joined(separator: ", ")])
        case .cannotWrite(let path, let reason):
            return t(.errorCannotWrite, ["path": path.withVisibleControlsOnOneLine, "reason": reason])
        case .noLearnerFile(let id, let path):
            return t(.errorNoLearnerFile, ["path": path, "command": t.kata("next \(id)")])
        case .unreadableLearnerFile(let id, let path, let reason):
            return t(
                .errorUnreadable,
                ["path": path, "reason": reason.described(t), "command": t.kata("reset \(id)")])
        case .cannotBackUp(let id, let path, let reason):
            return t(
                .resetCannotBackUp,
                ["path": path, "reason": reason.described(t), "command": t.kata("reset \(id)")])
        case .learnerFileLink(let id, let path, let link):
            let command = t.kata("reset \(id)")
            return link == path
                ? t(.errorLearnerFileLink, ["path": path, "command": command])
                : t(.errorLearnerFolderLink, ["path": path, "link": link, "command": command])
        case .nothingToCheck:
            return t(.errorNothingToCheck, ["command": t.kata("check <id>"), "list": list])
        case .unknownLanguage(let code, let available):
            return t(
                .errorUnknownLanguage,
                [
                    "code": LanguagePreference.shown(code), "languages": available.joined(separator: ", "),
                    "command": t.kata("lang"),
                ])
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
