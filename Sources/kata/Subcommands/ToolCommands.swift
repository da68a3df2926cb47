import ArgumentParser
import KataBasics
import KataCommandLine
import KataWorkbook

// The commands kata-tools runs, which a learner's first build leaves out: each passes every argument on.

extension Kata {
    /// `kata build-site`.
    struct BuildSite: ParsableCommand {
        static let configuration = ToolCommand.buildSite.forwardingConfiguration

        @Argument(parsing: .captureForPassthrough, help: "Options for the site (./kata build-site --help lists them).")
        var arguments: [String] = []

        func run() throws { try ToolCommand.buildSite.run(arguments) }
    }

    /// `kata verify`.
    struct Verify: ParsableCommand {
        static let configuration = ToolCommand.verify.forwardingConfiguration

        @Argument(parsing: .captureForPassthrough, help: "Exercise ids and options (./kata verify --help lists them).")
        var arguments: [String] = []

        func run() throws { try ToolCommand.verify.run(arguments) }
    }

    /// `kata translate`.
    struct Translate: ParsableCommand {
        static let configuration = ToolCommand.translate.forwardingConfiguration

        @Argument(
            parsing: .captureForPassthrough, help: "A subcommand and its options (./kata translate --help lists them).")
        var arguments: [String] = []

        func run() throws { try ToolCommand.translate.run(arguments) }
    }
}

extension Kata.Room {
    /// `kata room github`.
    struct GitHub: ParsableCommand {
        static let configuration = ToolCommand.roomGitHub.forwardingConfiguration

        @Argument(
            parsing: .captureForPassthrough, help: "The folder and options (./kata room github --help lists them).")
        var arguments: [String] = []

        func run() throws { try ToolCommand.roomGitHub.run(arguments) }
    }
}

extension Kata.Room {
    /// `kata room grade`, which kata-tools runs.
    struct Grade: ParsableCommand {
        static let configuration = ToolCommand.roomGrade.forwardingConfiguration

        @Argument(
            parsing: .captureForPassthrough,
            help: "The hand-ins or repositories and options (./kata room grade --help lists them).")
        var arguments: [String] = []

        func run() throws { try ToolCommand.roomGrade.run(arguments) }
    }
}
