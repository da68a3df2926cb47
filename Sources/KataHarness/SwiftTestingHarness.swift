import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program's Swift Testing tests with the toolchain's own testing library, through its stable in-process entry
/// point (`swt_abiv0_getEntryPoint`, documented in the swift-testing repository's Documentation/ABI/JSON.md), and
/// hands kata each record of its event stream, unchanged, with the run's secret.
///
/// What kata asks for comes in the environment: `KATA_SKIP_TESTS` and `KATA_ONLY_TESTS` (test IDs, one per line, as
/// the stream names them), and `KATA_SERIAL=1` to run one test at a time (kata asks for that only to tell which of
/// several tests running side by side crashed). Otherwise tests run as Swift Testing runs them: in parallel, unless a
/// suite is `.serialized`.
public enum SwiftTestingHarness {
    /// The entry point's type, as the library declares `ABI.v0.EntryPoint`.
    private typealias EntryPoint =
        @convention(thin) @Sendable (
            UnsafeRawBufferPointer?, @escaping @Sendable (UnsafeRawBufferPointer) -> Void
        ) async throws -> Bool

    /// Runs the tests and exits: 0 when they passed, 1 otherwise.
    public static func main() async -> Never {
        let environment = ProcessInfo.processInfo.environment
        let channel = HarnessChannel(environment: environment)
        HarnessOutput.capture(environment: environment)
        // Test cases of a parameterized test, and the place of each issue, are among the stream's fields that 6.3
        // writes only when asked.
        setenv("SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED", "1", 1)
        guard let entryPoint = Self.entryPoint() else {
            FileHandle.standardError.write(Data("swt_abiv0_getEntryPoint is missing from the testing library\n".utf8))
            exit(2)
        }
        let configuration = Self.configuration(environment: environment, quiet: channel != nil)
        let handler: @Sendable (UnsafeRawBufferPointer) -> Void = { record in
            if let channel {
                channel.send(record: record)
            }
        }
        // The entry point reads the configuration before it first suspends; the buffer lives until the run ends.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: configuration.count, alignment: 1)
        buffer.copyBytes(from: configuration)
        let passed: Bool
        do {
            passed = try await entryPoint(UnsafeRawBufferPointer(buffer), handler)
        } catch {
            FileHandle.standardError.write(Data("the testing library did not start: \(error)\n".utf8))
            exit(2)
        }
        fflush(nil)
        exit(passed ? 0 : 1)
    }

    /// The JSON configuration the entry point takes: `__CommandLineArguments_v0`'s fields. Quiet when kata reads the
    /// records (the console recorder writes only when the verbosity is above `Int.min`).
    static func configuration(environment: [String: String], quiet: Bool) -> [UInt8] {
        var object: [String: Any] = ["eventStreamSchemaVersion": "6.3"]
        if quiet { object["verbosity"] = Int.min }
        if environment["KATA_SERIAL"] == "1" { object["parallel"] = false }
        let lines = { (name: String) -> [String] in
            (environment[name] ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        // Filters are regular expressions matched against test IDs: each ID is matched whole and as written.
        let patterns = { (ids: [String]) in ids.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "$" } }
        if !lines("KATA_ONLY_TESTS").isEmpty { object["filter"] = patterns(lines("KATA_ONLY_TESTS")) }
        if !lines("KATA_SKIP_TESTS").isEmpty { object["skip"] = patterns(lines("KATA_SKIP_TESTS")) }
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8))
    }

    /// The library's entry point, found by its C name in the loaded program.
    private static func entryPoint() -> EntryPoint? {
        typealias GetEntryPoint = @convention(c) () -> UnsafeRawPointer
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swt_abiv0_getEntryPoint") else {
            return nil
        }
        return unsafeBitCast(unsafeBitCast(symbol, to: GetEntryPoint.self)(), to: EntryPoint.self)
    }
}
