import ArgumentParser

/// A command of kata that kata-tools runs (``CompanionCommand``): its place in kata's command tree and its
/// one-line description, which both binaries show, so that `./kata --help` describes it as its own help does.
package enum ToolCommand: String, CaseIterable, Sendable {
    /// kata's version, which both binaries print for `--version`.
    package static let version = "0.1.0"

    case buildSite = "build-site"
    case verify
    case translate
    case roomGitHub = "github"
    case roomGrade = "grade"

    /// The words that name it after `kata`: `["build-site"]`, `["room", "github"]`.
    package var path: [String] {
        self == .roomGitHub || self == .roomGrade ? ["room", rawValue] : [rawValue]
    }

    /// Its name under its parent command.
    package var name: String { rawValue }

    /// What it does, in one line.
    package var abstract: String {
        switch self {
        case .buildSite:
            "Render the workbook as a static HTML site that works offline, from a folder or a web server."
        case .verify:
            "For authors: check that every solution passes, every starter fails and every example compiles."
        case .translate:
            "For translators: start a chapter's translation, check it, and stamp it as up to date."
        case .roomGitHub:
            "Make a GitHub Classroom assignment: a template repository that grades every push."
        case .roomGrade:
            "Re-grade hand-ins or learners' repositories against your workbook and write the grade table (CSV and JUnit)."
        }
    }

    /// kata's side of the command: its name and abstract; every argument, `--help` included, goes to kata-tools.
    package var forwardingConfiguration: CommandConfiguration {
        CommandConfiguration(commandName: name, abstract: abstract)
    }

    /// The command `words` start with (`["translate", "start", "zh-Hans"]` is ``translate``), and the words after
    /// its name; nil when they name none.
    package static func command(startingWith words: [String]) -> (command: ToolCommand, rest: [String])? {
        for command in allCases where words.starts(with: command.path) {
            return (command, Array(words.dropFirst(command.path.count)))
        }
        return nil
    }

    /// Replaces this process with kata-tools running this command with `arguments`.
    package func run(_ arguments: [String]) throws -> Never {
        try CompanionCommand.exec(.tools, path + arguments)
    }
}
