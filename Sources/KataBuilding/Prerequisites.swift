import Foundation
import KataBasics

/// What every check needs before it compiles an exercise: the compiler, KataSpec built for it, and the compiler's
/// plan. The first check of a workbook makes them (KataSpec takes seconds); `kata next` has a detached preparation
/// make them while the learner reads (see ``Preparation``), and a check that comes meanwhile waits for it.
package struct Prerequisites: Sendable {
    package var toolchain: Toolchain
    package var library: SpecLibrary
    /// The jobs to run directly; nil to go through `swiftc`.
    package var plan: CompilerPlan?

    /// The workbook's own cache (`.kata/cache`) and the one KataSpec is built into: `KATA_LIBRARY_CACHE`, which
    /// lets several workbooks (a classroom's, or the test suite's) share one build, or else the workbook's.
    package static func caches(workbookRoot: URL, environment: [String: String]) -> (workbook: URL, library: URL) {
        let workbook = workbookRoot.appendingPathComponent(".kata/cache")
        let library =
            environment["KATA_LIBRARY_CACHE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) } ?? workbook
        return (workbook, library)
    }

    /// Finds the compiler and KataSpec's sources, and builds what is not built yet. `willBuildLibrary` is called
    /// before KataSpec is compiled here, `willWait` before waiting for another kata that is compiling it.
    package static func load(
        workbookRoot: URL, environment: [String: String], willBuildLibrary: () -> Void = {},
        willWait: () -> Void = {}
    ) throws(BuildError) -> Prerequisites {
        let cache = caches(workbookRoot: workbookRoot, environment: environment).library
        DetachedGroupRecord.endOrphans(in: cache)
        let toolchain = try Toolchain.locate(cache: cache, environment: environment)
        let sources = try SpecLibrary.locateSources(workbookRoot: workbookRoot, environment: environment)
        // The first time, the compiler's plan is read while KataSpec builds.
        let plan = Background { CompilerPlan.load(toolchain: toolchain, cache: cache, environment: environment) }
        let library = try SpecLibrary.prepare(
            sources: sources, toolchain: toolchain, cache: cache, willBuild: willBuildLibrary, willWait: willWait
        ).library
        return Prerequisites(toolchain: toolchain, library: library, plan: plan.value)
    }
}
