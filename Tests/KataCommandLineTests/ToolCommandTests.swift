import ArgumentParser
import Testing

@testable import KataCommandLine

/// Which of kata's commands kata-tools runs, and what kata hands it: the words after the command's name, as they are.
@Suite("Commands kata passes to kata-tools")
struct ToolCommandTests {
    @Test("a tool's command is found by the words that name it, and every word after them is passed on as it is")
    func found() throws {
        let cases: [([String], ToolCommand, [String])] = [
            (["build-site", "--out", "site"], .buildSite, ["--out", "site"]),
            (["verify"], .verify, []),
            (["verify", "translate", "--help"], .verify, ["translate", "--help"]),
            (["translate", "start", "zh-Hans", "basics"], .translate, ["start", "zh-Hans", "basics"]),
            (
                ["room", "github", "assignment", "--workbook", "room github"], .roomGitHub,
                ["assignment", "--workbook", "room github"]
            ),
            (["room", "grade", "ada.kata", "--no-cache"], .roomGrade, ["ada.kata", "--no-cache"]),
        ]
        for (words, command, rest) in cases {
            let found = try #require(ToolCommand.command(startingWith: words), "\(words)")
            #expect(found.command == command, "\(words)")
            #expect(found.rest == rest, "\(words)")
        }
    }

    @Test("kata's own commands, a start of a name and an option first are not tools' commands")
    func notFound() {
        for words in [
            [], ["next"], ["room"], ["room", "serve"], ["room", "open"], ["verifying"], ["--help", "verify"],
        ] {
            #expect(ToolCommand.command(startingWith: words) == nil, "\(words)")
        }
    }

    @Test("kata's side of each tool's command is named by its last word and described in one sentence")
    func forwarding() {
        #expect(Set(ToolCommand.allCases.map(\.path)).count == ToolCommand.allCases.count)
        for command in ToolCommand.allCases {
            let configuration = command.forwardingConfiguration
            #expect(configuration.commandName == command.path.last)
            #expect(configuration.abstract == command.abstract)
            #expect(!command.abstract.contains("\n") && command.abstract.hasSuffix("."), "\(command)")
        }
        #expect(ToolCommand.roomGrade.path == ["room", "grade"])
        #expect(ToolCommand.buildSite.path == ["build-site"])
    }
}
