import Foundation
import Testing

@testable import KataApp
@testable import KataBasics

/// `Handin.read` refuses, by the file's name, what would stall or pad `kata room grade`; the end-to-end test
/// (Tests/EndToEndTests/HandinRefusalTests.swift) grades a class with such files among good ones.
@Suite("Reading a hand-in")
struct HandinReadTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-handin-\(UUID().uuidString)")

    static func json(
        learner: String = "Ada", files: String = "{}", chapters: String = "{}", exercises: String = "{}"
    ) -> String {
        #"{"format":"kata-handin","version":1,"learner":"\#(learner)","created":"2026-11-23T09:00:00Z","#
            + #""chapters":\#(chapters),"files":\#(files),"progress":{"version":1,"exercises":\#(exercises)}}"#
    }

    func write(_ text: String, _ name: String = "handin.kata") throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func refusal(_ url: URL) -> String {
        do {
            _ = try Handin.read(url)
            return "read"
        } catch {
            return error.description
        }
    }

    @Test("a hand-in within the limits is read")
    func good() throws {
        let handin = try Handin.read(try write(Self.json(files: #"{"exercises/a/add.swift":"func add() {}"}"#)))
        #expect(handin.learner == "Ada")
        #expect(handin.files.count == 1)
    }

    @Test("a file past the size limit is refused by its size, before it is read")
    func tooLarge() throws {
        let url = try write("")
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 30 << 20)
        try handle.close()
        #expect(
            refusal(url)
                == "\(url.path) was not graded: it is 31457280 bytes, and kata reads hand-ins of up to 16777216 bytes; "
                + "ask the learner for the file `kata handin` writes, which stays within these limits")
    }

    @Test("a learner's name, an exercise file, a key or a count past its limit is refused, naming the field")
    func fields() throws {
        let longName = try write(Self.json(learner: String(repeating: "A", count: 2 << 20)))
        #expect(refusal(longName).contains("learner: give a name of 1 to 80 characters (256 bytes)"))
        let marks = try write(Self.json(learner: "A" + String(repeating: "\u{301}", count: 1_400)))
        #expect(refusal(marks).contains("learner: give a name of 1 to 80 characters (256 bytes)"))
        let bigFile = try write(
            Self.json(files: #"{"exercises/a/add.swift":"\#(String(repeating: "x", count: (1 << 20) + 1))"}"#))
        #expect(
            refusal(bigFile).contains(
                "files: exercises/a/add.swift is 1048577 bytes; kata takes exercise files of up to 1048576 bytes"))
        let chapters = (0..<1_001).map { #""chapters/\#($0).md":"x""# }.joined(separator: ",")
        #expect(
            refusal(try write(Self.json(chapters: "{\(chapters)}"))).contains(
                "chapters has 1001 entries, more than the 1000 kata takes"))
        let longKey = try write(Self.json(chapters: #"{"chapters/\#(String(repeating: "k", count: 300)).md":"x"}"#))
        #expect(refusal(longKey).contains("chapters holds \"chapters/kkk"))
        #expect(refusal(longKey).contains("of 312 bytes; kata takes up to 256"))
    }

    @Test("a key that appears twice is refused, with the key and where it is")
    func duplicateKeys() throws {
        let learner = try write(#"{"learner":"Mallory","# + Self.json().dropFirst())
        #expect(
            refusal(learner)
                == "\(learner.path) is not a kata hand-in (it has the key \"learner\" twice at its top level, and tools "
                + "disagree on which of the two values counts); ask for the file `kata handin` wrote")
        let file = try write(Self.json(files: #"{"exercises/a/add.swift":"1","exercises/a/add.swift":"2"}"#))
        #expect(refusal(file).contains("it has the key \"exercises/a/add.swift\" twice in files"))
    }

    @Test("a malformed field is named without quoting the whole file")
    func malformed() throws {
        let key = String(repeating: "k", count: 200)
        let url = try write(Self.json(exercises: #"{"\#(key)":{"attempts":"many"}}"#))
        let message = refusal(url)
        #expect(message.contains("a field is missing or malformed: progress.exercises.kkk"), "\(message)")
        #expect(message.contains("… has the wrong type"))
        #expect(message.count < 300 + url.path.count)
    }

    @Test("kata handin refuses to write what kata room grade would refuse")
    func writing() throws {
        var handin = try Handin.read(try write(Self.json()))
        handin.learner = String(repeating: "A", count: 81)
        #expect(throws: RoomError.cannotHandIn(reason: HandinLimits().nameProblem(handin.learner)!)) {
            try handin.write(to: folder.appendingPathComponent("out.kata"))
        }
    }
}
