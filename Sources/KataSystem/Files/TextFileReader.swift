import Foundation
import KataMessages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a text file the user gave kata (a chapter, a learner's file), saying exactly what is wrong when it cannot:
/// a folder, a link that leads nowhere or in a circle, a file too large, bytes that are not UTF-8 (with the line).
package enum TextFileReader {
    /// Why a file could not be read as text; `description` completes "<path> ..." in English,
    /// `described(_:)` in the learner's language.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case folder
        case brokenLink(String)
        case linkLoop
        case notAFile
        case tooLarge(bytes: Int, limit: Int)
        case unreadable(String)
        case notUTF8(line: Int)

        package var description: String { described(Messages(.source)) }

        /// The reason in the language of `t`; the system's own words (`strerror`) stay as they are.
        package func described(_ t: Messages) -> String {
            switch self {
            case .missing: t(.fileMissing)
            case .folder: t(.fileFolder)
            case .brokenLink(let reason): t(.fileBrokenLink, ["reason": reason])
            case .linkLoop: t(.fileLinkLoop)
            case .notAFile: t(.fileNotAFile)
            case .tooLarge(let bytes, let limit):
                t(.fileTooLarge, ["size": Self.size(bytes, t), "limit": Self.size(limit, t)])
            case .unreadable(let reason): t(.fileUnreadable, ["reason": reason])
            case .notUTF8(let line): t(.fileNotUTF8, ["line": "\(line)"])
            }
        }

        /// The line to point at.
        package var line: Int {
            if case .notUTF8(let line) = self { return line }
            return 1
        }

        static func size(_ bytes: Int, _ t: Messages = Messages(.source)) -> String {
            bytes >= 16 << 20 ? t(.sizeMiB, ["count": "\(bytes >> 20)"]) : t(.sizeBytes, ["count": "\(bytes)"])
        }
    }

    /// The file's text, read only when it is a regular file of at most `limit` bytes.
    package static func read(_ url: URL, limit: Int) -> Result<String, Failure> {
        var info = stat()
        if lstat(url.path, &info) != 0 { return .failure(errno == ENOENT ? .missing : .unreadable(Self.reason(errno))) }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(url.path, &info) != 0 {
            return .failure(errno == ELOOP ? .linkLoop : .brokenLink(Self.reason(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .failure(.folder)
        case S_IFREG: break
        default: return .failure(.notAFile)
        }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(bytes: Int(info.st_size), limit: limit)) }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.unreadable(Self.reason(errno)))
        }
        guard data.count <= limit else { return .failure(.tooLarge(bytes: data.count, limit: limit)) }
        if let text = String(validating: data, as: UTF8.self) { return .success(text) }
        return .failure(.notUTF8(line: firstInvalidLine(data)))
    }

    /// The one-based line of the first byte sequence that is not UTF-8.
    package static func firstInvalidLine(_ data: Data) -> Int {
        var line = 1
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            if String(validating: data[start..<end], as: UTF8.self) == nil { return line }
            line += 1
            start = end + 1
        }
        return line
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
