import Foundation
import Testing

@testable import KataBasics
@testable import KataSystem

@Suite("SHA-256 and seals")
struct SealTests {
    @Test("SHA-256 gives the standard digests, whatever the chunking")
    func sha256() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var chunked = SHA256()
        for _ in 0..<10 { chunked.update(Array(repeating: UInt8(ascii: "a"), count: 100)) }
        #expect(chunked.hexDigest() == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("HMAC-SHA256 matches RFC 4231, and a changed byte or key fails verification")
    func hmac() {
        let seal = Seal(key: Array("Jefe".utf8))
        let data = Data("what do ya want for nothing?".utf8)
        let signature = seal.signature(of: data)
        #expect(signature == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(seal.verifies(signature, for: data))
        #expect(!seal.verifies(signature, for: Data("what do ya want for nothing!".utf8)))
        #expect(!Seal(key: Array("Jeff".utf8)).verifies(signature, for: data))
    }

    @Test("the key is created once, readable by its owner only, and reused")
    func key() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-seal-\(UUID().uuidString)")
        let first = try Seal(kataFolder: folder)
        let second = try Seal(kataFolder: folder)
        #expect(first.signature(of: Data("x".utf8)) == second.signature(of: Data("x".utf8)))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: folder.appendingPathComponent("seal-key").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
