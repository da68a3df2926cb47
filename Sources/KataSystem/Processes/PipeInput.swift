import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kata writes into a child's standard input (a run's secret, curl's configuration), when the child may have
/// ended without reading it: the write fails, and SIGPIPE, whose default is to end the writer, does not end kata.
///
/// kata does not ignore SIGPIPE as a whole: Foundation's `FileHandle.write(_:)` then stops the program on a closed
/// standard output (`kata list | head`) where the signal ends it quietly.
package enum PipeInput {
    /// Writes all of `bytes` to `fd`; false when the reader is gone (or another error stopped the write).
    @discardableResult
    package static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        #if canImport(Darwin)
            _ = fcntl(fd, F_SETNOSIGPIPE, 1)
            return writeAll(bytes, to: fd).written
        #else
            // The signal goes to the thread that wrote: blocked here, and taken back when the write raised it.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            let result = writeAll(bytes, to: fd)
            if result.broken {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            return result.written
        #endif
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> (written: Bool, broken: Bool) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                return (false, errno == EPIPE)
            }
            offset += count
        }
        return (true, false)
    }
}
