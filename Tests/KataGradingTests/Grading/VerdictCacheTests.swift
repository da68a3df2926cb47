import Foundation
import Testing

@testable import KataGrading
@testable import KataSystem
@testable import KataWorkbook

@Suite("Verdict cache")
struct VerdictCacheTests {
    @Test("a stored verdict is found again; one changed outside kata is neither trusted nor kept")
    func tamper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-cache-\(UUID().uuidString)")
        let cache = VerdictCache(directory: folder, seal: Seal(key: Array(repeating: 7, count: 32)))
        let failed = CheckResult(
            id: "add", kind: .implement, status: .failed, diagnostics: [], compilerOutput: nil, run: nil, mutants: [],
            duration: 1)
        cache.store(failed, key: "k")
        #expect(cache.lookup("k")?.status == .failed)

        let file = folder.appendingPathComponent("k.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"failed\"", with: "\"passed\"").utf8).write(to: file)
        #expect(cache.lookup("k") == nil, "a forged pass is not an answer")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is thrown away")
        #expect(VerdictCache(directory: folder, seal: nil).lookup("k") == nil)
    }

    @Test("where a verdict ran is kept by the names verdicts cached before had: bubblewrap, or none")
    func sandboxNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = VerdictCache(directory: folder, seal: Seal(key: Array(repeating: 7, count: 32)))
        var result = CheckResult(
            id: "add", kind: .implement, status: .passed, diagnostics: [], compilerOutput: nil, run: nil, mutants: [],
            duration: 1)
        for (name, text) in [(Sandbox.Name.bubblewrap, "bubblewrap"), (.unconfined, "none")] {
            result.sandbox = name
            cache.store(result, key: text)
            let stored = try String(contentsOf: folder.appendingPathComponent("\(text).json"), encoding: .utf8)
            #expect(stored.contains("\"sandbox\":\"\(text)\""), "\(stored)")
            #expect(cache.lookup(text)?.sandbox == name)
        }
    }
}
