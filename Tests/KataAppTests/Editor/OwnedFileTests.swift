import Foundation
import Testing

@testable import KataApp
@testable import KataBasics

@Suite("Files kata writes for the learner's tools are written only while they are kata's")
struct OwnedFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kata-owned-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    private var file: OwnedFile {
        OwnedFile(
            path: LearnerPath(root: folder, relative: "exercises/compile_commands.json"),
            records: folder.appendingPathComponent(".kata/editor"))
    }

    private func contents() -> String? {
        FileManager.default.contents(atPath: file.url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a missing file is written, and what kata wrote last is kata's to write again")
    func written() {
        #expect(file.write(Data("one".utf8)) == .written)
        #expect(file.write(Data("one".utf8)) == .unchanged)
        #expect(file.write(Data("two".utf8)) == .written)
        #expect(contents() == "two")
        #expect(file.owner() == .unchanged)
    }

    @Test("a file kata did not write, or that was changed since, is left alone; the learner is told once")
    func leftAlone() throws {
        #expect(file.write(Data("kata's".utf8)) == .written)
        try Data("the learner's".utf8).write(to: file.url)
        #expect(file.owner() == .leftAlone(told: false))
        #expect(file.write(Data("kata's again".utf8)) == .leftAlone(told: false))
        #expect(contents() == "the learner's")
        file.markTold()
        #expect(file.write(Data("kata's again".utf8)) == .leftAlone(told: true))
        try Data("the learner's, edited".utf8).write(to: file.url)
        #expect(file.owner() == .leftAlone(told: false), "a new text of the learner's is told about again")
        try FileManager.default.removeItem(at: file.url)
        #expect(file.write(Data("kata's again".utf8)) == .written, "once the learner's is gone, kata writes its own")
    }

    @Test("a link in exercises/ is someone else's: nothing is written through it, and the learner is told once")
    func links() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("kata-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let target = outside.appendingPathComponent("compile_commands.json")
        try Data("outside".utf8).write(to: target)

        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("exercises"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file.url, withDestinationURL: target)
        #expect(file.write(Data("kata's".utf8)) == .leftAlone(told: false))
        file.markTold()
        #expect(file.write(Data("kata's".utf8)) == .leftAlone(told: true))
        #expect(try String(contentsOf: target, encoding: .utf8) == "outside")

        // A link in place of exercises/ itself, to an empty folder: on the way, so nothing is written there.
        let empty = outside.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("exercises"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("exercises"), withDestinationURL: empty)
        #expect(file.write(Data("kata's".utf8)) == .leftAlone(told: false))
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path) == [])
    }
}
