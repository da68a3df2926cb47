import Foundation
import KataSystem

/// `chapters/<language>/language.json`: what a translation says about itself.
///
/// ```json
/// { "name": "简体中文", "complete": false }
/// ```
///
/// Both keys are optional. `name` is the language's name in itself (kata knows the common ones);
/// `complete: true` declares every chapter translated, which turns a missing or draft chapter from a warning
/// into an error.
package struct TranslationSettings: Equatable {
    package var name: String?
    package var complete = false

    /// Settings with a language's name and whether its translation is complete.
    package init(name: String? = nil, complete: Bool = false) {
        self.name = name
        self.complete = complete
    }

    package static let fileName = "language.json"
    package static let keys = ["name", "complete"]

    /// Reads the settings file; a missing file gives the defaults.
    package static func read(_ url: URL, path: String) -> (TranslationSettings, [Diagnostic]) {
        let location = SourceLocation(file: path, line: 1)
        let data: Data
        switch TextFileReader.read(url, limit: 64 << 10) {
        case .success(let text): data = Data(text.utf8)
        case .failure(.missing): return (TranslationSettings(), [])
        case .failure(let failure): return (TranslationSettings(), [Diagnostic(at: location, "this file \(failure)")])
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            return (
                TranslationSettings(),
                [
                    Diagnostic(
                        at: location, "this is not a JSON object; write it as {\"name\": \"简体中文\", \"complete\": false}"
                    )
                ]
            )
        }
        var settings = TranslationSettings()
        var diagnostics: [Diagnostic] = []
        for key in fields.keys.sorted() where !keys.contains(key) {
            diagnostics.append(
                Diagnostic(
                    at: location,
                    "unknown key '\(key)'\(Suggestion.didYouMean(key, in: keys)); the keys are \(keys.joined(separator: " and "))"
                ))
        }
        // JSONDecoder types the values strictly (a 1 is not true), where JSONSerialization would not.
        struct Name: Decodable { var name: String? }
        struct Complete: Decodable { var complete: Bool? }
        if fields["name"] != nil {
            if let name = (try? JSONDecoder().decode(Name.self, from: data))?.name, !name.isEmpty {
                settings.name = name
            } else {
                diagnostics.append(Diagnostic(at: location, "\"name\" must be the language's name, such as \"简体中文\""))
            }
        }
        if fields["complete"] != nil {
            if let complete = (try? JSONDecoder().decode(Complete.self, from: data))?.complete {
                settings.complete = complete
            } else {
                diagnostics.append(Diagnostic(at: location, "\"complete\" must be true or false"))
            }
        }
        return (settings, diagnostics)
    }

    /// The file's text.
    package var text: String {
        var lines: [String] = []
        if let name { lines.append("  \"name\": \"\(name)\"") }
        lines.append("  \"complete\": \(complete)")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
