import Foundation
import KataSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for learners' files, which every command that reads, writes, copies, backs up, packs or watches one
/// goes through: a file under `exercises/` is reached only through real folders of the workbook. No part of its
/// path below the workbook root (`exercises`, the chapter's folder, the file itself) may be a symbolic link, whether
/// the link leads out of the workbook or stays in it; kata never follows one, and a command that meets one says so
/// (see ``LoopError/learnerFileLink(id:path:link:)``), and `kata reset` replaces it.
///
/// Links that stay inside are refused too: they could lead to kata's own files (`.kata/progress.json`, the
/// solutions), the rule is the same for every command, and it is checked without resolving anything. Each folder is
/// opened without following a link and the next part is looked up inside the folder already opened, so a link put in
/// place between the check and the read is not followed either.
package struct LearnerPath: Sendable {
    /// The workbook root (reached however the learner reaches it: the rule starts below it).
    package let root: URL
    /// The path below the root, one part per folder: `["exercises", "kiwi", "kiwi-let.swift"]`.
    package let parts: [String]

    /// The path `relative` (`exercises/<chapter>/<id>.swift`) below `root`.
    package init(root: URL, relative: String) {
        self.root = root
        parts = relative.split(separator: "/").map(String.init)
    }

    /// The path as a URL (for showing it, and for watching its folder).
    package var url: URL { root.appendingPathComponent(parts.joined(separator: "/")) }

    /// What is at the path, looked at without following a link.
    package enum Entry: Equatable, Sendable {
        /// Nothing: the file, or a folder above it, is missing.
        case missing
        /// A regular file, reached through real folders.
        case file
        /// The part of the path that is a symbolic link, relative to the root (the file's own path when the file is
        /// the link).
        case link(String)
        /// Something else: a folder where the file should be, a FIFO, a file where a folder should be.
        case other
    }

    /// What is at the path.
    package var entry: Entry {
        var info = stat()
        for count in 1...parts.count {
            let path = root.appendingPathComponent(parts.prefix(count).joined(separator: "/")).path
            guard lstat(path, &info) == 0 else { return .missing }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return .link(parts.prefix(count).joined(separator: "/"))
            case S_IFDIR where count < parts.count: continue
            case S_IFREG where count == parts.count: return .file
            default: return .other
            }
        }
        return .other
    }

    /// Whether the learner has something at the path (a file, a link, a folder): what "the exercise has a file" means.
    package var exists: Bool { entry != .missing }

    /// Why the path could not be read.
    package enum Failure: Error, Equatable, Sendable {
        /// A part of the path is a symbolic link (relative to the root).
        case link(String)
        /// The file cannot be read as it is (missing, a folder, too large, not UTF-8…).
        case file(TextFileReader.Failure)
    }

    /// The file's bytes, at most `limit` of them.
    package func data(limit: Int) -> Result<Data, Failure> {
        let folder: Int32
        switch openFolder() {
        case .success(let opened): folder = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(folder) }
        let name = parts[parts.count - 1]
        // O_NONBLOCK: a FIFO opens at once (and is refused below) instead of waiting for a writer.
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure(at: parts.count, in: folder, errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.file(.unreadable(Self.reason(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.file(.folder))
        default: return .failure(.file(.notAFile))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(.file(.tooLarge(bytes: Int(info.st_size), limit: limit)))
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.file(.unreadable(Self.reason(errno)))) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
            // A file that grew while it was read.
            guard data.count <= limit else { return .failure(.file(.tooLarge(bytes: data.count, limit: limit))) }
        }
        return .success(data)
    }

    /// The file's text: UTF-8, at most `limit` bytes.
    package func text(limit: Int) -> Result<String, Failure> {
        data(limit: limit).flatMap { data in
            if let text = String(validating: data, as: UTF8.self) { return .success(text) }
            return .failure(.file(.notUTF8(line: TextFileReader.firstInvalidLine(data))))
        }
    }

    /// Removes the link at `link` (a part of the path, relative to the root) itself, never what it points to.
    package func removeLink(_ link: String) -> Result<Void, Failure> {
        let linkParts = link.split(separator: "/").map(String.init)
        guard !linkParts.isEmpty, Array(parts.prefix(linkParts.count)) == linkParts else {
            preconditionFailure("\(link) is not a part of \(parts.joined(separator: "/"))")
        }
        let folder: Int32
        switch openFolder(depth: linkParts.count - 1) {
        case .success(let opened): folder = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, linkParts[linkParts.count - 1], &info, AT_SYMLINK_NOFOLLOW) == 0,
            info.st_mode & S_IFMT == S_IFLNK
        else { return .failure(.file(.unreadable(Self.reason(ENOENT)))) }
        guard unlinkat(folder, linkParts[linkParts.count - 1], 0) == 0 else {
            return .failure(.file(.unreadable(Self.reason(errno))))
        }
        return .success(())
    }

    /// Writes `data` to the file: a new file when `replacing` is false (nothing is written over, and the result
    /// says false when there was a file already), else in one step in place of the one there. The folders are
    /// created as needed, and none of them, nor the file, is reached through a link.
    package func write(_ data: Data, replacing: Bool) -> Result<Bool, Failure> {
        let folder: Int32
        switch openFolder(creating: true) {
        case .success(let opened): folder = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(folder) }
        let name = parts[parts.count - 1]
        let target = replacing ? ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp" : name
        let fd = openat(folder, target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST, !replacing {
                var info = stat()
                if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    return .failure(.link(parts.joined(separator: "/")))
                }
                return .success(false)
            }
            return .failure(.file(.unreadable(Self.reason(code))))
        }
        let written = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        let code = errno
        close(fd)
        guard written else {
            unlinkat(folder, target, 0)
            return .failure(.file(.unreadable(Self.reason(code))))
        }
        // `renameat` puts the new file in place of whatever is at the name, a link included, never following it.
        if replacing, renameat(folder, target, folder, name) != 0 {
            let code = errno
            unlinkat(folder, target, 0)
            return .failure(.file(.unreadable(Self.reason(code))))
        }
        return .success(true)
    }

    /// Opens the folder that holds the file (or the folder `depth` parts below the root), each part without following
    /// a link; with `creating`, missing folders are made.
    private func openFolder(depth: Int? = nil, creating: Bool = false) -> Result<Int32, Failure> {
        var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .failure(.file(errno == ENOENT ? .missing : .unreadable(Self.reason(errno)))) }
        for index in 0..<(depth ?? parts.count - 1) {
            if creating { _ = mkdirat(folder, parts[index], 0o755) }
            let next = openat(folder, parts[index], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            guard next >= 0 else {
                let failure = failure(at: index + 1, in: folder, errno: code)
                close(folder)
                return .failure(failure)
            }
            close(folder)
            folder = next
        }
        return .success(folder)
    }

    /// Why the part `count` parts below the root could not be opened in `folder`: a link, or what the system said.
    private func failure(at count: Int, in folder: Int32, errno code: Int32) -> Failure {
        var info = stat()
        if fstatat(folder, parts[count - 1], &info, AT_SYMLINK_NOFOLLOW) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return .link(parts.prefix(count).joined(separator: "/"))
            case S_IFDIR where count == parts.count: return .file(.folder)
            case S_IFDIR: break
            default: return .file(count == parts.count ? .notAFile : .unreadable(Self.reason(ENOTDIR)))
            }
        }
        return .file(code == ENOENT ? .missing : .unreadable(Self.reason(code)))
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
