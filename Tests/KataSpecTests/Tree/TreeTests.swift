import Foundation
import Testing

@testable import KataSpec

private struct HookFailure: Error {}

extension KataSpecTests {
    /// Building the tree, hooks, `let`, shared examples, focus, exclusion and pending.
    @Suite struct TreeTests {
        @Test func groupBodiesRunWhileBuildingAndExamplesRunLater() {
            var log: [String] = []
            run {
                describe("Car") {
                    log.append("describe body")
                    it("moves") { log.append("example") }
                    log.append("after it")
                }
            }
            #expect(log == ["describe body", "after it", "example"])
        }

        @Test(arguments: [Face.quick, Face.specta])
        func hookOrderForNestedGroupsMatchesSpectaAndQuick(face: Face) {
            var log: [String] = []
            let reporter = run(as: face) {
                describe("A") {
                    beforeAll { log.append("A beforeAll") }
                    afterAll { log.append("A afterAll") }
                    beforeEach { log.append("A beforeEach") }
                    afterEach { log.append("A afterEach") }
                    justBeforeEach { log.append("A justBeforeEach") }
                    context("B") {
                        beforeAll { log.append("B beforeAll") }
                        afterAll { log.append("B afterAll") }
                        beforeEach { log.append("B beforeEach") }
                        aroundEach { example in
                            log.append("B around before")
                            example()
                            log.append("B around after")
                        }
                        afterEach { log.append("B afterEach") }
                        justBeforeEach { log.append("B justBeforeEach") }
                        it("one") { log.append("one") }
                        it("two") { log.append("two") }
                    }
                    it("three") { log.append("three") }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 3))
            let each = { (name: String) in
                [
                    "A beforeEach", "B beforeEach", "B around before", "A justBeforeEach", "B justBeforeEach", name,
                    "B around after", "B afterEach", "A afterEach",
                ]
            }
            let expected =
                ["A beforeAll", "B beforeAll"] + each("one") + each("two") + ["B afterAll"]
                + ["A beforeEach", "A justBeforeEach", "three", "A afterEach", "A afterAll"]
            #expect(log == expected)
        }

        @Test func hookOrderForNestedContextsMatchesKiwi() {
            // Kiwi's KWContextNode wraps the inner context's block, so an outer beforeEach runs before an
            // inner beforeAll, and an inner afterAll before the outer afterEach.
            var log: [String] = []
            let reporter = run(as: .kiwi) {
                describe("A") {
                    beforeAll { log.append("A beforeAll") }
                    afterAll { log.append("A afterAll") }
                    beforeEach { log.append("A beforeEach") }
                    afterEach { log.append("A afterEach") }
                    context("B") {
                        beforeAll { log.append("B beforeAll") }
                        afterAll { log.append("B afterAll") }
                        beforeEach { log.append("B beforeEach") }
                        afterEach { log.append("B afterEach") }
                        it("one") { log.append("one") }
                        it("two") { log.append("two") }
                    }
                    it("three") { log.append("three") }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 3))
            #expect(
                log == [
                    "A beforeAll", "A beforeEach", "B beforeAll", "B beforeEach", "one", "B afterEach", "A afterEach",
                    "A beforeEach", "B beforeEach", "two", "B afterEach", "B afterAll", "A afterEach",
                    "A beforeEach", "three", "A afterEach", "A afterAll",
                ])
        }

        @Test func kiwiLetValueIsFreshForEachExampleAndSharedByItsHooks() {
            final class Box { var label = "new" }
            var seen: [String] = []
            run(as: .kiwi) {
                describe("A") {
                    let box = letValue { Box() }
                    beforeEach { box.value.label = "set by A" }
                    context("B") {
                        beforeAll { seen.append("B beforeAll") }
                        beforeEach { seen.append("B beforeEach sees \(box.value.label)") }
                        it("one") {
                            seen.append("one sees \(box.value.label)")
                            box.value.label = "changed by one"
                        }
                        it("two") { seen.append("two sees \(box.value.label)") }
                    }
                }
            }
            #expect(
                seen == [
                    "B beforeAll", "B beforeEach sees set by A", "one sees set by A", "B beforeEach sees set by A",
                    "two sees set by A",
                ])
        }

        @Test func fullNameIsTheSentenceOfItsDescriptions() {
            let reporter = run {
                describe("Car") {
                    describe("move to") {
                        context("when the engine is not running") {
                            it("should not move to the given position") {}
                        }
                    }
                }
            }
            #expect(
                reporter.started == ["Car move to when the engine is not running should not move to the given position"]
            )
            #expect(
                reporter.results.first?.example.path == [
                    "Car", "move to", "when the engine is not running", "should not move to the given position",
                ])
        }

        @Test func anErrorInAHookFailsTheExampleAtTheHooksLine() {
            var ran = false
            let hookLine = #line + 3
            let reporter = run {
                describe("Car") {
                    beforeEach { throw HookFailure() }
                    it("moves") { ran = true }
                }
            }
            #expect(!ran)
            #expect(reporter.results.first?.status == .failed)
            #expect(reporter.results.first?.failures.first?.location.line == hookLine)
            #expect(reporter.messages == ["unexpected error thrown: <HookFailure()>"])
        }

        @Test func examplesAndHooksMayThrowAndAwaitInAnAsyncSpec() {
            let log = Shared<[String]>([])
            let reporter = runAsync { spec in
                describe("async") {
                    spec.beforeEach {
                        try? await Task.sleep(nanoseconds: 1_000_000)
                        log.value.append("before")
                    }
                    spec.it("awaits") {
                        try await Task.sleep(nanoseconds: 1_000_000)
                        log.value.append("example")
                    }
                    spec.it("throws") { throw HookFailure() }
                }
            }
            #expect(log.value == ["before", "example", "before"])
            #expect(reporter.statuses == ["async awaits: passed", "async throws: failed"])
        }

        @Test func examplesAndHooksMayThrow() {
            var log: [String] = []
            let reporter = run {
                describe("sync") {
                    beforeEach { log.append("before") }
                    it("runs") { log.append("example") }
                    it("throws") { throw HookFailure() }
                }
            }
            #expect(log == ["before", "example", "before"])
            #expect(reporter.statuses == ["sync runs: passed", "sync throws: failed"])
        }

        @Test func focusRunsOnlyFocusedExamplesAndSkipsTheRest() {
            let reporter = run {
                describe("Car") {
                    it("plain") {}
                    fit("focused") {}
                    fcontext("focused group") { it("inside") {} }
                    xit("excluded") {}
                    pending("not written yet") {}
                }
            }
            #expect(
                reporter.statuses == [
                    "Car plain: skipped", "Car focused: passed", "Car focused group inside: passed",
                    "Car excluded: pending", "Car not written yet: pending",
                ])
            #expect(reporter.summary == RunSummary(passed: 2, failed: 0, pending: 2, skipped: 1))
        }

        @Test func exclusionReportsExamplesAsPendingAndRunAllIgnoresBoth() {
            var ran: [String] = []
            let body = {
                describe("Car") {
                    xdescribe("excluded") { it("one") { ran.append("one") } }
                    fit("focused") { ran.append("focused") }
                    xcontext("also excluded") { it("two") { ran.append("two") } }
                }
            }
            #expect(
                run(body).statuses == [
                    "Car excluded one: pending", "Car focused: passed", "Car also excluded two: pending",
                ])
            var all = RunConfiguration()
            all.runAll = true
            ran = []
            #expect(run(configuration: all, body).summary == RunSummary(passed: 3))
            #expect(ran == ["one", "focused", "two"])
        }

        @Test func filterStartAtAndSeed() {
            let body = {
                describe("Car") {
                    for number in 1...6 { it("example \(number)") {} }
                }
            }
            var filtered = RunConfiguration()
            filtered.filter = "example 2"
            #expect(run(configuration: filtered, body).started == ["Car example 2"])

            var resumed = RunConfiguration()
            resumed.startAt = 4
            let reporter = run(configuration: resumed, body)
            #expect(reporter.started == ["Car example 5", "Car example 6"])
            #expect(reporter.results.map(\.index) == [4, 5])

            var seeded = RunConfiguration()
            seeded.seed = 42
            let first = run(configuration: seeded, body).started
            #expect(first == run(configuration: seeded, body).started)
            #expect(first != run(body).started)
            #expect(Set(first) == Set(run(body).started))
        }

        @Test func letIsRecreatedForEachExampleAndCanBeRedefined() {
            var seen: [[String]] = []
            run {
                describe("Garage") {
                    let cars = letValue { ["car"] }
                    it("adds") {
                        cars.value.append("van")
                        seen.append(cars.value)
                    }
                    it("starts afresh") { seen.append(cars.value) }
                    context("full") {
                        cars.redefine { ["car", "van", "bus"] }
                        it("uses the inner definition") { seen.append(cars.value) }
                    }
                }
            }
            #expect(seen == [["car", "van"], ["car"], ["car", "van", "bus"]])
        }

        @Test func sharedExamplesReadTheirContextLazily() {
            var names: [String] = []
            let reporter = run {
                describe("Vehicles") {
                    var current = "none"
                    sharedExamples("a vehicle") { context in
                        it("has a name") { names.append(context()["name"] as? String ?? "?") }
                    }
                    beforeEach { current = "bus" }
                    context("a car") { itBehavesLike("a vehicle") { ["name": "car"] } }
                    context("from a hook") { itBehavesLike("a vehicle") { ["name": current] } }
                    itBehavesLike("a missing group")
                }
            }
            #expect(names == ["car", "bus"])
            #expect(
                reporter.started.prefix(2) == [
                    "Vehicles a car a vehicle has a name", "Vehicles from a hook a vehicle has a name",
                ])
            #expect(reporter.messages == ["Shared example group \"a missing group\" does not exist."])
        }

        @Test func sharedExamplesInAGroupBelongToItAndTopLevelOnesToEverySpec() {
            var seen: [String] = []
            let reporter = run {
                sharedExamples("anything scoped-test") { it("is anything") { seen.append("anything") } }
                describe("Cars") {
                    sharedExamples("a scoped vehicle") { it("drives") { seen.append("car drives") } }
                    context("a sports car") { itBehavesLike("a scoped vehicle") }
                }
                describe("Boats") {
                    sharedExamples("a scoped vehicle") { it("floats") { seen.append("boat floats") } }
                    itBehavesLike("a scoped vehicle")
                }
                describe("Planes") { itBehavesLike("a scoped vehicle") }
            }
            #expect(seen == ["car drives", "boat floats"], "each group gets its own")
            #expect(
                reporter.statuses == [
                    "Cars a sports car a scoped vehicle drives: passed", "Boats a scoped vehicle floats: passed",
                    "Planes is declared correctly: failed",
                ])
            #expect(reporter.messages == ["Shared example group \"a scoped vehicle\" does not exist."])

            seen = []
            let later = run(as: .specta) {
                describe("Bikes") {
                    itBehavesLike("anything scoped-test")
                    itBehavesLike("a scoped vehicle")
                }
            }
            #expect(seen == ["anything"], "a top-level group is global; a group's own are not")
            #expect(later.messages == ["Shared example group \"a scoped vehicle\" does not exist."])
        }

        @Test func dslCallsOutsideABodyAreReported() {
            let reporter = run {
                describe("Car") {
                    it("declares inside an example") { it("nested") {} }
                }
            }
            #expect(
                reporter.messages == [
                    "'it' cannot be called inside an example or hook; declare it in a describe or context body"
                ])
        }

        @Test func quickHooksReceiveTheExamplesMetadata() {
            var seen: [String] = []
            let reporter = run {
                describe("Car") {
                    beforeEach { (metadata: ExampleMetadata) in
                        seen.append("before \(metadata.example.name) #\(metadata.exampleIndex)")
                    }
                    aroundEach { metadata, runExample in
                        seen.append("around \(metadata.example.description)")
                        runExample()
                    }
                    afterEach { metadata in seen.append("after \(metadata.example.callsite.line > 0)") }
                    it("starts") { seen.append("current is \(QuickSpec.current is InlineQuickSpec)") }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 1))
            #expect(seen == ["before Car, starts #0", "around starts", "current is true", "after true"])
            #expect(QuickSpec.current == nil)
        }

        @Test func quickSharedExamplesTakeASharedExampleContextAndCanBeFocused() {
            var names: [String] = []
            let reporter = run {
                sharedExamples("a vehicle") { (sharedExampleContext: @escaping SharedExampleContext) in
                    it("has a name") { names.append(sharedExampleContext()["name"] as? String ?? "?") }
                }
                describe("Car") { itBehavesLike("a vehicle", sharedExampleContext: { ["name": "car"] }) }
                describe("Bus") { fitBehavesLike("a vehicle") { ["name": "bus"] } }
                describe("Van") { xitBehavesLike("a vehicle") { ["name": "van"] } }
            }
            #expect(
                reporter.statuses == [
                    "Car a vehicle has a name: skipped", "Bus a vehicle has a name: passed",
                    "Van a vehicle has a name: pending",
                ])
            #expect(names == ["bus"])
        }
    }
}
