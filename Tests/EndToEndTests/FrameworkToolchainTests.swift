import Foundation
import Testing

/// What a learner is told about the framework and toolchain an exercise on the real Swift Testing or XCTest needs.
@Suite("Real frameworks: which framework, which language mode, which Swift")
struct FrameworkToolchainTests {
    @Test("kata next says which framework an exercise's tests use and which language mode they compile in")
    func nextSaysFrameworkAndMode() throws {
        let kata = try KataRunner(fixture: "frameworks")
        let swiftTesting = try kata.run(["next", "price"])
        #expect(swiftTesting.status == 0, "\(swiftTesting.stderr)")
        #expect(
            swiftTesting.stdout.contains("Tests  Swift Testing, the toolchain's own · Swift 5 language mode"),
            "\(swiftTesting.stdout)")
        let xcTest = try kata.run(["next", "greeting"])
        #expect(
            xcTest.stdout.contains("Tests  XCTest, the toolchain's own · Swift 5 language mode"), "\(xcTest.stdout)")

        // The book's first exercises run on KataSpec in Swift 5 mode, and say nothing about it.
        let kataSpec = try KataRunner(fixture: "loop").run(["next"])
        #expect(!kataSpec.stdout.contains("Tests  "), "\(kataSpec.stdout)")
    }

    @Test("a toolchain older than the real frameworks' chapters need is named, with what to install; nothing recorded")
    func olderSwiftIsNamed() throws {
        let kata = try KataRunner(fixture: "frameworks")
        try kata.write("exercises/frameworks/price.swift", try kata.read("solutions/frameworks/price.swift"))
        // The real compiler, but saying it is Swift 6.1 when asked its version.
        let real = try #require(Self.swiftc())
        let older = kata.file("old-swift/swiftc")
        try kata.write(
            "old-swift/swiftc",
            """
            #!/bin/sh
            if [ "$1" = "--version" ]; then
                echo "Swift version 6.1.2 (swift-6.1.2-RELEASE)"
                echo "Target: x86_64-unknown-linux-gnu"
                exit 0
            fi
            exec "\(real)" "$@"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: older.path)

        let checked = try kata.run(["check", "price"], environment: ["SWIFTC": older.path])
        #expect(checked.status == 2, "\(checked.stdout)\(checked.stderr)")
        let said = checked.stdout + checked.stderr
        #expect(
            said.contains(
                "price is checked on the toolchain's real Swift Testing, and this chapter needs Swift 6.3 or later; "
                    + "the compiler here says: Swift version 6.1.2 (swift-6.1.2-RELEASE)."),
            "\(said)")
        #expect(said.contains("Install Swift 6.3 or later"), "\(said)")
        let list = try kata.run(["list"], environment: ["SWIFTC": older.path])
        #expect(!list.stdout.contains("✓ price"), "nothing was recorded: \(list.stdout)")

        // The same file with the real version passes.
        #expect(try kata.run(["check", "price"]).status == 0)
    }

    /// The `swiftc` on `PATH`.
    private static func swiftc() -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
