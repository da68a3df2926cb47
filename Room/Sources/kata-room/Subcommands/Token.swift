import ArgumentParser
import Foundation
import KataBasics
import KataRoomServer
import KataRoomWire

extension KataRoom {
    /// `kata room token`.
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue a token that reports to the room under one name, with no join code.",
            discussion: """
                Prints the token alone, for a GitHub Classroom repository's secret KATA_ROOM_TOKEN: \
                ./kata room token org/assignment-ada | gh secret set KATA_ROOM_TOKEN --repo org/assignment-ada. \
                The repository's runs then report as that name and no other, so no join code needs to be a secret \
                that every learner's workflow can read. Works whether the server runs or not; the learner is added \
                to the room when missing. A name keeps its 20 newest tokens.
                """)

        @OptionGroup var options: RoomOptions

        @Argument(
            help: ArgumentHelp(
                "The name the token reports as: for GitHub Classroom, the repository's (organisation/repository).",
                valueName: "name"))
        var name: String

        func run() async throws {
            let store = try failing { try options.store() }
            let normalized: String
            switch LearnerName.normalized(name) {
            case .success(let value): normalized = value
            case .failure(let refusal):
                throw failingMessage(refusal.message.replacingOccurrences(of: "with --name", with: "as the argument"))
            }
            let token = RoomSecrets.token()
            let issued = try await store.issue(name: normalized, tokenHash: RoomSecrets.hash(token), now: Date())
            FileHandle.standardError.write(
                Data(
                    """
                    A token for '\(RoomServer.visible(issued.learner.name))' (keep it secret: it reports as this name). \
                    Its runs join with: \(RoomCommands.learner) join <address> --token <token>

                    """.utf8))
            print(token)
        }
    }
}
