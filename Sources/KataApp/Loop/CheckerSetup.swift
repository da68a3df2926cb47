import Foundation
import KataBuilding
import KataGrading
import KataSystem
import KataWorkbook

/// What a command does before its first check, step by step, so that the grading core's ``ExerciseChecker`` is made
/// from finished prerequisites and touches no file when it is made: `kata check`, `kata watch` and `kata prepare`
/// take their checker from here, and so do kata-tools' `verify` and `room grade`.
///
/// The steps, in order:
/// 1. end what a preparation that was killed (SIGKILL) left running: its compilers, still writing into a staging
///    folder of the library cache (``DetachedGroupRecord``); the builds that follow end them again under their
///    locks, for a preparation killed while this kata waited for it;
/// 2. find the compiler, and build KataSpec (seconds, the first time) or wait for the preparation building it;
/// 3. open the workbook's seal, which the caches are kept under;
/// 4. remove the build folders of katas that died (named `<id>-<key>-<pid>`);
/// 5. hold this computer to `KATA_SANDBOX=require`: with no sandbox, no check runs.
package struct CheckerSetup: Sendable {
    /// The workbook to check.
    package let workbook: Workbook
    private let environment: [String: String]

    /// The setup of a checker of `workbook`.
    package init(workbook: Workbook, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.workbook = workbook
        self.environment = environment
    }

    /// The library cache, where preparations record themselves and KataSpec is built.
    private var libraryCache: URL {
        Prerequisites.caches(workbookRoot: workbook.root, environment: environment).library
    }

    /// Runs the steps and returns the checker. `willBuildLibrary` is called before KataSpec is compiled, `willWait`
    /// before waiting for the preparation that `kata next` started.
    package func checker(willBuildLibrary: () -> Void = {}, willWait: () -> Void = {}) throws(BuildError)
        -> ExerciseChecker
    {
        let cache = libraryCache
        let endOrphans: @Sendable () -> Void = { DetachedGroupRecord.endOrphans(in: cache) }
        endOrphans()
        let prerequisites = try Prerequisites.load(
            workbookRoot: workbook.root, environment: environment, endOrphans: endOrphans,
            willBuildLibrary: willBuildLibrary, willWait: willWait)
        let seal = try? Seal(kataFolder: workbook.root.appendingPathComponent(".kata"))
        let checker = ExerciseChecker(
            workbook: workbook, prerequisites: prerequisites, seal: seal, environment: environment)
        Leftovers.sweep(checker.buildRoot)
        try requireSandbox()
        return checker
    }

    /// Fails when `KATA_SANDBOX=require` and this computer offers no sandbox (trying bubblewrap once).
    private func requireSandbox() throws(BuildError) {
        if environment["KATA_SANDBOX"] == "require",
            case .none(let reason) = Sandbox.detect(environment: environment).kind
        {
            throw .noSandbox(reason: reason)
        }
    }
}
