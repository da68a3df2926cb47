import Foundation
import KataBasics

/// One line of KataSpec's event stream, accepted only when it carries the run's secret.
enum RunEvent: Equatable {
    /// An example the run means to report, before any starts.
    struct Planned: Decodable, Equatable {
        var index: Int
        var name: String
        var path: [String]?
        var file: String?
        var line: Int?
    }

    case runStarted(total: Int)
    case planned([Planned])
    case exampleStarted(index: Int, name: String, path: [String], file: String, line: Int, face: String?)
    case exampleFinished(
        index: Int, status: ExampleOutcome.Status, failures: [ExampleOutcome.Failure], duration: Double,
        output: String, outputTruncated: Bool)
    case runFinished
    /// Where the thread running example `index` was shortly before the time limit: its frames' addresses (return
    /// addresses, but for `pc`, where it was interrupted), and the address the program is loaded at (see KataSpec's
    /// `StallReporter`).
    case stalled(index: Int, base: UInt64, pc: UInt64, frames: [UInt64])

    private struct Line: Decodable {
        var secret: String
        var event: String
        var total: Int?
        var index: Int?
        var name: String?
        var path: [String]?
        var file: String?
        var line: Int?
        var face: String?
        var status: String?
        var failures: [ExampleOutcome.Failure]?
        var duration: Double?
        var output: String?
        var outputTruncated: Bool?
        var examples: [Planned]?
        var base: UInt64?
        var frames: [UInt64]?
        var pc: UInt64?
    }

    /// Parses a line; nil for anything malformed or without the secret.
    init?(line: Substring, secret: String) {
        guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)), decoded.secret == secret
        else { return nil }
        switch decoded.event {
        case "runStarted":
            self = .runStarted(total: decoded.total ?? 0)
        case "exampleStarted":
            guard let index = decoded.index, let name = decoded.name else { return nil }
            self = .exampleStarted(
                index: index, name: name, path: decoded.path ?? [name], file: decoded.file ?? "",
                line: decoded.line ?? 0,
                face: decoded.face)
        case "exampleFinished":
            guard let index = decoded.index, let status = decoded.status.flatMap(ExampleOutcome.Status.init(rawValue:))
            else { return nil }
            self = .exampleFinished(
                index: index, status: status, failures: decoded.failures ?? [], duration: decoded.duration ?? 0,
                output: decoded.output ?? "", outputTruncated: decoded.outputTruncated ?? false)
        case "planned":
            self = .planned(decoded.examples ?? [])
        case "runFinished":
            self = .runFinished
        case "stalled":
            guard let index = decoded.index, let base = decoded.base, let frames = decoded.frames else { return nil }
            self = .stalled(index: index, base: base, pc: decoded.pc ?? 0, frames: frames)
        default:
            return nil
        }
    }
}
