internal import Crypto
import Foundation

/// SHA-256 for cache keys and chapter hashes, from swift-crypto (BoringSSL's implementation on Linux, CryptoKit
/// on Apple's systems). A cache that hands back a verdict for the wrong code would be worse than no cache.
/// Named like swift-crypto's type on purpose: inside KataKit, `SHA256` is this one. `@unchecked`: swift-crypto's
/// hasher is a value type that copies its state on write, and a hash is never shared between threads while it
/// is being fed.
public struct SHA256: @unchecked Sendable {
    private var hasher = Crypto.SHA256()

    /// An empty hash.
    public init() {}

    /// Adds bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        hasher.update(data: Array(bytes))
    }

    /// Adds a string's UTF-8 and a separator, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func update(field: String) {
        hasher.update(data: Array(field.utf8))
        hasher.update(data: withUnsafeBytes(of: UInt64(field.utf8.count).bigEndian, Array.init))
    }

    /// The digest as lowercase hex.
    public func hexDigest() -> String {
        Self.hex(hasher.finalize())
    }

    /// The digest's 32 bytes.
    public func digest() -> [UInt8] {
        Array(hasher.finalize())
    }

    /// The digest of a string.
    public static func hex(_ text: String) -> String {
        hex(Crypto.SHA256.hash(data: Array(text.utf8)))
    }

    /// HMAC-SHA256 (RFC 2104) of `data` under `key`, as lowercase hex.
    public static func hmac(_ data: some DataProtocol, key: some ContiguousBytes) -> String {
        hex(hmacDigest(data, key: key))
    }

    /// HMAC-SHA256 (RFC 2104) of `data` under `key`: 32 bytes.
    public static func hmacDigest(_ data: some DataProtocol, key: some ContiguousBytes) -> [UInt8] {
        Array(HMAC<Crypto.SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
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
