/// kata's own words to a learner (the labels and verdict lines of `next`, `check`, `hint`, `list`, `reset`,
/// `watch` and `lang`, and the common errors) in one language: one table per language, English where a table
/// lacks a message.
///
/// A message may hold `{name}` placeholders, filled by the caller. Machine formats (`--format json|junit`),
/// authors' diagnostics and what a spec framework prints are not messages: they stay as they are.
///
/// The commands the messages tell a learner to type start as the learner types kata (``kataCommand``): `./kata`
/// until kata is on their `PATH`.
package struct Messages: Sendable {
    /// The language the messages are in (English where its table lacks one).
    package let language: Language
    /// How the learner types kata: `kata`, `./kata`, `../../kata`.
    package let kataCommand: String
    private let table: [Message: String]

    /// The messages of `language`, telling the learner to type `kataCommand`; English for a language kata has no
    /// table for.
    package init(_ language: Language, kataCommand: String = "kata") {
        self.language = language
        self.kataCommand = kataCommand
        table = Self.tables[language.code] ?? [:]
    }

    /// Messages from a table given here (tests: a table that lacks messages).
    init(language: Language, table: [Message: String]) {
        self.language = language
        self.kataCommand = "kata"
        self.table = table
    }

    /// A kata command as the learner types it: `./kata check hello-kata` for `check hello-kata`.
    package func kata(_ arguments: String) -> String {
        "\(kataCommand) \(arguments)"
    }

    /// The tables of the languages other than English, by code.
    static let tables: [String: [Message: String]] = ["zh-Hans": simplifiedChinese]

    /// The message, its placeholders filled in.
    package func callAsFunction(_ message: Message, _ values: [String: String] = [:]) -> String {
        Self.fill(table[message] ?? message.english, values)
    }

    /// A counted message: `one` for a count of 1, `many` otherwise, with `{count}` filled in.
    package func count(_ number: Int, _ one: Message, _ many: Message) -> String {
        self(number == 1 ? one : many, ["count": "\(number)"])
    }

    /// Whether this table has its own wording for `message` (and does not fall back to English).
    func has(_ message: Message) -> Bool { table[message] != nil }

    private static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }
}

/// Something kata tells the user (an error, a warning) that it can say in any of its languages: the command line
/// says it in the learner's, and `description` in English (what logs and machine formats keep).
package protocol Translatable {
    /// The text in the language of `t`.
    func description(in t: Messages) -> String
}
