import Foundation
import KataSystem

/// Verdicts kept under `.kata/cache/verdicts/<key>.json`, where the key hashes everything that went into them:
/// the generated sources, the compiler, the KataSpec build, the limits and the sandbox. Any edit changes the key.
///
/// Each file starts with a line holding its ``Seal``; a verdict whose seal does not match was changed outside kata,
/// and is neither trusted nor kept (the check runs again).
package struct VerdictCache: Sendable {
    package let directory: URL
    /// Signs what is stored; without one (the `.kata` folder is not writable), nothing is cached.
    let seal: Seal?

    package init(directory: URL, seal: Seal?) {
        self.directory = directory
        self.seal = seal
    }

    package func lookup(_ key: String) -> CheckResult? {
        guard let seal, let data = try? Data(contentsOf: file(key)),
            let newline = data.firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let signature = String(decoding: data[..<newline], as: UTF8.self)
        let body = data[data.index(after: newline)...]
        guard seal.verifies(signature, for: Data(body)) else {
            try? FileManager.default.removeItem(at: file(key))
            return nil
        }
        return try? JSONDecoder().decode(CheckResult.self, from: body)
    }

    /// Stores a verdict atomically; a failure to store is not an error (the next check just runs again).
    package func store(_ result: CheckResult, key: String) {
        guard let seal, let body = try? JSONEncoder().encode(result) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? (Data((seal.signature(of: body) + "\n").utf8) + body).write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent("\(key).json") }
}
