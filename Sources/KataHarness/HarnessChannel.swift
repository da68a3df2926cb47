import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The harness's line to kata: records of a test run written to kata's result descriptor, each with the run's secret.
///
/// The secret is the first line of standard input, read before any test code runs and kept only here; standard input
/// is then `/dev/null`. Code under test shares the process and can write to the descriptor too, but without the
/// secret what it writes counts for nothing. Records come from the frameworks' own threads, so writes are serialised,
/// one `write(2)` per record where the kernel allows.
public final class HarnessChannel: Sendable {
    private let fd: Int32
    private let secret: String
    private let lock = Mutex(())

    /// The channel `KATA_EVENTS_FD` names, with the secret read from standard input; nil when kata did not start
    /// the program (a person running it by hand), which then reports to the terminal only.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let fd = environment["KATA_EVENTS_FD"].flatMap(Int32.init) else { return nil }
        self.fd = fd
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(0, &byte, 1) == 1 && byte != UInt8(ascii: "\n") { bytes.append(byte) }
        secret = String(decoding: bytes, as: UTF8.self)
        let devNull = open("/dev/null", O_RDONLY)
        if devNull >= 0 {
            dup2(devNull, 0)
            close(devNull)
        }
    }

    /// Sends one record (a JSON object in Swift Testing's event-stream schema) as `{"secret":…,"record":…}`.
    public func send(record: some Collection<UInt8>) {
        var line = Array("{\"secret\":\"\(secret)\",\"record\":".utf8)
        line.append(contentsOf: record)
        line.append(contentsOf: "}\n".utf8)
        lock.withLock { _ in
            var offset = 0
            while offset < line.count {
                let written = line.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// Where the program's own output goes while tests run: the file `KATA_CAPTURE_FILE` names (kata reads it after the
/// run, capped by the file-size limit), or the terminal.
public enum HarnessOutput {
    /// Sends standard output and standard error into the capture file, line-buffered so that what a test printed
    /// survives a crash. Appended to: kata empties the file before each run of the program.
    public static func capture(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["KATA_CAPTURE_FILE"], !path.isEmpty else { return }
        let file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o644)
        guard file >= 0 else { return }
        fflush(nil)
        dup2(file, 1)
        dup2(file, 2)
        close(file)
        // `stdout` is found by name: Swift 6 forbids touching the C global directly.
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
