import KataApp
import KataBasics

/// The object id git gives a file's bytes (what `git hash-object` prints): the SHA-1 of `blob <size>\0` and the
/// bytes, or their SHA-256 in a repository made with `--object-format=sha256`.
///
/// `kata room grade` reads a learner's committed file through `git cat-file`, whose output reaches kata as text; it
/// grades the text only when the text hashes back to the id the commit names, so nothing git printed beside the file
/// and no byte that is not UTF-8 can pass for what the learner committed. It also tells whether a committed chapter
/// is the instructor's without reading the chapter out of the repository.
enum GitBlobID {
    /// The id of `bytes` in a repository whose ids look like `like` (40 hex digits for SHA-1, 64 for SHA-256).
    static func of(_ bytes: [UInt8], like id: String) -> String {
        let header = Array("blob \(bytes.count)\0".utf8)
        if id.count == 64 {
            var hash = SHA256()
            hash.update(header)
            hash.update(bytes)
            return hash.hexDigest()
        }
        return SHA1.hex(header + bytes)
    }

    /// Whether `text` looks like an object id: 40 or 64 lowercase hex digits.
    static func isID(_ text: some StringProtocol) -> Bool {
        (text.count == 40 || text.count == 64)
            && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

/// SHA-1 (FIPS 180-4), for git's object ids only: git names its objects with it, and kata compares those names; it
/// protects nothing a collision could attack (git itself hashes with collision detection).
private enum SHA1 {
    static func hex(_ message: [UInt8]) -> String {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let start = block + index * 4
                words[index] =
                    UInt32(padded[start]) << 24 | UInt32(padded[start + 1]) << 16 | UInt32(padded[start + 2]) << 8
                    | UInt32(padded[start + 3])
            }
            for index in 16..<80 {
                let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
                words[index] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return state.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }
}
