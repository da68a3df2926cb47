import Foundation
import KataMessages
import Testing

@testable import KataSystem

@Suite("Text file reader")
struct TextFileReaderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-read-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("each way a file cannot be read has its own message")
    func failures() throws {
        let dir = folder.appendingPathComponent("dir.md")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        #expect(TextFileReader.read(dir, limit: 100) == .failure(.folder))
        let loop = folder.appendingPathComponent("loop.md")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        #expect(TextFileReader.read(loop, limit: 100) == .failure(.linkLoop))
        let latin = folder.appendingPathComponent("latin.md")
        try Data("ok\nalso ok\ncaf\u{E9}".utf8).write(to: latin)
        try Data([0x6f, 0x6b, 0x0a, 0x61, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a]).write(to: latin)
        #expect(TextFileReader.read(latin, limit: 100) == .failure(.notUTF8(line: 3)))
        let big = folder.appendingPathComponent("big.md")
        try Data(repeating: 65, count: 200).write(to: big)
        #expect(TextFileReader.read(big, limit: 100) == .failure(.tooLarge(bytes: 200, limit: 100)))
        #expect(TextFileReader.read(folder.appendingPathComponent("none.md"), limit: 100) == .failure(.missing))
        #expect(TextFileReader.Failure.notUTF8(line: 3).description.contains("line 3"))
    }

    @Test("why a file cannot be read is said in Chinese, without English inside")
    func chinese() throws {
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        #expect(
            TextFileReader.Failure.tooLarge(bytes: 32 << 20, limit: 1 << 20).described(chinese)
                == "有 32 MiB，超过了 kata 读取文件的上限（1048576 字节），所以没有读它")
        #expect(TextFileReader.Failure.linkLoop.description.contains("leads back to itself"))
    }
}
