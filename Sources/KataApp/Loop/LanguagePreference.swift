import Foundation
import KataBasics
import KataMessages
import KataSystem
import KataWorkbook

/// The learner's language: `KATA_LANG` for one command, else the one `kata lang` remembered in
/// `.kata/language`, else the source language.
struct LanguagePreference: Sendable {
    /// Where the language was chosen.
    package enum Origin: Sendable, Equatable {
        /// Nobody chose one: the source language.
        case unset
        /// The `KATA_LANG` environment variable.
        case environment
        /// `.kata/language`, written by `kata lang`.
        case remembered
    }

    /// The environment variable that chooses the language for one command.
    package static let environmentKey = "KATA_LANG"

    /// The `.kata` folder.
    package let directory: URL
    /// The file that remembers the choice.
    package var fileURL: URL { directory.appendingPathComponent("language") }

    /// A preference stored in `directory` (the workbook's `.kata`).
    package init(directory: URL) {
        self.directory = directory
    }

    /// The remembered language code, as written (nil when there is none, or when the file is not a short text file).
    package func remembered() -> String? {
        guard case .success(let text) = TextFileReader.read(fileURL, limit: 4_096) else { return nil }
        let code = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return code.isEmpty ? nil : code
    }

    /// Remembers `language` for the commands that follow.
    package func remember(_ language: Language) throws(LoopError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((language.code + "\n").utf8).write(to: fileURL, options: .atomic)
        } catch {
            throw .cannotWrite(path: fileURL.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The language to use among `available`, where it was chosen, and a warning for a choice that names no
    /// available language (the source language is used then), in the language chosen. The choice is shown as it was
    /// written, cut to a few dozen characters and with its control characters escaped: it comes from the
    /// environment or a file, and whatever they hold must not reach the terminal as it is.
    package func choose(
        environment: [String: String], available: [Language], kataCommand: String = "kata"
    ) -> (Language, Origin, [String]) {
        var warnings: [(Message, [String: String])] = []
        let names = available.map(\.code).joined(separator: ", ")
        var chosen: (Language, Origin)?
        if let requested = environment[Self.environmentKey], !requested.isEmpty {
            if let language = Language.resolve(requested, among: available) {
                chosen = (language, .environment)
            } else {
                warnings.append(
                    (
                        .langUnknownInEnvironment,
                        ["variable": Self.environmentKey, "value": Self.shown(requested), "languages": names]
                    ))
            }
        }
        if chosen == nil, let requested = remembered() {
            if let language = Language.resolve(requested, among: available) {
                chosen = (language, .remembered)
            } else {
                warnings.append(
                    (
                        .langUnknownRemembered,
                        [
                            "file": ".kata/language", "value": Self.shown(requested), "languages": names,
                            "source": Language.source.name, "command": "\(kataCommand) lang <code>",
                        ]
                    ))
            }
        }
        let (language, origin) = chosen ?? (.source, .unset)
        let t = Messages(language, kataCommand: kataCommand)
        return (language, origin, warnings.map { t($0.0, $0.1) })
    }

    /// A requested language as a warning shows it: on one line, escaped, at most 40 characters.
    static func shown(_ requested: String) -> String {
        let line = requested.withVisibleControlsOnOneLine
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
