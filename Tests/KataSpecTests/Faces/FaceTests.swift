import Foundation
import Testing

@testable import KataSpec

private final class Car {
    var speed = 0
    var wheels = [1, 2, 3, 4]
}

private final class Driver: CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

extension KataSpecTests {
    /// Each face compiles, reads like its framework and words failures like it.
    @Suite struct FaceTests {
        @Test func kiwiSpecPrintsPassedAndFailedWithTheExamplesSentence() throws {
            let line = #line + 5
            let output = try humanOutput(.kiwi) {
                describe("Car") {
                    context("when new") {
                        it("is stopped") { theValue(Car().speed).should.equal(0) }
                        it("has five wheels") { theValue(Car()).should.have(5, \.wheels) }
                    }
                }
            }
            #expect(
                output == """
                    Car
                      when new
                        ✓ is stopped [PASSED]
                        ✗ has five wheels [FAILED]
                          \(#filePath):\(line):57: error: 'Car, when new, has five wheels' [FAILED], expected subject to have 5 wheels, got 4 items

                    Failures:

                      1) Car when new has five wheels
                         \(#filePath):\(line):57: error: 'Car, when new, has five wheels' [FAILED], expected subject to have 5 wheels, got 4 items

                    1 passed, 1 failed, 0 pending

                    """)
        }

        @Test func spectaSpecUsesExpectasWording() throws {
            let line = #line + 4
            let output = try humanOutput(.specta) {
                describe("Car") {
                    it("is stopped") { expect(Car().speed).to.equal(0) }
                    it("is moving") { expect(Car().speed).to.beGreaterThan(0) }
                    pending("brakes") {}
                }
            }
            #expect(
                output == """
                    Car
                      ✓ is stopped
                      ✗ is moving
                        \(#filePath):\(line):45: error: expected: 0 to be greater than 0
                      ○ brakes (pending)

                    Failures:

                      1) Car is moving
                         \(#filePath):\(line):45: error: expected: 0 to be greater than 0

                    1 passed, 1 failed, 1 pending

                    """)
        }

        @Test func quickSpecUsesNimblesWording() throws {
            let line = #line + 4
            let output = try humanOutput(.quick) {
                describe("Car") {
                    it("is stopped") { expect(Car().speed).to(equal(0)) }
                    it("goes fast") { expect(Car().speed).to(beGreaterThan(100)) }
                }
            }
            #expect(output.contains("  ✓ is stopped\n  ✗ goes fast\n"))
            #expect(output.contains("\(#filePath):\(line):45: error: expected to be greater than <100>, got <0>"))
            #expect(output.hasSuffix("\n1 passed, 1 failed, 0 pending\n"))
        }

        @Test func kiwiMatcherWording() {
            expectFailure("expected subject not to be nil") { theValue(nil as Int?).should.equal(3) }
            expectFailure("expected subject not to be nil") { theValue(nil as Int?).shouldNot.equal(3) }
            expectPass { theValue(nil as Int?).should.beNil() }
            expectFailure("expected subject to be nil, got 1") { theValue(1).should.beNil() }
            expectFailure("expected subject not to equal (String) \"Black Hawks\"") {
                theValue("Black Hawks").shouldNot.equal("Black Hawks")
            }
            expectFailure("expected subject to equal (String) \"Black Hawks\", got (String) \"Ducks\"") {
                theValue("Ducks").should.equal("Black Hawks")
            }
            expectPass { theValue(3.14).should.beWithin(0.01, of: 3.141) }
            expectPass { theValue(5).should.beBetween(1, and: 5) }
            expectPass { theValue([1, 2]).should.containObjectsInArray([2, 1]) }
            expectPass { theValue("Kiwi").should.containString("kiwi", caseInsensitive: true) }
            expectPass { theBlock { throw EngineError.offline }.should.raise(EngineError.offline) }
            var count = 0
            expectFailure("expected subject to change the count to 2, got 1") {
                theBlock { count += 1 }.should.change({ count }, by: 2)
            }
        }

        @Test func kiwiBePostedIsCheckedWhenTheExampleEnds() {
            let name = Notification.Name("CarDidStart")
            let reporter = run(as: .kiwi) {
                describe("Car") {
                    it("posts") {
                        theValue(name).should.bePosted()
                        NotificationCenter.default.post(name: name, object: nil)
                    }
                    it("does not post") { theValue(name).should.bePosted() }
                }
            }
            #expect(reporter.statuses == ["Car posts: passed", "Car does not post: failed"])
            #expect(
                reporter.messages == [
                    "'Car, does not post' [FAILED], expected notification \"CarDidStart\" to be posted"
                ])
        }

        @Test func kiwiContainObjectsMatchPatternWithOptionsAndEqualWithDelta() {
            expectPass { theValue([1, 2, 3]).should.containObjects(3, 1) }
            expectFailure("expected subject to contain all of (1, 5)") {
                theValue([1, 2, 3]).should.containObjects(1, 5)
            }
            expectPass { theValue("Kiwi").should.matchPattern("^kiwi$", options: .caseInsensitive) }
            expectFailure("\"a kiwi bird\" did not match pattern \"^kiwi$\"") {
                theValue("a kiwi bird").should.matchPattern("^kiwi$", options: [.caseInsensitive, .anchorsMatchLines])
            }
            expectFailure("expected subject not to match pattern \"kiwi\"") {
                theValue("KIWI").shouldNot.matchPattern("kiwi", options: .caseInsensitive)
            }
            expectPass { theValue(3.14159).should.equal(3.14, withDelta: 0.01) }
            expectFailure("expected subject to be within 0.1 of 3.0, got 3.2") {
                theValue(3.2).should.equal(3.0, withDelta: 0.1)
            }
        }

        @Test func kiwiBePostedWithObjectAndUserInfo() {
            let name = Notification.Name("CarDidStart")
            let ada = Driver("Ada")
            let post = { (object: AnyObject?, userInfo: [AnyHashable: Any]?) in
                NotificationCenter.default.post(name: name, object: object, userInfo: userInfo)
            }
            let reporter = run(as: .kiwi) {
                it("posts with the driver") {
                    theValue(name).should.bePostedWithObject(ada)
                    theValue(name).should.bePostedWithUserInfo(["speed": 3, "gear": "D"])
                    theValue(name).should.bePostedWithObject(ada, andUserInfo: ["speed": 3, "gear": "D"])
                    post(ada, ["speed": 3, "gear": "D"])
                }
                it("posts with someone else") {
                    theValue(name).should.bePostedWithObject(ada)
                    post(Driver("Bob"), nil)
                }
                it("posts other user info") {
                    theValue(name).should.bePostedWithObject(ada, userInfo: ["speed": 3])
                    post(ada, ["speed": 2])
                    post(nil, nil)
                }
                it("must not post") {
                    theValue(name).shouldNot.bePostedWithUserInfo(["speed": 3])
                    post(nil, ["speed": 3])
                }
            }
            #expect(
                reporter.statuses == [
                    "posts with the driver: passed", "posts with someone else: failed", "posts other user info: failed",
                    "must not post: failed",
                ])
            #expect(
                reporter.messages == [
                    "'posts with someone else' [FAILED], expected notification \"CarDidStart\" to be posted with object Ada, but it was posted with object Bob",
                    "'posts other user info' [FAILED], expected notification \"CarDidStart\" to be posted with object Ada and user info [\"speed\": 3], but it was posted with object Ada and user info [\"speed\": 2], then with object nil and user info nil",
                    "'must not post' [FAILED], expected notification \"CarDidStart\" not to be posted with user info [\"speed\": 3]",
                ])
        }

        @Test func kiwiNamedMocksUseTheirNameInMessages() {
            let line = #line + 3
            let reporter = run(as: .kiwi) {
                it("is strict") {
                    let engine = KWMock.mock(withName: "engine", for: FakeEngine())
                    engine.stop()
                }
                it("is null") {
                    let engine = KWMock.nullMock(withName: "spare engine", for: FakeEngine())
                    engine.should.receive(.start)
                    engine.stop()
                }
            }
            #expect(
                reporter.messages.map { $0.replacingOccurrences(of: #filePath, with: "FaceTests.swift") } == [
                    "'is strict' [FAILED], KWMockException \"mock \"engine\" received unexpected message -stop()\" raised\n(strict mock made at FaceTests.swift:\(line):45)\nRecorded calls on engine:\n￫ stop()\nStubs on engine:\n￫ (none)",
                    "'is null' [FAILED], expected subject to receive -start(speed:) exactly 1 time, but received it 0 times\nRecorded calls on spare engine:\n￫ stop()\nStubs on spare engine:\n￫ start(speed:) (any arguments) → the default value",
                ])
        }

        @Test func expectaMatcherWording() {
            expectFailure("expected: nil/null, got: 3") { expect(3).to.beNil() }
            expectFailure("expected: not 3, got: 3") { expect(3).toNot.equal(3) }
            expectFailure("expected: a truthy value, got: 0, which is falsy") { expect(false).to.beTruthy() }
            expectFailure("expected (1, 2) to contain 4") { expect([1, 2]).to.contain(4) }
            expectFailure("expected 2.0 to be close to 1.0 within 0.1") {
                expect(2.0).to.beCloseToWithin(1.0, 0.1)
            }
            expectPass { expect("Specta").to.beginWith("Spec") }
            expectPass { expect(Car()).to.beKindOf(Car.self) }
            expectPass { expect { throw EngineError.offline }.to.raise(EngineError.self) }
            expectPass { expect(3).notTo.beInTheRangeOf(4, 9) }
        }

        @Test func kiwiMocksReceiveStubAndCapture() {
            var strictLine = 0
            let reporter = run(as: .kiwi) {
                describe("Engine") {
                    it("receives twice") {
                        let engine = KWMock.nullMock(for: FakeEngine())
                        engine.should.receive(.start, andReturn: true, withCount: 2)
                        #expect(engine.start(speed: 1))
                        #expect(engine.start(speed: 1))
                    }
                    it("never stops") {
                        let engine = KWMock.nullMock(for: FakeEngine())
                        engine.shouldNot.receive(.stop)
                        engine.stop()
                    }
                    it("is strict") {
                        strictLine = #line + 1
                        let engine = KWMock.mock(for: FakeEngine())
                        engine.stub(.start, andReturn: true, withArguments: 1)
                        _ = engine.start(speed: 1)
                        engine.stop()
                    }
                    it("captures") {
                        let engine = KWMock.nullMock(for: FakeEngine())
                        let spy = engine.captureArgument(.load, atIndex: 0)
                        _ = try engine.load("a.txt")
                        theValue(spy.argument as? String).should.equal("a.txt")
                    }
                }
            }
            #expect(
                reporter.statuses == [
                    "Engine receives twice: passed", "Engine never stops: failed", "Engine is strict: failed",
                    "Engine captures: passed",
                ])
            #expect(
                reporter.messages.first
                    == "'Engine, never stops' [FAILED], expected subject not to receive -stop(), but received it 1 time\nRecorded calls on FakeEngine:\n￫ stop()\nStubs on FakeEngine:\n￫ stop() (any arguments) → the default value"
            )
            #expect(
                reporter.messages.last?.hasPrefix(
                    "'Engine, is strict' [FAILED], KWMockException \"mock received unexpected message -stop()\" raised\n"
                        + "(strict mock made at \(#filePath):\(strictLine):")
                    == true)
        }

        @Test func kiwiCaptureSpyWatchesCallsWithoutAnsweringThem() throws {
            try expectPass {
                let engine = KWMock.nullMock(for: FakeEngine())
                engine.stub(.load, andReturn: "stubbed")
                let spy = engine.captureArgument(.load, atIndex: 0)
                let answers = try [engine.load("a.txt"), engine.load("b.txt")]
                #expect(answers == ["stubbed", "stubbed"], "the stub still answers")
                #expect(spy.argument as? String == "a.txt", "the spy keeps the first call's argument")
            }
            let reporter = run(as: .kiwi) {
                it("receives and captures") {
                    let engine = KWMock.nullMock(for: FakeEngine())
                    engine.should.receive(.start, andReturn: true, withArguments: 3)
                    let spy = engine.captureArgument(.start, atIndex: 0)
                    theValue(engine.start(speed: 3)).should.beTrue()
                    theValue(spy.argument as? Int).should.equal(3)
                }
                it("lets a strict mock accept the spied message, as Kiwi's addMessageSpy does") {
                    let engine = KWMock.mock(for: FakeEngine())
                    let spy = engine.captureArgument(.start, atIndex: 0)
                    theValue(engine.start(speed: 2)).should.beFalse()
                    theValue(spy.argument as? Int).should.equal(2)
                    engine.stop()
                }
            }
            #expect(
                reporter.statuses == [
                    "receives and captures: passed",
                    "lets a strict mock accept the spied message, as Kiwi's addMessageSpy does: failed",
                ])
            #expect(
                reporter.messages.map { $0.prefix { $0 != "\n" } } == [
                    "'lets a strict mock accept the spied message, as Kiwi's addMessageSpy does' [FAILED], "
                        + "KWMockException \"mock received unexpected message -stop()\" raised"
                ],
                "only the spied message is accepted")
        }

        @Test func kiwiCaptureSpyFailuresPointAtTheCaptureArgumentLine() {
            let line = #line + 4
            let failures = World.shared.gatherFailures {
                DoubleRegistry.shared.resetAll()
                let engine = KWMock.nullMock(for: FakeEngine())
                let early = engine.captureArgument(.load, atIndex: 0)
                let wrongIndex = engine.captureArgument(.start, atIndex: 1)
                _ = early.argument
                _ = engine.start(speed: 2)
                _ = engine.start(speed: 3)
                _ = wrongIndex.argument
            }
            DoubleRegistry.shared.resetAll()
            #expect(
                failures.map(\.description) == [
                    "\(#filePath):\(line):51: error: Argument requested has yet to be captured.",
                    "\(#filePath):\(line + 1):56: error: cannot capture argument 1 of start(speed: 2): it has 1 argument (indices start at 0)",
                    "\(#filePath):\(line + 1):56: error: Argument requested has yet to be captured.",
                ])
        }

        @Test func ocmockMacrosStubExpectRejectAndVerify() throws {
            try expectPass {
                let engine = OCMClassMock(FakeEngine())
                OCMStub(engine.start(speed: OCMArg.any())).andReturn(true)
                OCMStub(try engine.load(OCMArg.checkWithBlock { (url: String) in url.hasSuffix(".txt") })).andReturn(
                    "text")
                #expect(engine.start(speed: 9))
                #expect((try? engine.load("a.txt")) == "text")
                OCMVerify(engine.start(speed: 9))
                OCMVerify(never(), engine.stop())
                OCMVerify(atLeast(1), engine.start(speed: OCMArg.isEqual(9)))
            }
            expectFailure(
                "OCClassMockObject(FakeEngine): Method `start(speed: 1)` was invoked once; but was expected exactly 2 times.\nRecorded calls on FakeEngine:\n￫ start(speed: 1)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = OCMClassMock(FakeEngine())
                _ = engine.start(speed: 1)
                OCMVerify(times(2), engine.start(speed: 1))
            }
            expectFailure(
                "stop(): explicitly disallowed method invoked: stop()\nRecorded calls on FakeEngine:\n￫ stop()\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = OCMClassMock(FakeEngine())
                OCMReject(engine.stop())
                engine.stop()
            }
        }

        @Test func ocmockExpectationsVerifyAllOrderAndDelay() {
            expectFailure(
                "OCClassMockObject(FakeEngine): expected method was not invoked: start(speed: 2)\nRecorded calls on FakeEngine:\n￫ stop()\nStubs on FakeEngine:\n￫ (none)\nExpected calls on FakeEngine:\n￫ stop() (called)\n￫ start(speed: 2) → true (not called yet)"
            ) {
                let engine = OCMClassMock(FakeEngine())
                OCMExpect(engine.stop())
                OCMExpect(engine.start(speed: 2)).andReturn(true)
                engine.stop()
                OCMVerifyAll(engine)
            }
            expectFailure(
                "OCClassMockObject(FakeEngine): unexpected method invoked: start(speed: 2)\n\texpected:\tstop()\nRecorded calls on FakeEngine:\n￫ start(speed: 2)\nStubs on FakeEngine:\n￫ (none)\nExpected calls on FakeEngine:\n￫ stop() (not called yet)\n￫ start(speed: 2) (not called yet)"
            ) {
                let engine = OCMClassMock(FakeEngine())
                engine.setExpectationOrderMatters(true)
                OCMExpect(engine.stop())
                OCMExpect(engine.start(speed: 2))
                _ = engine.start(speed: 2)
                engine.stop()
                OCMVerifyAll(engine)
            }
            expectPass {
                let engine = OCMClassMock(FakeEngine())
                OCMExpect(engine.stop())
                let shared = Shared(engine)
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { shared.value.stop() }
                OCMVerifyAllWithDelay(engine, 1)
            }
        }

        @Test func aStrictMockAcceptsExpectedCallsAndArgumentConstraintsMustCoverEveryArgument() {
            expectPass {
                let engine = OCMStrictClassMock(FakeEngine())
                OCMExpect(engine.stop())
                engine.stop()
                OCMVerifyAll(engine)
            }
            expectFailure(
                "Invalid use of argument matchers: start(speed:) takes 1 argument(s) but 2 matcher(s) were given; use matchers for every argument or for none"
            ) {
                let engine = OCMClassMock(FakeEngine())
                OCMStub(engine.start(speed: OCMArg.any() + OCMArg.any())).andReturn(true)
            }
            expectFailure(
                "OCMStub needs a call on a fake inside the parentheses; if there is one, the fake's member does not record its call: make it call spryify(), stubbedValue() or recordCall()"
            ) {
                OCMStub(3 + 4).andReturn(7)
            }
        }

        @Test func kiwiReceiveWithArgumentsCountsOnlyMatchingCalls() {
            let reporter = run(as: .kiwi) {
                it("starts at speed 3") {
                    let engine = KWMock.nullMock(for: FakeEngine())
                    engine.should.receive(.start, withCountAtLeast: 2, withArguments: 3)
                    _ = engine.start(speed: 3)
                    _ = engine.start(speed: 4)
                }
            }
            #expect(
                reporter.messages == [
                    "'starts at speed 3' [FAILED], expected subject to receive -start(speed: 3) at least 2 times, but received it 1 time\nRecorded calls on FakeEngine:\n￫ start(speed: 3)\n￫ start(speed: 4)\nStubs on FakeEngine:\n￫ start(speed: 3) → the default value"
                ])
        }

        @Test func ocmockPartialMockForwardsToTheRealObject() {
            expectPass {
                let radio = OCMPartialMock(PartialRadio())
                OCMStub(radio.volume()).andReturn(11)
                #expect(radio.describe() == "radio at 11")
                OCMVerify(radio.describe())
            }
        }

        @Test func ocmockitoGivenVerifyAndCaptors() throws {
            try expectPass {
                let engine = mock(FakeEngine())
                given(engine.start(speed: anything())).willReturn(true)
                given(try engine.load("a")).willThrow(EngineError.offline).willReturn("A")
                #expect(engine.start(speed: 4))
                #expect(throws: EngineError.offline) { try engine.load("a") }
                let loaded = try engine.load("a")
                #expect(loaded == "A")
                _ = verify(engine).start(speed: 4)
                _ = try verifyCount(engine, times(2)).load(equalTo("a"))
                verifyCount(engine, never()).stop()
                let captor = HCArgumentCaptor()
                _ = try verifyCount(engine, atLeastOnce()).load(captor.capture())
                #expect(captor.allValues.compactMap { $0 as? String } == ["a", "a"])
            }
            expectFailure(
                "Argument(s) are different!\nWanted: FakeEngine.start(speed: 4)\nActual invocation has different arguments:\nFakeEngine.start(speed: 3)\nMismatch in 1st argument. Expected 4, but was 3\nRecorded calls on FakeEngine:\n￫ start(speed: 3)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = mock(FakeEngine())
                _ = engine.start(speed: 3)
                _ = verify(engine).start(speed: 4)
            }
            expectFailure(
                "Wanted at least 2 times but was called 1 time.\nWanted: FakeEngine.start(speed: ANYTHING)\nRecorded calls on FakeEngine:\n￫ start(speed: 3)\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = mock(FakeEngine())
                _ = engine.start(speed: 3)
                _ = verifyCount(engine, atLeast(2)).start(speed: anything())
            }
            expectFailure(
                "Wanted 0 times but was called 1 time.\nWanted: FakeEngine.load(\"a\")\nRecorded calls on FakeEngine:\n￫ load(\"a\")\nStubs on FakeEngine:\n￫ (none)"
            ) {
                let engine = mock(FakeEngine())
                _ = try? engine.load("a")
                _ = try? verifyCount(engine, never()).load("a")
            }
        }
    }
}
