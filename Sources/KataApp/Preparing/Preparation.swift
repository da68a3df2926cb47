import Foundation
import KataBuilding
import KataGrading
import KataMessages
import KataSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes what a check needs while the learner reads, so that the first `kata check` answers as fast as the later
/// ones: the compiler's version and plan, KataSpec compiled (seconds, the first time), the sandbox tried, the
/// modules of the exercise `kata next` showed that do not depend on the learner's code, and the files an editor
/// needs to understand the exercises (see ``EditorSetup``).
///
/// `kata next` calls ``start(executable:)`` after showing the exercise, which starts `kata prepare` detached and
/// returns at once. That process (``run()``) builds under the same locks as a check, so a check that comes meanwhile
/// waits for it instead of building the same things again. When it is killed, the next check ends what it left
/// running, removes its half-built folders and builds what is missing itself (see ``DetachedGroupRecord``).
package struct Preparation {
    /// The workspace to prepare.
    package let workspace: Workspace
    private let environment: [String: String]

    /// A preparation of `workspace`'s workbook.
    package init(workspace: Workspace, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.workspace = workspace
        self.environment = environment
    }

    /// Whether `kata next` prepares: `KATA_PREPARE=off` turns it off (to measure `kata next` alone).
    package var isEnabled: Bool { environment["KATA_PREPARE"] != "off" }

    /// What `kata next` does after showing the exercise: starts `executable prepare`, detached. Returns what the
    /// learner should hear: a file the editor needs that kata found someone else's, and left alone.
    package func start(executable: URL) -> [String] {
        guard isEnabled else { return [] }
        DetachedLaunch.start(executable, arguments: ["prepare", "--workbook", workspace.workbook.root.path])
        return EditorSetup(workspace: workspace).leftAlone(announcing: true)
    }

    /// Prepares in this process (`kata prepare`), after any other preparation of this workbook has ended.
    package func run() throws(BuildError) {
        let root = workspace.workbook.root
        let caches = Prerequisites.caches(workbookRoot: root, environment: environment)
        try FileLock(caches.workbook.appendingPathComponent(".prepare.lock")).holding { () throws(BuildError) in
            let record = DetachedGroupRecord.write(in: caches.library)
            defer { if let record { try? FileManager.default.removeItem(at: record) } }
            if record != nil { Self.endGroupOnSignal() }
            // Its first step ends what earlier preparations that were killed left running (this one's record is
            // left alone).
            let checker = try CheckerSetup(workbook: workspace.workbook, environment: environment).checker()
            // Trying bubblewrap takes a few tens of milliseconds; what it showed is remembered for the checks' keys.
            if environment["KATA_SANDBOX"] != "none" {
                Sandbox.detect(environment: environment).remember(
                    in: caches.workbook.appendingPathComponent("sandbox.txt"))
            }
            _ = EditorSetup(workspace: workspace).refresh(
                library: checker.compiler.library.directory, announcing: false)
            guard let progress = try? workspace.store.read().0, let exercise = workspace.current(in: progress) else {
                return
            }
            let contents = (try? workspace.learnerCode(exercise)) ?? exercise.starter.code
            checker.warm(exercise, path: exercise.learnerPath, contents: contents)
        }
    }

    /// Stopped by a signal it can handle (`kill`, a hang-up), the preparation takes its compilers with it: the
    /// whole process group, which it leads. (SIGKILL cannot be handled: see ``DetachedGroupRecord``.)
    private static func endGroupOnSignal() {
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            #if canImport(Glibc)
                _ = Glibc.signal(signal) { _ in _ = kill(0, SIGKILL) }
            #else
                _ = Darwin.signal(signal) { _ in _ = kill(0, SIGKILL) }
            #endif
        }
    }
}
