import Foundation
import Testing

@testable import KataGrading

@Suite("What trying the sandbox showed")
struct SandboxRecordTests {
    @Test(
        "where bubblewrap is installed but cannot work, verdicts are looked up as run without a sandbox once that is known"
    )
    func remembered() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("kata-sandbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: record) }
        let installed = FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")
        let guess = Sandbox.expectedName(environment: [:], remembered: record)
        #expect(
            guess
                == (installed && (getuid() != 0 || FileManager.default.fileExists(atPath: "/usr/bin/setpriv"))
                    ? .bubblewrap : .unconfined))

        Sandbox(kind: .none(reason: "user namespaces are turned off")).remember(in: record)
        #expect(Sandbox.expectedName(environment: [:], remembered: record) == .unconfined)
        if installed && guess == .bubblewrap {
            Sandbox(kind: .bubblewrap(path: "/usr/bin/bwrap", setpriv: nil)).remember(in: record)
            #expect(Sandbox.expectedName(environment: [:], remembered: record) == .bubblewrap)
            // A record from another boot (or another user) says nothing about this one.
            try Data("/usr/bin/bwrap|0|another-boot\nnone\n".utf8).write(to: record)
            #expect(Sandbox.expectedName(environment: [:], remembered: record) == .bubblewrap)
        }
        #expect(Sandbox.expectedName(environment: ["KATA_SANDBOX": "none"], remembered: record) == .unconfined)
    }
}
