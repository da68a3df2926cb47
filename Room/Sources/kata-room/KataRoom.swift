import ArgumentParser
import Foundation
import KataRoomServer

/// `kata-room`: the classroom server and its tools. Learners never need it; `kata room ...` runs it.
@main
struct KataRoom: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kata-room",
        abstract: "The classroom room: a live dashboard of learners' checks, stored in .kata/room/room.sqlite.",
        discussion: "Usually run as `kata room serve`, `export`, `close`, `open` and `token`.",
        subcommands: [Serve.self, Export.self, Close.self, Open.self, Token.self])
}
