import Foundation
import Testing

/// What a learner's program can reach of the host, and what kata reads back from it: an allow-list sandbox, and
/// capture files that learner code cannot turn into a way to read kata's own files or to stall or fill its disk.
@Suite("Hardening: what the program can reach")
struct SandboxReachTests {
    /// A learner file whose `work()` swaps its output file for `replacement` (a link or a FIFO), prints, and crashes.
    static func swapper(_ replacement: String) -> String {
        """
        import Foundation
        func work() -> Int {
            let manager = FileManager.default
            let capture = ProcessInfo.processInfo.environment["KATA_CAPTURE_FILE"] ?? ""
            var swapped = false
            for path in [capture, capture + "/0.out"] {
                try? manager.removeItem(atPath: path)
                \(replacement)
            }
            print("swapped: \\(swapped)")
            fatalError("crash, so that kata reads the output file")
        }

        """
    }

    @Test("a link or a FIFO in place of the output file is neither followed nor waited on, with or without a sandbox")
    func captureFile() throws {
        let kata = try KataRunner(fixture: "hardening")
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        try kata.write("secret.txt", secret + "\n")
        let link = """
            swapped = (try? manager.createSymbolicLink(atPath: path, withDestinationPath: "\(kata.file("secret.txt").path)")) != nil || swapped
            """
        let fifo = """
            let maker = Process()
            maker.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
            maker.arguments = [path]
            if (try? maker.run()) != nil { maker.waitUntilExit(); swapped = swapped || maker.terminationStatus == 0 }
            """
        for (name, replacement) in [("link", link), ("fifo", fifo)] {
            for sandbox in ["bubblewrap", "none"] {
                try kata.write("exercises/hardening/rogue.swift", Self.swapper(replacement))
                let result = try kata.run(
                    ["check", "rogue", "--no-cache"], environment: sandbox == "none" ? ["KATA_SANDBOX": "none"] : [:])
                let what = "\(name), sandbox \(sandbox)"
                #expect(result.status == 1, "\(what): \(result.stdout)")
                #expect(!result.stdout.contains(secret), "\(what): kata printed the link's target")
                if sandbox == "bubblewrap" {
                    #expect(result.stdout.contains("swapped: false"), "\(what): the output file cannot be replaced")
                    #expect(result.stdout.contains("crash, so that kata reads the output file"), "\(what)")
                }
            }
        }
    }

    @Test("the program cannot fill the disk through the folder kata checks it in")
    func diskFlood() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(
            "exercises/hardening/rogue.swift",
            """
            import Foundation
            func work() -> Int {
                let manager = FileManager.default
                let capture = ProcessInfo.processInfo.environment["KATA_CAPTURE_FILE"] ?? "/tmp/x"
                let block = Data(count: 8 << 20)
                var written = 0
                for folder in [(capture as NSString).deletingLastPathComponent, capture, manager.currentDirectoryPath, "/tmp", "/dev/shm", "/"] {
                    for index in 0..<100 {
                        guard manager.createFile(atPath: "\\(folder)/flood-\\(index)", contents: block) else { break }
                        written += 1
                    }
                }
                print("wrote \\(written) files")
                while true { sleep(1) }
            }

            """)
        let result = try kata.run(["check", "rogue", "--no-cache"], environment: ["KATA_KEEP_BUILD": "1"])
        #expect(result.status == 1)
        let build = kata.file(".kata/build")
        var bytes = 0
        let walker = FileManager.default.enumerator(at: build, includingPropertiesForKeys: [.fileAllocatedSizeKey])
        while let url = walker?.nextObject() as? URL {
            bytes += (try? url.resourceValues(forKeys: [.fileAllocatedSizeKey]).fileAllocatedSize) ?? 0
        }
        #expect(bytes < 64 << 20, "the check's folder holds \(bytes) bytes")
    }

    @Test("the program sees the libraries it loads and nothing else of the host: no other checkout, socket or /proc")
    func allowList() throws {
        let kata = try KataRunner(fixture: "hardening")
        // Places the old sandbox's deny-list left visible: another checkout of a workbook, and a socket the host
        // listens on. /opt and /run take new files only as root (as CI runs); elsewhere /var/tmp stands in.
        let root = getuid() == 0
        let other = URL(fileURLWithPath: root ? "/opt" : "/var/tmp")
            .appendingPathComponent("kata-other-\(UUID().uuidString)")
        let solution = other.appendingPathComponent("solutions/hardening/rogue.swift")
        try FileManager.default.createDirectory(
            at: solution.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("func work() -> Int { 1 }\n".utf8).write(to: solution)
        defer { try? FileManager.default.removeItem(at: other) }
        let socketPath = (root ? "/run" : "/var/tmp") + "/kata-\(UUID().uuidString.prefix(8)).sock"
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        listener.arguments = [
            "python3", "-c",
            "import socket,time; s=socket.socket(socket.AF_UNIX); s.bind('\(socketPath)'); s.listen(); time.sleep(120)",
        ]
        try listener.run()
        defer {
            listener.terminate()
            try? FileManager.default.removeItem(atPath: socketPath)
        }
        #expect(HardeningTests.waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: socketPath) })
        try kata.write(
            "exercises/hardening/rogue.swift",
            """
            import Foundation
            func work() -> Int {
                let manager = FileManager.default
                var seen: [String] = []
                for path in ["\(solution.path)", "\(socketPath)", "/proc/self/mem", "/proc", "/etc/passwd", "/run", "/home", "\(kata.root.path)"] {
                    if manager.fileExists(atPath: path) { seen.append(path) }
                }
                print("seen: \\(seen)")
                return 2
            }

            """)
        let result = try kata.run(["check", "rogue", "--no-cache"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("seen: []"), "\(result.stdout)")
    }
}
