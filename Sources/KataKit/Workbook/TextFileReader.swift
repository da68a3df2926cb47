import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a text file the user gave kata (a chapter, a learner's file), saying exactly what is wrong when it cannot:
/// a folder, a link that leads nowhere or in a circle, a file too large, bytes that are not UTF-8 (with the line).
enum TextFileReader {
    /// Why a file could not be read as text; `description` completes "<path> ...".
    enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case folder
        case brokenLink(String)
        case notAFile
        case tooLarge(bytes: Int, limit: Int)
        case unreadable(String)
        case notUTF8(line: Int)

        var description: String {
            switch self {
            case .missing: "does not exist"
            case .folder: "is a folder, not a file"
            case .brokenLink(let reason): "is a symbolic link that cannot be followed (\(reason))"
            case .notAFile: "is not a regular file"
            case .tooLarge(let bytes, let limit):
                "is \(Self.size(bytes)); kata reads files of up to \(Self.size(limit)), so it was not read"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .notUTF8(let line): "is not UTF-8 text: line \(line) has bytes that are not UTF-8; save it as UTF-8"
            }
        }

        /// The line to point at.
        var line: Int {
            if case .notUTF8(let line) = self { return line }
            return 1
        }

        static func size(_ bytes: Int) -> String {
            bytes >= 16 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
        }
    }

    /// The file's text, read only when it is a regular file of at most `limit` bytes.
    static func read(_ url: URL, limit: Int) -> Result<String, Failure> {
        var info = stat()
        if lstat(url.path, &info) != 0 { return .failure(errno == ENOENT ? .missing : .unreadable(Self.reason(errno))) }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(url.path, &info) != 0 {
            return .failure(.brokenLink(errno == ELOOP ? "it leads back to itself" : Self.reason(errno)))
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
    static func firstInvalidLine(_ data: Data) -> Int {
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
