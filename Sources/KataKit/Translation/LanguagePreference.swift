import Foundation

/// The learner's language: `KATA_LANG` for one command, else the one `kata lang` remembered in
/// `.kata/language`, else the source language.
public struct LanguagePreference: Sendable {
    /// Where the language was chosen.
    public enum Origin: Sendable, Equatable {
        /// Nobody chose one: the source language.
        case unset
        /// The `KATA_LANG` environment variable.
        case environment
        /// `.kata/language`, written by `kata lang`.
        case remembered
    }

    /// The environment variable that chooses the language for one command.
    public static let environmentKey = "KATA_LANG"

    /// The `.kata` folder.
    public let directory: URL
    /// The file that remembers the choice.
    public var fileURL: URL { directory.appendingPathComponent("language") }

    /// A preference stored in `directory` (the workbook's `.kata`).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The remembered language code, as written (nil when there is none).
    public func remembered() -> String? {
        guard let data = FileManager.default.contents(atPath: fileURL.path) else { return nil }
        let code = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return code.isEmpty ? nil : code
    }

    /// Remembers `language` for the commands that follow.
    public func remember(_ language: Language) throws(LoopError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((language.code + "\n").utf8).write(to: fileURL, options: .atomic)
        } catch {
            throw .cannotWrite(path: fileURL.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The language to use among `available`, where it was chosen, and a warning for a choice that names no
    /// available language (the source language is used then).
    public func choose(environment: [String: String], available: [Language]) -> (Language, Origin, [String]) {
        var warnings: [String] = []
        let names = available.map(\.code).joined(separator: ", ")
        if let requested = environment[Self.environmentKey], !requested.isEmpty {
            if let language = Language.resolve(requested, among: available) { return (language, .environment, []) }
            warnings.append(
                "\(Self.environmentKey)=\(requested) names no language of this workbook (it has \(names)); ignoring it")
        }
        if let requested = remembered() {
            if let language = Language.resolve(requested, among: available) { return (language, .remembered, warnings) }
            warnings.append(
                ".kata/language names \(requested), a language this workbook has no translation into (it has \(names)); "
                    + "showing \(Language.source.name); choose another with \(KataCommand.line("lang <code>"))")
        }
        return (.source, .unset, warnings)
    }
}
