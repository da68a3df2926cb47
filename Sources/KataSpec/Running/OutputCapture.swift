import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends fd 1 and fd 2 into one file while an example runs, then reads it back; the file is emptied as each example
/// starts, so after a crash it holds the crashed example's output (kata reads it then).
final class OutputCapture {
    private let path: String
    private let limit: Int
    private var saved: (out: Int32, err: Int32)?

    init(file: String, limit: Int) {
        self.path = file
        self.limit = limit
    }

    /// Starts capturing for the next example.
    func begin() {
        fflush(nil)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
        guard file >= 0 else { return }
        saved = (dup(1), dup(2))
        dup2(file, 1)
        dup2(file, 2)
        close(file)
    }

    /// Stops capturing and returns the first `limit` bytes and whether there were more.
    func end() -> (output: String, truncated: Bool) {
        fflush(nil)
        guard let saved else { return ("", false) }
        dup2(saved.out, 1)
        dup2(saved.err, 2)
        close(saved.out)
        close(saved.err)
        self.saved = nil
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { return ("", false) }
        let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        let truncated = data.count > limit
        return (String(decoding: data.prefix(limit), as: UTF8.self), truncated)
    }
}

extension OutputCapture {
    /// Makes C's `stdout` line-buffered, so what an example printed survives a trap that ends the process.
    ///
    /// `stdout` is found by name: Swift 6 forbids touching the C global directly.
    static func lineBufferStandardOutput() {
        #if canImport(Darwin)
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__stdoutp")
        #else
            let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout")
        #endif
        guard let symbol, let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee else {
            return
        }
        setvbuf(stream, nil, _IOLBF, 0)
    }
}
