import Foundation

/// SHA-256 for cache keys and chapter hashes, and HMAC-SHA256 for sealed files, from the platform's own library
/// (OpenSSL's libcrypto on Linux, CryptoKit on Apple's systems; see `PlatformSHA256`), so that a learner's first
/// build compiles no cryptography. A cache that hands back a verdict for the wrong code would be worse than no
/// cache. Inside kata's modules, `SHA256` is this type. `@unchecked`: a hash is never shared between threads while it
/// is being fed, and the state underneath is copied on write.
public struct SHA256: @unchecked Sendable {
    private var hasher = PlatformSHA256()

    /// An empty hash.
    package init() {}

    /// Adds bytes.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        hasher.update(Array(bytes))
    }

    /// Adds a string's UTF-8 and a separator, so that ("ab", "c") and ("a", "bc") differ.
    package mutating func update(field: String) {
        hasher.update(Array(field.utf8))
        hasher.update(withUnsafeBytes(of: UInt64(field.utf8.count).bigEndian, Array.init))
    }

    /// The digest as lowercase hex.
    package func hexDigest() -> String {
        Self.hex(hasher.finalize())
    }

    /// The digest's 32 bytes.
    package func digest() -> [UInt8] {
        hasher.finalize()
    }

    /// The digest of a string.
    public static func hex(_ text: String) -> String {
        hex(PlatformSHA256.hash(Array(text.utf8)))
    }

    /// HMAC-SHA256 (RFC 2104) of `data` under `key`, as lowercase hex.
    package static func hmac(_ data: some DataProtocol, key: some ContiguousBytes) -> String {
        hex(hmacDigest(data, key: key))
    }

    /// HMAC-SHA256 (RFC 2104) of `data` under `key`: 32 bytes.
    package static func hmacDigest(_ data: some DataProtocol, key: some ContiguousBytes) -> [UInt8] {
        PlatformSHA256.hmac(Array(data), key: key.withUnsafeBytes { Array($0) })
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
