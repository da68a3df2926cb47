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

    /// The file's text, read only when it is a regular file of at most `limit` bytes; through a symbolic link only
    /// when `followingLinks`.
    ///
    /// What is read is the file that was opened, checked with `fstat` once open and read no further than one byte
    /// past `limit`: a file swapped for a larger one, or for a link, between a look at its path and the read, or one
    /// that grows meanwhile, cannot make kata read more.
    package static func read(_ url: URL, limit: Int, followingLinks: Bool = true) -> Result<String, Failure> {
        // First by its path, so that a device or a pipe is refused without being opened.
        var info = stat()
        if lstat(url.path, &info) != 0 { return .failure(errno == ENOENT ? .missing : .unreadable(Self.reason(errno))) }
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        if isLink && !followingLinks { return .failure(.notAFile) }
        if isLink, stat(url.path, &info) != 0 {
            return .failure(errno == ELOOP ? .linkLoop : .brokenLink(Self.reason(errno)))
        }
        if let failure = Self.kind(info) { return .failure(failure) }
        // O_NONBLOCK: a file that became a pipe opens at once (and is refused below) instead of waiting for a writer.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .failure(isLink ? .brokenLink(Self.reason(ENOENT)) : .missing)
            case ELOOP: return .failure(followingLinks ? .linkLoop : .notAFile)
            case let code: return .failure(.unreadable(Self.reason(code)))
            }
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(Self.reason(errno))) }
        if let failure = Self.kind(info) { return .failure(failure) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(bytes: Int(info.st_size), limit: limit)) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(Self.reason(errno))) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        // It grew after it was looked at: its size now, or at least what was read.
        if data.count > limit {
            let now = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
            return .failure(.tooLarge(bytes: max(data.count, now), limit: limit))
        }
        if let text = String(validating: data, as: UTF8.self) { return .success(text) }
        return .failure(.notUTF8(line: firstInvalidLine(data)))
    }

    /// Why a file of `info`'s kind is not read: a folder, or anything but a regular file; nil for a regular file.
    private static func kind(_ info: stat) -> Failure? {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: nil
        default: .notAFile
        }
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

/// The system's `read`, which ``TextFileReader/read(_:limit:followingLinks:)`` hides inside the type.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
