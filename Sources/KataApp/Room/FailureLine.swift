import Foundation
import KataBasics
import KataGrading
import KataMessages
import KataWorkbook

/// The first failure or compile error of a check on one line, with the learner's paths, positions and
/// spacing taken out, so that the room can count how many learners hit the same one.
package enum FailureLine {
    /// Longest line kept.
    package static let limit = 200

    /// The line for `result`, or nil when it passed.
    package static func first(in result: CheckResult) -> String? {
        switch result.status {
        case .passed:
            return nil
        case .compileError:
            if let error = result.diagnostics.first(where: { $0.severity == .error }) ?? result.diagnostics.first {
                return normalize("compile error: " + error.message)
            }
            let line = result.compilerOutput?.split(separator: "\n").first { $0.contains("error:") }
            return normalize("compile error: " + (line.map { String($0) } ?? "the compiler failed"))
        case .failed:
            if let run = result.run, let example = run.examples.first(where: { $0.status.isFailure }) {
                switch example.status {
                case .crashed:
                    return normalize("\(example.name): crashed: \(example.failures.first?.message ?? "")")
                case .timedOut:
                    return normalize("\(example.name): did not finish in time")
                default:
                    return normalize("\(example.name): \(example.failures.first?.message ?? "failed")")
                }
            }
            if let survivor = result.mutants.first(where: { !$0.caught }) {
                return normalize("mutant '\(survivor.name)' survived: \(survivor.note)")
            }
            if result.run?.timedOutAfter != nil { return "did not finish in time" }
            return result.message.map(normalize) ?? "failed"
        case .error:
            return normalize(result.message ?? result.run?.problem ?? "could not be judged")
        }
    }

    /// One line: no `file:line:column:` prefixes, single spaces, at most ``limit`` characters.
    package static func normalize(_ text: String) -> String {
        var line = withoutPlaces(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if line.count > limit { line = String(line.prefix(limit - 1)) + "…" }
        return line
    }

    /// `text` without the places in it (`exercises/a/b.swift:3:5: `, `chapters/01.md:12 `), read once from front to
    /// back: a pattern that tried each position of a long word for a `.swift:` at its end would take time in the
    /// square of the word's length, and a learner's program decides what its failures say.
    static func withoutPlaces(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var position = 0
        while position < characters.count {
            guard isWordCharacter(characters[position]) else {
                result.append(characters[position])
                position += 1
                continue
            }
            var end = position
            while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
            if let placeEnd = endOfPlace(characters, word: position..<end) {
                position = placeEnd
            } else {
                result.append(contentsOf: characters[position..<end])
                position = end
            }
        }
        return result
    }

    /// Where the place that `word` starts ends (after `:line`, `:column`, a `:` and spaces), when `word` is the path
    /// of a Swift or Markdown file followed by a line number.
    private static func endOfPlace(_ characters: [Character], word: Range<Int>) -> Int? {
        let name = characters[word]
        guard
            name.count > 6 && name.suffix(6).elementsEqual(".swift")
                || name.count > 3 && name.suffix(3).elementsEqual(".md")
        else { return nil }
        guard let line = number(characters, colonAt: word.upperBound) else { return nil }
        var position = number(characters, colonAt: line) ?? line
        if position < characters.count, characters[position] == ":" { position += 1 }
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        return position
    }

    /// The end of `:<digits>` at `colon`, if there is one.
    private static func number(_ characters: [Character], colonAt colon: Int) -> Int? {
        guard colon < characters.count, characters[colon] == ":" else { return nil }
        var end = colon + 1
        while end < characters.count, isDigit(characters[end]) { end += 1 }
        return end > colon + 1 ? end : nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        !character.isWhitespace && character != ":"
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1
            && character.unicodeScalars.first!.properties.generalCategory == .decimalNumber
    }
}
