import Foundation
import Testing

@testable import KataKit

/// The hash behind cache keys and chapter hashes, and the HMAC for sealed files, against published vectors.
@Suite struct SHA256Tests {
    @Test func digestsMatchFIPSVectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var hash = SHA256()
        hash.update(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        #expect(hash.hexDigest() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
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
        #expect(
            SHA256.hmac(Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
