import Foundation
import Testing

@testable import KataSpec

extension KataSpecTests {
    /// The test-double engine, through the Spry spelling (the other faces are in Faces/).
    @Suite struct DoubleTests {
        @Test func niceFakesReturnDefaultsAndRecordEveryCall() {
            expectPass {
                let engine = FakeEngine()
                #expect(engine.start(speed: 3) == false)
                #expect(engine.gear == 0)
                engine.gear = 4
                engine.stop()
                #expect(engine.didCall(.start, withArguments: [3]).success)
                #expect(engine.didCall(.gear, withArguments: [4], countSpecifier: .exactly(1)).success)
                #expect(
                    engine.didCall(.stop).recordedCallsDescription
                        == "<start(speed:)> with <3>; <gear> with <4>; <stop()>")
            }
        }

        @Test func stubsMatchArgumentsNewestFirstThenArgumentLessOnes() {
            expectPass {
                let engine = FakeEngine()
                engine.stub(.start).andReturn(true)
                engine.stub(.start).with(1).andReturn(false)
                engine.stubAgain(.start).with(Argument.pass { ($0 as? Int ?? 0) < 3 }).andReturn(true)
                #expect(engine.start(speed: 1) == true)
                #expect(engine.start(speed: 5) == true)
                engine.stubAgain(.start).with(Argument.anything).andReturn(false)
                #expect(engine.start(speed: 5) == false)
            }
        }

        @Test func answersComeInTurnAndTheLastOneSticks() throws {
            try expectPass {
                let engine = FakeEngine()
                engine.stub(.start).andReturnValues([true, false])
                #expect(
                    [engine.start(speed: 1), engine.start(speed: 1), engine.start(speed: 1)] == [true, false, false])
                engine.stubAgain(.load).andReturn("a", times: 2, afterThatReturn: "b")
                let loads = try [engine.load("x"), engine.load("x"), engine.load("x")]
                #expect(loads == ["a", "a", "b"])
            }
        }

        @Test func andDoSeesTheArgumentsAndAndThrowThrows() throws {
            try expectPass {
                let engine = FakeEngine()
                engine.stub(.fetch).andDo { arguments in
                    (arguments[0] as? (Int) -> Void)?(42)
                    return ()
                }
                var received = 0
                engine.fetch { received = $0 }
                #expect(received == 42)
                engine.stub(.load).with("down").andThrow(EngineError.offline)
                #expect(throws: EngineError.offline) { try engine.load("down") }
                engine.stub(.load).with("up").andDo { "loaded \($0[0] as? String ?? "")" }
                let loaded = try engine.load("up")
                #expect(loaded == "loaded up")
            }
        }

        @Test func mistakesInStubsAreExplained() {
            let engine = FakeEngine()
            let messages = failures {
                engine.stub(.start).andThrow(EngineError.offline)
                _ = engine.start(speed: 1)
            }
            #expect(
                messages == [
                    "--- FATAL ERROR: Used '.andThrow()' on non-throwing function ---\n￫ Stub: start(speed:) (any arguments) → throws offline\n￫ Possible fix: call spryifyThrows (or stubbedValueThrows) in the fake's start(speed:)"
                ])
            expectFailure(
                "the stub start(speed:) (any arguments) → \"yes\" returns <yes> (String), but start(speed:) returns Bool"
            ) {
                engine.stub(.start).andReturn("yes")
                _ = engine.start(speed: 1)
            }
            expectFailure(
                "--- FATAL ERROR: Stubbing the same function with the same arguments ---\n￫ Existing stub: start(speed: 1) → true\n￫ Possible fix: use stubAgain(.start) to replace it on purpose"
            ) {
                engine.stub(.start).with(1).andReturn(true)
                engine.stub(.start).with(1).andReturn(false)
            }
        }

        @Test func strictFakesFailOnUnexpectedCallsAndListTheStubs() {
            let line = #line + 3
            let failures = World.shared.gatherFailures {
                DoubleRegistry.shared.resetAll()
                let engine = OCMStrictClassMock(FakeEngine())
                OCMStub(engine.start(speed: 2)).andReturn(true)
                _ = engine.start(speed: 2)
                engine.stop()
            }
            DoubleRegistry.shared.resetAll()
            #expect(
                failures.map(\.description) == [
                    "\(#filePath):\(line):48: error: OCClassMockObject(FakeEngine): unexpected method invoked: stop()\n(strict mock made at \(#filePath):\(line):48)\nRecorded calls on FakeEngine:\n￫ start(speed: 2)\n￫ stop()\nStubs on FakeEngine:\n￫ start(speed: 2) → true"
                ], "outside an example, the failure points where the mock was made strict, never inside the fake")
        }

        @Test func aStrictFakeAcceptsEveryExpectedCallAndReportsNothingTwice() {
            expectPass {
                let engine = OCMStrictClassMock(FakeEngine())
                OCMExpect(engine.start(speed: 2))
                OCMExpect(engine.gear = 3)
                #expect(engine.start(speed: 2) == false)
                engine.gear = 3
                OCMVerifyAll(engine)
            }
            let reporter = run(as: .kiwi) {
                it("receives") {
                    let engine = KWMock.mock(for: FakeEngine())
                    engine.should.receive(.start, withArguments: 2)
                    engine.should.receive(.stop)
                    _ = engine.start(speed: 2)
                    engine.stop()
                }
            }
            #expect(reporter.statuses == ["receives: passed"])
        }

        @Test func aStrictFakeReportsAnUnexpectedSetter() {
            let line = #line + 4
            expectFailure(
                "OCClassMockObject(FakeEngine): unexpected method invoked: gear(4)\n(strict mock made at \(#filePath):\(line):48)\nRecorded calls on FakeEngine:\n￫ gear(4)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = OCMStrictClassMock(FakeEngine())
                engine.gear = 4
            }
            expectPass {
                let engine = OCMStrictClassMock(FakeEngine())
                OCMStub(engine.gear = 4)
                engine.gear = 4
            }
        }

        @Test func anUnexpectedCallFailsAtTheRunningExample() {
            let line = #line + 5
            let reporter = run {
                describe("Engine") {
                    var engine: FakeEngine!
                    beforeEach { engine = OCMStrictProtocolMock(FakeEngine()) }
                    it("stops") { engine.stop() }
                }
            }
            #expect(
                reporter.results.first?.failures.map(\.description) == [
                    "\(#filePath):\(line):23: error: OCProtocolMockObject(FakeEngine): unexpected method invoked: stop()\n(strict mock made at \(#filePath):\(line - 1):64)\nRecorded calls on FakeEngine:\n￫ stop()\nStubs on FakeEngine:\n￫ (none)"
                ])
        }

        @Test func partialFakesForwardWhatIsNotStubbed() {
            expectPass {
                let radio = PartialRadio()
                #expect(radio.describe() == "radio at 7")
                radio.stub(.volume).andReturn(11)
                #expect(radio.describe() == "radio at 11")
                radio.stubAgain(.volume).andForwardToReal()
                #expect(radio.volume() == 7)
                #expect(radio.didCall(.volume, countSpecifier: .exactly(3)).success)
            }
        }

        @Test func countsAndHaveReceived() {
            expectPass {
                let engine = FakeEngine()
                _ = engine.start(speed: 1)
                _ = engine.start(speed: 1)
                #expect(engine.didCall(.start, countSpecifier: .exactly(2)).success)
                #expect(engine.didCall(.start, countSpecifier: .atLeast(3)).success == false)
                #expect(engine.didCall(.start, countSpecifier: .atMost(2)).success)
                #expect(engine.didCall(.stop, countSpecifier: .exactly(0)).success)
                expect(engine).to(haveReceived(.start, with: 1, countSpecifier: .exactly(2)))
                expect(engine).toNot(haveReceived(.stop))
                expect(engine).to(haveRecordedCalls())
            }
            expectFailure(
                "expected to receive <start(speed:)> on <FakeEngine> with <3>, got <start(speed:)> with <5>\nRecorded calls on FakeEngine:\n￫ start(speed: 5)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = FakeEngine()
                _ = engine.start(speed: 5)
                expect(engine).to(haveReceived(.start, with: 3))
            }
        }

        @Test func captorsKeepEveryMatchedArgument() {
            expectPass {
                let engine = FakeEngine()
                let captor = Argument.captor()
                engine.stub(.load).with(captor).andReturn("ok")
                _ = try? engine.load("a.txt")
                _ = try? engine.load("b.txt")
                #expect(captor.getValue(as: String.self) == "a.txt")
                #expect(captor.getValue(at: 1, as: String.self) == "b.txt")
                #expect(captor.allValues.count == 2)
            }
        }

        @Test func classFunctionsHaveTheirOwnStubsAndCalls() {
            expectPass {
                FakeEngine.stub(.make).with("v8").andReturn("V8 engine")
                #expect(FakeEngine.make(named: "v8") == "V8 engine")
                #expect(FakeEngine.didCall(.make, withArguments: ["v8"]).success)
                FakeEngine.resetCallsAndStubs()
                #expect(FakeEngine.make(named: "v8") == "")
            }
        }

        @Test func haveReceivedChecksClassFunctionsOnTheFakeType() {
            expectPass {
                _ = FakeEngine.make(named: "v8")
                expect(FakeEngine.self).to(haveReceived(.make, with: "v8", countSpecifier: .exactly(1)))
                expect(FakeEngine.self).toNot(haveReceived(.make, with: "v12"))
                expect(FakeEngine.self).to(haveRecordedCalls())
            }
            expectFailure(
                "expected to receive <make(named:)> on <FakeEngine> with <v12>, got <make(named:)> with <v8>\nRecorded calls on FakeEngine:\n￫ make(named: \"v8\")\nStubs on FakeEngine:\n￫ (none)"
            ) {
                _ = FakeEngine.make(named: "v8")
                expect(FakeEngine.self).to(haveReceived(.make, with: "v12"))
            }
            expectFailure(
                "expected to not receive <make(named:)> on <FakeEngine> exactly 1 time, got <make(named:)> with <v8>\nRecorded calls on FakeEngine:\n￫ make(named: \"v8\")\nStubs on FakeEngine:\n￫ (none)"
            ) {
                _ = FakeEngine.make(named: "v8")
                expect(FakeEngine.self).toNot(haveReceived(.make, countSpecifier: .exactly(1)))
            }
            expectFailure(
                "expected to have recorded calls, got 0 calls\nRecorded calls on FakeEngine:\n￫ (none)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                expect(FakeEngine.self).to(haveRecordedCalls())
            }
        }

        @Test func everythingIsForgottenAfterEachExample() {
            let engine = FakeEngine()
            var answers: [Bool] = []
            let reporter = run {
                describe("Engine") {
                    it("stubs") {
                        engine.stub(.start).andReturn(true)
                        answers.append(engine.start(speed: 1))
                    }
                    it("starts afresh") {
                        answers.append(engine.start(speed: 1))
                        answers.append(engine.didCall(.start, countSpecifier: .exactly(1)).success)
                    }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 2))
            #expect(answers == [true, false, true])
        }

        @Test func functionNamesMustMatchTheFunctionCaseAsInSpry() {
            let location = KataSpec.SourceLocation(file: "/work/Fake.swift", line: 7)
            #expect(FakeEngine.functionName(FakeEngine.Function.self, "start(speed:)", location) == "start(speed:)")
            #expect(FakeEngine.functionName(FakeEngine.Function.self, "gear", location) == "gear")
            // Spry forgives only a missing or extra "(_:)".
            #expect(FakeEngine.functionName(FakeEngine.Function.self, "load", location) == "load(_:)")
            let unknown = failures {
                #expect(FakeEngine.functionName(FakeEngine.Function.self, "start(at:)", location) == nil)
            }
            #expect(
                unknown == [
                    "--- FATAL ERROR: Unable to find function ---\n￫ Type: FakeEngine\n￫ Function signature: start(at:)\n￫ Error occured on: Fake.swift:7\n￫ Possible Fix: ↴\n￫ case start = \"start(at:)\""
                ])
        }

        @Test func valuesCompareByEqualityNumbersByValueAndObjectsByIdentity() {
            let radio = Radio()
            #expect(valuesEqual(3, 3.0))
            #expect(valuesEqual("a", "a"))
            #expect(!valuesEqual("a", "b"))
            #expect(valuesEqual(nil, Optional<Int>.none as Any?))
            #expect(valuesEqual(radio, radio))
            #expect(!valuesEqual(radio, Radio()))
        }
    }
}
