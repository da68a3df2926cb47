import Foundation
import Testing

@testable import KataBasics

/// The hash behind cache keys and chapter hashes, and the HMAC for sealed files, against published vectors: the
/// platform's library underneath (libcrypto, CryptoKit) must give the digests every cached verdict was keyed by.
@Suite struct SHA256Tests {
    @Test func digestsMatchFIPSVectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var hash = SHA256()
        hash.update(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        #expect(hash.hexDigest() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let long =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hex(long) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func aMillionBytesFedInPiecesGiveTheFIPSDigest() {
        var hash = SHA256()
        for _ in 0..<1000 { hash.update(Array(repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(hash.digest().count == 32)
    }

    @Test func aHashIsAValue() {
        var first = SHA256()
        first.update(Array("abc".utf8))
        // Reading the digest does not end the hash, and a copy goes on by itself.
        #expect(first.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var copy = first
        copy.update(Array("def".utf8))
        #expect(copy.hexDigest() == SHA256.hex("abcdef"))
        #expect(first.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        first.update(Array("def".utf8))
        #expect(first.hexDigest() == "bef57ec7f53a6d40beb640a780a639c83bc29ac8a9816f1fc6c5c6dcd93c4721")
    }

    @Test func fieldsAreSeparated() {
        var ab = SHA256()
        ab.update(field: "ab")
        ab.update(field: "c")
        var bc = SHA256()
        bc.update(field: "a")
        bc.update(field: "bc")
        #expect(ab.hexDigest() != bc.hexDigest())
    }

    @Test func hmacMatchesRFC4231() {
        // Test cases 1, 2, 3 and 6 of RFC 4231 (6: a key longer than SHA-256's block, hashed first).
        #expect(
            SHA256.hmac(Data("Hi There".utf8), key: Data(repeating: 0x0b, count: 20))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            SHA256.hmac(Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            SHA256.hmac(Data(repeating: 0xdd, count: 50), key: Data(repeating: 0xaa, count: 20))
                == "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
        #expect(
            SHA256.hmac(
                Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                key: Data(repeating: 0xaa, count: 131))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(SHA256.hmacDigest(Data("Hi There".utf8), key: Data(repeating: 0x0b, count: 20)).count == 32)
    }

    @Test func hmacWithAnEmptyKeyAndMessage() {
        #expect(SHA256.hmac(Data(), key: Data()) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
