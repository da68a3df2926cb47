import Foundation
import KataBasics
import KataSystem

/// The Swift compiler kata builds with, and its version (part of every cache key).
package struct Toolchain: Sendable {
    /// `swiftc`.
    package let swiftc: URL
    /// The first line of `swiftc --version`.
    package let version: String
    /// What each of its jobs may take (not part of any cache key: a job stopped at a limit is never kept).
    package let limits: CompileLimits

    /// Finds `swiftc`: `SWIFTC`, else the first on `PATH`. The version is remembered per compiler binary.
    package static func locate(
        cache: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BuildError) -> Toolchain {
        guard let swiftc = find(environment) else { throw .noCompiler }
        let resolved = swiftc.resolvingSymlinksInPath()
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path)
        let stamp =
            "\(resolved.path)|\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)|\(attributes?[.size] ?? 0)"
        let remembered = cache.appendingPathComponent("toolchain-\(SHA256.hex(stamp).prefix(16)).txt")
        let limits = CompileLimits(environment: environment)
        if let version = try? String(contentsOf: remembered, encoding: .utf8), !version.isEmpty {
            return Toolchain(swiftc: swiftc, version: version, limits: limits)
        }
        let result = try? ExternalCommand(executable: swiftc, arguments: ["--version"], limits: limits).run()
        guard let result, result.status == 0 else { throw .noCompiler }
        let version = result.output.split(separator: "\n").first.map(String.init) ?? "unknown"
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try? Data(version.utf8).write(to: remembered, options: .atomic)
        return Toolchain(swiftc: swiftc, version: version, limits: limits)
    }

    /// The oldest Swift whose Swift Testing and XCTest chapters 12 to 15 are checked on: kata's harness asks Swift
    /// Testing for its 6.3 event stream, and the chapters quote what 6.3 prints.
    package static let realFrameworksMinimum = SwiftVersion(major: 6, minor: 3)

    /// The compiler's version, read from the first line of `swiftc --version` ("Swift version 6.3.1 (…)", or
    /// "Apple Swift version 6.2 (…)"); nil when that line says no version kata can read.
    package var swiftVersion: SwiftVersion? { SwiftVersion(versionLine: version) }

    /// `-use-ld=lld` where the toolchain ships lld beside `swiftc` (faster than the system's default linker).
    var linkerFlags: [String] {
        let lld = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("ld.lld")
        return FileManager.default.isExecutableFile(atPath: lld.path) ? ["-use-ld=lld"] : []
    }

    private static func find(_ environment: [String: String]) -> URL? {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
