import Foundation
import KataBasics

/// The block at the top of a translated chapter that records the source it follows:
///
/// ```text
/// <!-- kata translation: written by `kata translate`; do not edit it by hand (docs/TRANSLATING.md)
/// status: done
/// source: chapters/01-tdd-and-bdd.md
/// source-sha256: 9c1f…
/// sections:
///   3a7bd3e2 # TDD and BDD
///   0f5e2c11 ## Red, green, refactor
/// -->
/// ```
///
/// `status` is `draft` (being translated: learners still see the English chapter) or `done`. The hashes are
/// those of the source when the translation was started (a draft) or last stamped as up to date (done).
package struct TranslationStamp: Sendable, Equatable {
    /// Whether learners see the translation yet.
    package enum Status: String, Sendable {
        /// Started and being translated; learners see the source.
        case draft
        /// Translated; learners see it.
        case done
    }

    /// Draft or done.
    package var status: Status
    /// The source chapter, relative to the workbook (`chapters/01-tdd-and-bdd.md`).
    package var source: String
    /// ``SourceHash/full(_:)`` of the source as it was stamped.
    package var sourceHash: String
    /// The source's sections as they were stamped.
    package var sections: ChapterSections

    /// The first line of every stamp.
    static let opening = "<!-- kata translation"
    static let firstLine = opening + ": written by `kata translate`; do not edit it by hand (docs/TRANSLATING.md)"

    /// Creates a stamp.
    package init(status: Status, source: String, sourceHash: String, sections: ChapterSections) {
        self.status = status
        self.source = source
        self.sourceHash = sourceHash
        self.sections = sections
    }

    /// The stamp as it is written at the top of the translation, ending with a line break.
    package var text: String {
        var lines = [
            Self.firstLine, "status: \(status.rawValue)", "source: \(source)", "source-sha256: \(sourceHash)",
            "sections:",
        ]
        lines += sections.sections.map { "  \($0.hash) \($0.heading)" }
        lines.append("-->")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where a stamp sits in a translation's text.
    package struct Found {
        /// The stamp, when it could be read.
        package var stamp: TranslationStamp?
        /// How many lines it takes (its closing `-->` included).
        package var lineCount: Int
        /// What is wrong with it, at lines counted from 1.
        package var problems: [(line: Int, message: String)]
    }

    /// Reads the stamp at the top of `text`; nil when the text does not start with one.
    package static func find(in text: String) -> Found? {
        guard text.hasPrefix(opening) else { return nil }
        // Only the block's lines are split: splitting a whole chapter walks every character of it.
        let end = text.range(of: "\n-->")?.upperBound ?? text.endIndex
        let lines = text[..<end].split(separator: "\n", omittingEmptySubsequences: false)
        guard let close = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "-->" }) else {
            return Found(
                stamp: nil, lineCount: 1,
                problems: [(1, "the translation block is never closed; end it with a line holding only '-->'")])
        }
        var problems: [(line: Int, message: String)] = []
        var values: [String: String] = [:]
        var sections: [ChapterSections.Section] = []
        var inSections = false
        for index in 1..<close {
            let line = String(lines[index])
            let number = index + 1
            if inSections, line.hasPrefix(" ") {
                let words = line.trimmingCharacters(in: .whitespaces)
                let parts = words.split(separator: " ", maxSplits: 1)
                if parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit), parts[1].hasPrefix("#") {
                    sections.append(.init(heading: String(parts[1]), hash: String(parts[0]), line: number))
                } else {
                    problems.append((number, "a section line must read '<8 hex digits> <#-heading>'; got '\(words)'"))
                }
                continue
            }
            inSections = false
            guard let colon = line.firstIndex(of: ":") else {
                problems.append((number, "expected 'key: value', got '\(line)'"))
                continue
            }
            let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let keys = ["status", "source", "source-sha256", "sections"]
            guard keys.contains(key) else {
                problems.append(
                    (
                        number,
                        "unknown key '\(key)'\(Suggestion.didYouMean(key, in: keys)); keys are \(keys.joined(separator: ", "))"
                    ))
                continue
            }
            if key == "sections" { inSections = true }
            values[key] = value
        }
        for key in ["status", "source", "source-sha256", "sections"] where values[key] == nil {
            problems.append((1, "the translation block has no '\(key):' line"))
        }
        let status = values["status"].flatMap(Status.init(rawValue:))
        if let value = values["status"], status == nil {
            let line = (lines.firstIndex { $0.hasPrefix("status:") } ?? 0) + 1
            problems.append((line, "status must be 'draft' or 'done'; got '\(value)'"))
        }
        if let hash = values["source-sha256"], hash.count != 64 || !hash.allSatisfy(\.isHexDigit) {
            let line = (lines.firstIndex { $0.hasPrefix("source-sha256:") } ?? 0) + 1
            problems.append((line, "source-sha256 must be 64 hex digits"))
        }
        guard problems.isEmpty, let status, let source = values["source"], let hash = values["source-sha256"] else {
            return Found(stamp: nil, lineCount: close + 1, problems: problems)
        }
        let stamp = TranslationStamp(
            status: status, source: source, sourceHash: hash, sections: ChapterSections(sections))
        return Found(stamp: stamp, lineCount: close + 1, problems: [])
    }
}
