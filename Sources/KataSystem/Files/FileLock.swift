import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on a file (`flock`), held for the length of a closure, so that two kata processes
/// never build the same cache entry at once.
///
/// The file is opened close-on-exec: a compiler that kata starts while holding the lock must not inherit it, or a
/// kata killed mid-build would leave the lock held by its orphaned compiler until that ends.
package struct FileLock {
    let url: URL

    package init(_ url: URL) {
        self.url = url
    }

    /// Runs `body` holding the lock; when another process holds it, calls `whenBusy` first and then waits for it.
    package func holding<T, E: Error>(whenBusy: () -> Void = {}, _ body: () throws(E) -> T) throws(E) -> T {
        let fd = open()
        if fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 {
            whenBusy()
            while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        }
        defer {
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
            }
        }
        return try body()
    }

    private func open() -> Int32 {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #if canImport(Glibc)
            return Glibc.open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #else
            return Darwin.open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #endif
    }
}
