import Foundation
import KataBasics

/// How large a hand-in and each of its fields may be. `kata handin` writes within these limits and `kata room grade`
/// refuses a file past them, by name, so that one hand-in (made by hand, or by accident) can neither stall the
/// grading of a class nor fill the instructor's summary.
package struct HandinLimits: Sendable, Equatable {
    /// The largest hand-in file: checked before it is read, let alone parsed.
    package var fileBytes = 16 << 20
    /// The largest exercise file in it: the same as for a learner's file in their workbook.
    package var exerciseFileBytes = Workspace.learnerFileLimit
    /// The learner's name: characters (as a person counts them) and UTF-8 bytes.
    var nameCharacters = 80
    var nameBytes = 256
    /// Entries of `files`, of `chapters` and of `progress.exercises`, each.
    package var entries = 1_000
    /// A path in `files` or `chapters`, an exercise id in `progress`, a chapter's hash: UTF-8 bytes.
    package var keyBytes = 256

    /// The limits kata writes and reads hand-ins with.
    package init() {}

    /// What is wrong with `handin` (the field, what it holds and the limit), or nil.
    package func problem(in handin: Handin) -> String? {
        if let problem = nameProblem(handin.learner) { return problem }
        for (field, count) in [
            ("files", handin.files.count), ("chapters", handin.chapters.count),
            ("progress.exercises", handin.progress.exercises.count),
        ] where count > entries {
            return "\(field) has \(count) entries, more than the \(entries) kata takes"
        }
        let keys =
            handin.files.keys.map { ("files", $0) } + handin.chapters.keys.map { ("chapters", $0) }
            + handin.chapters.values.map { ("chapters", $0) }
            + handin.progress.exercises.keys.map { ("progress.exercises", $0) }
        if let (field, key) = keys.first(where: { $0.1.utf8.count > keyBytes }) {
            return "\(field) holds \"\(Self.excerpt(key))\", of \(key.utf8.count) bytes; kata takes up to \(keyBytes)"
        }
        if let (path, text) = handin.files.sorted(by: { $0.key < $1.key }).first(where: {
            $0.value.utf8.count > exerciseFileBytes
        }) {
            return "files: \(Self.excerpt(path)) is \(text.utf8.count) bytes; kata takes exercise files of up to "
                + "\(exerciseFileBytes) bytes, as in a workbook"
        }
        return nil
    }

    /// What is wrong with a learner's name for a hand-in, or nil.
    package func nameProblem(_ name: String) -> String? {
        guard name.isEmpty || name.count > nameCharacters || name.utf8.count > nameBytes else { return nil }
        return "learner: give a name of 1 to \(nameCharacters) characters (\(nameBytes) bytes), such as --name \"Ada\""
    }

    /// The start of `text`, control characters shown, for a message: a key can be as long as the file.
    static func excerpt(_ text: String) -> String {
        let visible = text.prefix(60).description.withVisibleControls
        return text.count > 60 ? visible + "…" : visible
    }
}
