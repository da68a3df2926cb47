import Foundation
import Testing

@testable import KataBasics
@testable import KataGrading
@testable import KataWorkbook

@Suite("Verdict cache")
struct VerdictCacheTests {
    @Test("a stored verdict is found again; one changed outside kata is neither trusted nor kept")
    func tamper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-cache-\(UUID().uuidString)")
        let cache = VerdictCache(directory: folder, seal: Seal(key: Array(repeating: 7, count: 32)))
        let failed = CheckResult(
            id: "add", kind: .implement, status: .failed, diagnostics: [], compilerOutput: nil, run: nil, mutants: [],
            message: nil, duration: 1)
        cache.store(failed, key: "k")
        #expect(cache.lookup("k")?.status == .failed)

        let file = folder.appendingPathComponent("k.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"failed\"", with: "\"passed\"").utf8).write(to: file)
        #expect(cache.lookup("k") == nil, "a forged pass is not an answer")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is thrown away")
        #expect(VerdictCache(directory: folder, seal: nil).lookup("k") == nil)
    }
}
