import Foundation
import KataBasics

/// A chapter cut at its headings, each piece with a short hash: what a translation's stamp records, so that
/// `kata verify` can say which sections of the source changed since the translation was last brought up to date.
package struct ChapterSections: Sendable, Equatable {
    /// One heading and everything up to the next one.
    package struct Section: Sendable, Equatable {
        /// The heading as the stamp writes it: `#` markers, a space, its text (`## Red, green, refactor`).
        package var heading: String
        /// ``SourceHash/section(_:)`` of the section's lines.
        package var hash: String
        /// The heading's line (1-based); for a section read from a stamp, the stamp line that lists it.
        package var line: Int

        /// The heading's level: how many `#` it starts with.
        package var level: Int { heading.prefix { $0 == "#" }.count }
    }

    /// The sections in document order. The first one also holds whatever comes before the first heading.
    package var sections: [Section]

    /// Creates sections (read from a stamp, or built by hand in tests).
    package init(_ sections: [Section]) {
        self.sections = sections
    }

    /// Cuts `text` at its top-level headings (headings inside code blocks, lists or quotes do not count).
    package init(text: String, document: MarkdownNode) {
        let headings: [(line: Int, heading: String)] = document.children.compactMap { node in
            guard case .heading(let level) = node.kind else { return nil }
            return (node.startLine, Self.stampForm(level: level, text: node.plainText))
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard !headings.isEmpty else {
            sections = [Section(heading: "(no heading)", hash: SourceHash.section(text), line: 1)]
            return
        }
        var sections: [Section] = []
        for (index, heading) in headings.enumerated() {
            let start = index == 0 ? 0 : heading.line - 1
            let end = index + 1 < headings.count ? headings[index + 1].line - 1 : lines.count
            let body = lines[min(start, lines.count)..<min(max(end, start), lines.count)].joined(separator: "\n")
            sections.append(Section(heading: heading.heading, hash: SourceHash.section(body), line: heading.line))
        }
        self.sections = sections
    }

    /// How a heading is written in a stamp: on one line, and never closing the HTML comment that holds it.
    static func stampForm(level: Int, text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "-->", with: "-- >")
        return String(repeating: "#", count: max(level, 1)) + " " + flat
    }

    /// What changed from `old` (a stamp's sections) to `self` (the source now).
    package func changes(since old: ChapterSections) -> [SectionChange] {
        // Sections are matched by heading (the n-th section with the same heading matches the n-th), in order.
        let oldKeys = old.sections.map(\.heading)
        let newKeys = sections.map(\.heading)
        var changes: [SectionChange] = []
        for step in SequenceAlignment.align(oldKeys, newKeys, matches: ==) {
            switch step {
            case .both(let oldIndex, let newIndex):
                if old.sections[oldIndex].hash != sections[newIndex].hash {
                    changes.append(.changed(old: oldIndex, new: newIndex))
                }
            case .onlyFirst(let oldIndex): changes.append(.removed(old: oldIndex))
            case .onlySecond(let newIndex): changes.append(.added(new: newIndex))
            }
        }
        return changes
    }
}

/// One difference between the sections a translation was stamped against and the source's sections now.
package enum SectionChange: Sendable, Equatable {
    /// The section (at these indexes in the old and new lists) has new text.
    case changed(old: Int, new: Int)
    /// A section the source did not have when the translation was stamped.
    case added(new: Int)
    /// A section the source no longer has.
    case removed(old: Int)
}
