import Foundation
import Testing

@testable import KataGrading

@Suite struct RuntimeFilesTests {
    @Test("the folders of the libraries and every link on the way to them, as the loader would follow them")
    func resolvesLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(
            at: root.appendingPathComponent("usr/lib/arch"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("usr/lib64"), withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("usr/lib/arch/ld.so"))
        try Data().write(to: root.appendingPathComponent("usr/lib/arch/libc.so"))
        // /lib -> usr/lib, /lib64 -> usr/lib64, and the loader in lib64 links to lib/arch, as on Debian.
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("lib").path, withDestinationPath: "usr/lib")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("lib64").path, withDestinationPath: "usr/lib64")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("usr/lib64/ld.so").path,
            withDestinationPath: root.appendingPathComponent("lib/arch/ld.so").path)
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let files = RuntimeFiles.resolving([base + "/lib64/ld.so", base + "/lib/arch/libc.so"])
        #expect(files.folders == [base + "/usr/lib/arch"])
        #expect(files.links.map(\.path) == [base + "/lib64", base + "/usr/lib64/ld.so", base + "/lib"])
        #expect(files.links.first?.target == "usr/lib64")
    }

    @Test("the sandbox shows the runtime, KataSpec, the program and its output file, and nothing of the host else")
    func allowList() {
        let sandbox = Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", setpriv: nil))
        let runtime = RuntimeFiles(
            folders: ["/opt/swift/usr/lib/swift/linux", "/usr/lib/x86_64-linux-gnu"],
            links: [(path: "/lib64", target: "usr/lib64")])
        let arguments = sandbox.arguments(
            program: "/w/.kata/build/x/program", library: "/w/.kata/cache/kataspec/k", capture: "/w/capture.out",
            runtime: runtime)
        let pairs = zip(arguments, arguments.dropFirst()).map { "\($0) \($1)" }
        let shown = arguments.indices.filter { arguments[$0].hasSuffix("bind") }.map { arguments[$0 + 1] }
        #expect(
            shown == [
                "/opt/swift/usr/lib/swift/linux", "/usr/lib/x86_64-linux-gnu", "/w/.kata/cache/kataspec/k",
                "/w/.kata/build/x/program", "/w/capture.out",
            ])
        #expect(pairs.contains("--bind /w/capture.out"), "the output file is the one writable thing of the host")
        #expect(pairs.contains("--symlink usr/lib64"))
        #expect(!arguments.contains("/proc"), "no /proc: the program's memory is not a file it can read")
        #expect(pairs.contains("--remount-ro /"))
        #expect(arguments.suffix(2) == ["--", "/tmp/kata/program"])
    }
}
