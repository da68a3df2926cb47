import Foundation
import Testing

/// `kata help`: the text above USAGE reads as wrapped paragraphs at any width.
@Suite("kata help, end to end")
struct HelpTests {
    static let commands = [
        [], ["next"], ["check"], ["list"], ["hint"], ["reset"], ["watch"], ["verify"], ["build-site"], ["lang"],
        ["translate"], ["translate", "start"], ["translate", "status"], ["translate", "sync"], ["translate", "stamp"],
    ]

    @Test(
        "the overview and discussion are paragraphs wrapped to the terminal, never broken by hand",
        arguments: [60, 80, 100])
    func wrapped(columns: Int) throws {
        let kata = try KataRunner(fixture: "loop")
        for command in Self.commands {
            let help = try kata.run(command + ["--help"], environment: ["COLUMNS": "\(columns)"])
            #expect(help.status == 0)
            let top = help.stdout.components(separatedBy: "\nUSAGE:")[0]
            let lines = top.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
                // Inside a paragraph a line ends early only if the next word would not have fitted on it.
                let word = next.split(separator: " ").first ?? ""
                #expect(
                    line.count + 1 + word.count >= columns,
                    "kata \(command.joined(separator: " ")) --help at \(columns) columns breaks a line early:\n\(line)\n\(next)"
                )
            }
        }
    }

    @Test("kata --help says what each exit status means, for kata check too")
    func exitStatus() throws {
        let kata = try KataRunner(fixture: "loop")
        try assertSnapshot(try kata.run(["--help"]).transcript, named: "help")
    }
}
