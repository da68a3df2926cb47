import Foundation
import KataBasics

#if canImport(Glibc)
    import Glibc
#endif

/// Makes kata's own files tamper-evident: an HMAC-SHA256 over their bytes, keyed by a secret that only kata
/// reads (`.kata/seal-key`, created on first use, readable by its owner only). A file changed outside kata no
/// longer matches its seal, and kata does not trust it.
///
/// In the sandbox, a learner's program cannot see the workbook at all; the seal is what still holds when kata runs
/// without one, or when a file is edited by hand.
package struct Seal: Sendable {
    private let key: [UInt8]

    /// The workbook's seal; its key is created when missing.
    package init(kataFolder: URL) throws {
        let file = kataFolder.appendingPathComponent("seal-key")
        if let text = try? String(contentsOf: file, encoding: .utf8), let key = Self.bytes(fromHex: text),
            key.count == 32
        {
            self.key = key
            return
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try FileManager.default.createDirectory(at: kataFolder, withIntermediateDirectories: true)
        let temporary = kataFolder.appendingPathComponent(".seal-key.\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path]) }
        let hex = Array(Self.hex(key).utf8)
        _ = hex.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // Two kata commands may create a key at once: the first rename wins, and both use the key on disk.
        if link(temporary.path, file.path) != 0 && errno != EEXIST {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        unlink(temporary.path)
        guard let text = try? String(contentsOf: file, encoding: .utf8), let stored = Self.bytes(fromHex: text) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file.path])
        }
        self.key = stored
    }

    /// A seal with a given key (tests).
    init(key: [UInt8]) {
        self.key = key
    }

    /// The seal of `data`, as hex.
    package func signature(of data: Data) -> String {
        Self.hex(hmac(Array(data)))
    }

    /// Whether `signature` is the seal of `data`.
    package func verifies(_ signature: String, for data: Data) -> Bool {
        let expected = Array(self.signature(of: data).utf8)
        let given = Array(signature.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// HMAC (RFC 2104) with SHA-256, from the platform's own library (see `SHA256`).
    private func hmac(_ message: [UInt8]) -> [UInt8] {
        SHA256.hmacDigest(message, key: key)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
