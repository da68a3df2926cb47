import Foundation
import Testing

@testable import KataKit

@Suite("Files kata writes for the learner's tools are written only while they are kata's")
struct OwnedFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kata-owned-\(UUID().uuidString)")
    private var file: OwnedFile {
        OwnedFile(
            url: folder.appendingPathComponent("exercises/compile_commands.json"),
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
}
