import Foundation
import KataBasics

/// Tokens, join codes and their hashes. Tokens are 256 random bits; only their SHA-256 is stored, so a copy
/// of the database lets nobody post as a learner or open the dashboard.
public enum RoomSecrets {
    /// A new secret token: 43 URL-safe characters.
    public static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Letters and digits that cannot be misread on a projector (no 0/O, 1/I/L, 5/S, 2/Z, 8/B).
    static let codeAlphabet = Array("ACDEFGHJKMNPQRTUVWXY34679")

    /// Characters in a join code: 25⁸ codes, 37.1 bits.
    static let codeLength = 8

    /// A join code such as `K7QM-4FXT`, read out loud or from the projector: 8 characters of 25, 37.1 bits.
    public static func joinCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<codeLength).map { _ in codeAlphabet.randomElement(using: &generator)! }
        return String(characters[0..<4]) + "-" + String(characters[4...])
    }

    /// The join code as typed: case, spaces and dashes do not matter.
    public static func normalizedCode(_ code: String) -> String {
        code.uppercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Hex SHA-256 of a token.
    public static func hash(_ token: String) -> String {
        SHA256.hex(token)
    }

    /// Compares two strings in time that does not depend on where they differ.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
