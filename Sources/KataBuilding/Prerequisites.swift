import Foundation
import KataBasics

/// What every check needs before it compiles an exercise: the compiler, KataSpec built for it, and the compiler's
/// plan. The first check of a workbook makes them (KataSpec takes seconds); `kata next` has a detached preparation
/// make them while the learner reads (see ``Preparation``), and a check that comes meanwhile waits for it.
///
/// Loading them ends no process itself: a preparation killed while it built (SIGKILL) leaves its compilers running
/// into a staging folder, and what ends them (``DetachedGroupRecord/endOrphans(in:)``) is the application's to call,
/// before loading and as ``endOrphans``, which a build calls under its lock before it sweeps a dead kata's staging
/// folder.
package struct Prerequisites: Sendable {
    package var toolchain: Toolchain
    package var library: SpecLibrary
    /// The jobs to run directly; nil to go through `swiftc`.
    package var plan: CompilerPlan?
    /// Where KataSpec's sources are (the harness's are beside them).
    package var kataSpecSources: URL
    /// The library cache.
    package var cache: URL
    /// Ends what dead preparations left running in the library cache: called by a build of a library (a later one
    /// too, kata's harness) once it holds the lock, before it removes their half-built folders.
    package var endOrphans: @Sendable () -> Void

    /// The workbook's own cache (`.kata/cache`) and the one KataSpec is built into: `KATA_LIBRARY_CACHE`, which
    /// lets several workbooks (a classroom's, or the test suite's) share one build, or else the workbook's.
    package static func caches(workbookRoot: URL, environment: [String: String]) -> (workbook: URL, library: URL) {
        let workbook = workbookRoot.appendingPathComponent(".kata/cache")
        let library =
            environment["KATA_LIBRARY_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) } ?? workbook
        return (workbook, library)
    }

    /// Finds the compiler and KataSpec's sources, and builds what is not built yet. `endOrphans` is called by each
    /// build under its lock (see ``endOrphans``), `willBuildLibrary` before KataSpec is compiled here, `willWait`
    /// before waiting for another kata that is compiling it.
    package static func load(
        workbookRoot: URL, environment: [String: String], endOrphans: @escaping @Sendable () -> Void,
        willBuildLibrary: () -> Void = {}, willWait: () -> Void = {}
    ) throws(BuildError) -> Prerequisites {
        let cache = caches(workbookRoot: workbookRoot, environment: environment).library
        let toolchain = try Toolchain.locate(cache: cache, environment: environment)
        let sources = try SpecLibrary.locateSources(workbookRoot: workbookRoot, environment: environment)
        // The first time, the compiler's plan is read while KataSpec builds.
        let plan = Background {
            CompilerPlan.load(toolchain: toolchain, cache: cache, environment: environment, endOrphans: endOrphans)
        }
        let library = try RuntimeLibrary.prepare(
            .kataSpec, kataSpecSources: sources, toolchain: toolchain, cache: cache, endOrphans: endOrphans,
            willBuild: willBuildLibrary, willWait: willWait
        ).library
        return Prerequisites(
            toolchain: toolchain, library: library, plan: plan.value, kataSpecSources: sources, cache: cache,
            endOrphans: endOrphans)
    }
}
