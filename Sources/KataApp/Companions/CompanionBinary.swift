import Foundation
import KataBasics

/// A program kata runs for what a learner's build leaves out, so that `make run` compiles only what the learning
/// loop needs: `kata-tools` (the site builder, `verify`, the translation writer, the GitHub Classroom template),
/// built by this package, and `kata-room` (the room server), built by the package in `Room/`.
package enum CompanionBinary: String, Sendable, CaseIterable {
    case tools = "kata-tools"
    case room = "kata-room"

    /// The program's file name.
    package var name: String { rawValue }

    /// The environment variable that names the binary to run instead of looking for one.
    package var environmentKey: String {
        switch self {
        case .tools: "KATA_TOOLS_BIN"
        case .room: "KATA_ROOM_BIN"
        }
    }

    /// The binary to run: the one `environmentKey` names; or the one next to this kata (a build folder, or copies
    /// put on the PATH together); for the room, the newest one `make room` built (`Room/.build/release` or
    /// `Room/.build/debug`) in the checkout this kata was built in, or in the current folder. Nil when there is
    /// none (or when the environment names a file that cannot be run).
    package func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) -> URL? {
        if let path = environment[environmentKey], !path.isEmpty {
            return Self.isProgram(path) ? URL(fileURLWithPath: path) : nil
        }
        let executable = executable?.resolvingSymlinksInPath()
        if let beside = executable?.deletingLastPathComponent().appendingPathComponent(name),
            Self.isProgram(beside.path)
        {
            return beside
        }
        guard self == .room else { return nil }
        var roots = [currentDirectory]
        if let checkout = executable.flatMap(Self.checkout(of:)) { roots.insert(checkout, at: 0) }
        let built = roots.flatMap { root in
            ["release", "debug"].map { root.appendingPathComponent("Room/.build/\($0)/\(name)") }
        }
        return built.filter { Self.isProgram($0.path) }.max { modified($0) < modified($1) }
    }

    /// Whether `path` is a file that can be run: executable, and not a folder (which `isExecutableFile` accepts too).
    private static func isProgram(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The folder that holds the `.build` a binary was built in, if SwiftPM built it there.
    package static func checkout(of executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/", folder.lastPathComponent != ".build" { folder = folder.deletingLastPathComponent() }
        return folder.lastPathComponent == ".build" ? folder.deletingLastPathComponent() : nil
    }

    private func modified(_ file: URL) -> Date {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }
}
