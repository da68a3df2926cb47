import Foundation
import Mustache

/// Every word the site shows a reader (navigation, search, cards, themes, print, the 404 page), read from
/// `strings/<language>.json` in the site's resources, so that a translation replaces one file.
///
/// A string may hold `{name}` placeholders, which the builder fills in; a key ending in `One` is the form
/// for a count of 1. Templates read a string as `{{t.key}}`; the scripts get them all as `assets/strings.js`.
/// `{kata}` in any string is the command a reader types for kata (see ``SiteBuilder/command(for:)``).
struct SiteStrings {
    /// The strings by key.
    let table: [String: String]
    /// What `{kata}` stands for: `./kata`, or `kata` in a workbook without its launcher.
    var kata = "kata"

    /// Loads `strings/<language>.json`, which must have every key that English has.
    init(resources: SiteResources, language: String, kata: String = "kata") throws(SiteError) {
        self.kata = kata
        let english = try Self.read(resources.strings(language: "en"))
        guard language != "en" else {
            table = english
            return
        }
        let url = resources.strings(language: language)
        let translated = try Self.read(url)
        let missing = english.keys.filter { translated[$0] == nil }.sorted()
        guard missing.isEmpty else {
            throw .badStrings(
                file: url.path, reason: "it lacks \(missing.joined(separator: ", ")); copy them from en.json")
        }
        table = translated
    }

    /// The plain text of a string, placeholders filled with plain text.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        fill(string(key), values)
    }

    /// A string as HTML: its text escaped, placeholders filled with the HTML given.
    func html(_ key: String, _ values: [String: String] = [:]) -> String {
        fill(string(key).htmlEscaped, values)
    }

    /// "1 exercise", "3 exercises": the `One` form for a count of 1 when the language has one.
    func count(_ key: String, _ number: Int) -> String {
        let singular = key + "One"
        return text(number == 1 && table[singular] != nil ? singular : key, ["count": "\(number)"])
    }

    /// Every string, as a script for the site's own scripts (`window.KATA_STRINGS`).
    func script() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let filled = table.mapValues { fill($0, [:]) }
        guard let data = try? encoder.encode(filled) else { preconditionFailure("strings always encode") }
        return "window.KATA_STRINGS = " + String(decoding: data, as: UTF8.self) + ";\n"
    }

    private func string(_ key: String) -> String {
        guard let string = table[key] else { preconditionFailure("the site asks for an unknown string '\(key)'") }
        return string
    }

    private func fill(_ template: String, _ given: [String: String]) -> String {
        var values = given
        if values["kata"] == nil { values["kata"] = kata }
        // On UTF-8 bytes: `{` and `}` never occur inside another character's encoding.
        let bytes = Array(template.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                let value = values[String(decoding: bytes[(index + 1)..<close], as: UTF8.self)]
            {
                result += value.utf8
                index = close + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func read(_ url: URL) throws(SiteError) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .badStrings(file: url.path, reason: "it cannot be read")
        }
        do {
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw .badStrings(file: url.path, reason: "it is not a JSON object of strings")
        }
    }
}

extension SiteStrings: MustacheParent {
    func child(named key: String) -> Any? { table[key] }
}
