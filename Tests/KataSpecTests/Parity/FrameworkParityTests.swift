import Foundation
import Testing

@testable import KataSpec

// Failure messages of Kiwi, Expecta, OCMock, OCMockito and Spry, copied as facts from the file that states
// them: a framework's own test where it has one (the exact string), otherwise the format string of the
// matcher or mock class (`stringWithFormat:` with Swift values filled in: Objective-C's class names such as
// `NSString` become the Swift type, `String`). KataSpec prints the framework's text on the first line and
// may add its own help on the lines below; `parityFirstLine` cases compare the first line only.

private struct Team {
    var players: [String]
}

private struct Car {
    var engine = Engine()
    struct Engine { var power = 250 }
}

private class Vehicle {}
private final class Bus: Vehicle {}
private protocol Drivable {}

private enum ParseError: Error, Equatable { case empty }

/// Kiwi 3 (`kiwi-bdd/Kiwi`): `Classes/Matchers/KW*Matcher.m`, `Tests/KWEqualMatcherTest.m`, `Classes/Core/KWExample.m`.
private var kiwiCases: [ParityCase] {
    [
        parity("KWHaveMatcher.m", "expected subject to have 11 players, got 10 items") {
            theValue(Team(players: Array(repeating: "p", count: 10))).should.have(11, \.players)
        },
        parity("KWHaveMatcher.m", "expected subject not to have 10 players") {
            theValue(Team(players: Array(repeating: "p", count: 10))).shouldNot.have(10, \.players)
        },
        parity("KWHaveMatcher.m", "expected subject to have 3 items, got 1 item") {
            theValue([1]).should.haveCountOf(3)
        },
        parity(
            "KWEqualMatcherTest.m (Swift type for NSString)",
            "expected subject to equal (String) \"foos\", got (String) \"foo\""
        ) {
            theValue("foo").should.equal("foos")
        },
        parity("KWEqualMatcher.m", "expected subject not to equal (Int) 3") { theValue(3).shouldNot.equal(3) },
        parity("KWBeEmptyMatcher.m", "expected subject to be empty, got 2 items") {
            theValue([1, 2]).should.beEmpty()
        },
        parity("KWBeEmptyMatcher.m", "expected subject not to be empty") { theValue([Int]()).shouldNot.beEmpty() },
        parity("KWBeTrueMatcher.m", "expected subject to be true") { theValue(false).should.beTrue() },
        parity("KWMatcher.m (failureMessageForShouldNot)", "expected subject not to be true") {
            theValue(true).shouldNot.beYes()
        },
        parity("KWBeZeroMatcher.m", "expected subject to be zero, got 3") { theValue(3).should.beZero() },
        parity("KWBeZeroMatcher.m", "expected subject not to be zero") { theValue(0).shouldNot.beZero() },
        parity("KWInequalityMatcher.m", "expected subject to be < 3, got 5") { theValue(5).should.beLessThan(3) },
        parity("KWInequalityMatcher.m", "expected subject to be >= 9, got 5") {
            theValue(5).should.beGreaterThanOrEqualTo(9)
        },
        parity("KWBeBetweenMatcher.m", "expected subject to be in the interval [1, 5], got 7") {
            theValue(7).should.beBetween(1, and: 5)
        },
        parity("KWBeWithinMatcher.m", "expected subject to be within 0.01 of 3.14, got 3.2") {
            theValue(3.2).should.beWithin(0.01, of: 3.14)
        },
        parity("KWContainMatcher.m", "expected subject to contain 4") { theValue([1, 2]).should.contain(4) },
        parity("KWContainMatcher.m", "expected subject to contain all of (1, 5)") {
            theValue([1, 2]).should.containObjectsInArray([1, 5])
        },
        parity("KWContainStringMatcher.m", "\"a bus\" did not contain string \"car\"") {
            theValue("a bus").should.containString("car")
        },
        parity("KWContainStringMatcher.m", "expected subject not to contain string \"bus\"") {
            theValue("a bus").shouldNot.containString("bus")
        },
        parity("KWRegularExpressionPatternMatcher.m", "\"abc\" did not match pattern \"^x\"") {
            theValue("abc").should.matchPattern("^x")
        },
        parity("KWRegularExpressionPatternMatcher.m", "expected subject not to match pattern \"^a\"") {
            theValue("abc").shouldNot.matchPattern("^a")
        },
        parity("KWBeKindOfClassMatcher.m", "expected subject to be kind of Bus, got Vehicle") {
            theValue(Vehicle()).should.beKindOfClass(Bus.self)
        },
        parity("KWBeMemberOfClassMatcher.m", "expected subject to be member of Vehicle, got Bus") {
            theValue(Bus() as Vehicle).should.beMemberOfClass(Vehicle.self)
        },
        parity("KWConformToProtocolMatcher.m", "expected subject to conform to Drivable protocol") {
            theValue(Vehicle()).should.conformToProtocol(Drivable.self)
        },
        parity("KWBlockRaiseMatcher.m", "expected exception, but nothing raised") { theBlock {}.should.raise() },
        parity("KWBlockRaiseMatcher.m", "expected empty not to be raised") {
            theBlock { throw ParseError.empty }.shouldNot.raise()
        },
        {
            var count = 0
            return parity("KWChangeMatcher.m", "expected subject to change the count to 2, got 1") {
                theBlock { count += 1 }.should.change({ count }, by: 2)
            }
        }(),
        parity("KWChangeMatcher.m", "expected subject to change the count") {
            theBlock {}.should.change({ 0 })
        },
        parity(
            "KWHaveValueMatcher.m",
            "expected subject to have value 300 for key \"engine.power\", but it had value 250 instead"
        ) {
            theValue(Car()).should.haveValue(300, forKeyPath: \.engine.power)
        },
        parity("KWBeNilMatcher.m", "expected subject to be nil, got 3") { theValue(3).should.beNil() },
        parity("KWBeNonNilMatcher.m", "expected subject to be non-nil, got (null)") {
            theValue(nil as Int?).should.beNonNil()
        },
        parity("KWExample.m (nil subject)", "expected subject not to be nil") { theValue(nil as Int?).should.equal(3) },
        parityFirstLine(
            "KWReceiveMatcher.m", "expected subject to receive -start(speed: 3) exactly 2 times, but received it 1 time"
        ) {
            let engine = KWMock.nullMock(for: FakeEngine())
            engine.should.receive(.start, withCount: 2, withArguments: 3)
            _ = engine.start(speed: 3)
            for check in World.shared.takeDeferredChecks() { check() }
        },
        parityFirstLine("KWReceiveMatcher.m", "expected subject not to receive -stop(), but received it 1 time") {
            let engine = KWMock.nullMock(for: FakeEngine())
            engine.shouldNot.receive(.stop)
            engine.stop()
            for check in World.shared.takeDeferredChecks() { check() }
        },
    ]
}

/// Expecta 1 (`specta/expecta`): `Tests/Matchers/EXPMatchers+*Test.m` and `src/matchers/EXPMatchers+*.m`.
private var expectaCases: [ParityCase] {
    [
        parity("EXPMatchers+equalTest.m", "expected: bar, got: foo") { expect("foo").to.equal("bar") },
        parity("EXPMatchers+equalTest.m", "expected: not foo, got: foo") { expect("foo").toNot.equal("foo") },
        parity("EXPMatchers+equalTest.m", "expected: nil/null, got: foo") { expect("foo" as String?).to.equal(nil) },
        parity("EXPMatchers+equalTest.m", "expected: not nil/null, got: nil/null") {
            expect(nil as String?).toNot.equal(nil)
        },
        parity("EXPMatchers+equalTest.m", "expected: 1, got: 0") { expect(false).to.equal(true) },
        parity("EXPMatchers+equalTest.m", "expected: 0.2, got: 0.1") { expect(0.1).to.equal(0.2) },
        parity("EXPMatchers+equalTest.m", "expected: not 0, got: 0") { expect(0).toNot.equal(0) },
        parity("EXPMatchers+beNil.m", "expected: nil/null, got: 3") { expect(3).to.beNil() },
        parity("EXPMatchers+beNil.m", "expected: not nil/null, got: nil/null") { expect(nil as Int?).notTo.beNil() },
        parity("EXPMatchers+beTruthy.m", "expected: a truthy value, got: 0, which is falsy") {
            expect(false).to.beTruthy()
        },
        parity("EXPMatchers+beTruthy.m", "expected: a non-truthy value, got: 1, which is truthy") {
            expect(true).toNot.beTruthy()
        },
        parity("EXPMatchers+beFalsy.m", "expected: a falsy value, got: 1, which is truthy") {
            expect(true).to.beFalsy()
        },
        parity("EXPMatchers+matchTest.m", "expected: Test string123 to match to test") {
            expect("Test string123").to.match("test")
        },
        parity("EXPMatchers+matchTest.m", "expected: Test string123 not to match to [a-zA-Z]{4}.string[1-3]{3}") {
            expect("Test string123").toNot.match("[a-zA-Z]{4}.string[1-3]{3}")
        },
        parity(
            "EXPMatchers+raiseTest.m (an error type for the exception name)", "expected: ParseError, got: no exception"
        ) {
            expect {}.to.raise(ParseError.self)
        },
        parity("EXPMatchers+raiseTest.m", "expected: no exception, got: ParseError") {
            expect { throw ParseError.empty }.notTo.raiseAny()
        },
        parity("EXPMatchers+raiseTest.m", "expected: not ParseError, got: ParseError") {
            expect { throw ParseError.empty }.notTo.raise(ParseError.self)
        },
        parity("EXPMatchers+raise.m", "expected: any exception, got: no exception") { expect {}.to.raiseAny() },
        parity(
            "EXPMatchers+beKindOf.m", "expected: a kind of Bus, got: an instance of Vehicle, which is not a kind of Bus"
        ) {
            expect(Vehicle()).to.beKindOf(Bus.self)
        },
        parity("EXPMatchers+beKindOf.m", "the actual value is nil/null") {
            expect(nil as Vehicle?).to.beKindOf(Bus.self)
        },
        parity("EXPMatchers+beInstanceOf.m", "expected: an instance of Vehicle, got: an instance of Bus") {
            expect(Bus() as Vehicle).to.beInstanceOf(Vehicle.self)
        },
        parity(
            "EXPMatchers+beSubclassOf.m",
            "expected: a subclass of Bus, got: a class Vehicle, which is not a subclass of Bus"
        ) {
            expect(Vehicle.self).to.beSubclassOf(Bus.self)
        },
        parity("EXPMatchers+haveCountOfTest.m", "expected (foo, bar, baz) to have a count of 2 but got 3") {
            expect(["foo", "bar", "baz"]).to.haveCountOf(2)
        },
        parity("EXPMatchers+haveCountOfTest.m", "expected foobar to have a count of 3 but got 6") {
            expect("foobar").to.haveCountOf(3)
        },
        parity("EXPMatchers+haveCountOfTest.m", "expected {(foo)} to have a count of 3 but got 1") {
            expect(Set(["foo"])).to.haveCountOf(3)
        },
        parity("EXPMatchers+containTest.m", "expected (foo, bar, baz) to contain qux") {
            expect(["foo", "bar", "baz"]).to.contain("qux")
        },
        parity("EXPMatchers+containTest.m", "expected foo|bar,baz to contain qux") {
            expect("foo|bar,baz").to.contain("qux")
        },
        parity("EXPMatchers+contain.m", "expected (1, 2) not to contain 2") { expect([1, 2]).toNot.contain(2) },
        parity("EXPMatchers+beSupersetOf.m", "expected (1) to be a superset of (2)") {
            expect([1]).to.beSupersetOf([2])
        },
        parity("ExpectaSupport.m (EXPDescribeObject)", "expected: {bar = foo;}, got: {bar = qux;}") {
            expect(["bar": "qux"]).to.equal(["bar": "foo"])
        },
        parity("EXPMatchers+beLessThan.m", "expected: 5 to be less than 3") { expect(5).to.beLessThan(3) },
        parity("EXPMatchers+beGreaterThanOrEqualTo.m", "expected: 1 to be greater than or equal to 2") {
            expect(1).to.beGreaterThanOrEqualTo(2)
        },
        parity("EXPMatchers+beInTheRangeOf.m", "expected: 7 to be in the range [1, 5] (inclusive)") {
            expect(7).to.beInTheRangeOf(1, 5)
        },
        parity("EXPMatchers+beCloseTo.m", "expected 2.0 to be close to 1.0 within 0.1") {
            expect(2.0).to.beCloseToWithin(1.0, 0.1)
        },
        parity("EXPMatchers+beginWith.m", "expected: Kiwi to begin with Spec") { expect("Kiwi").to.beginWith("Spec") },
        parity("EXPMatchers+endWith.m", "expected: Kiwi not to end with wi") { expect("Kiwi").toNot.endWith("wi") },
        parity("EXPMatchers+notify.m", "expected: CarDidStart, got: none") {
            expect {}.to.notify(Notification.Name("CarDidStart"))
        },
        {
            let object = Vehicle()
            let other = Vehicle()
            return parity("EXPMatchers+beIdenticalTo.m", "expected: \(address(other)), got: \(address(object))") {
                expect(object).to.beIdenticalTo(other)
            }
        }(),
    ]
}

/// OCMock 3 (`erikdoe/ocmock`): `Source/OCMock/OCMockObject.m`, `OCMInvocationExpectation.m`, `OCMQuantifier.m`; a
/// mock's `description` names its class (`OCClassMockObject.m`, `OCProtocolMockObject.m`, `OCPartialMockObject.m`,
/// asserted in `Source/OCMockTests/OCMockObjectTests.m`, `OCMockObjectProtocolMocksTests.m`,
/// `OCMockObjectPartialMocksTests.m`).
private var ocmockCases: [ParityCase] {
    [
        parityFirstLine(
            "OCMockObject.m", "OCClassMockObject(FakeEngine): expected method was not invoked: start(speed: 2)"
        ) {
            let engine = OCMClassMock(FakeEngine())
            OCMExpect(engine.start(speed: 2))
            OCMVerifyAll(engine)
        },
        parityFirstLine(
            "OCMockObject.m",
            "OCClassMockObject(FakeEngine): Method `start(speed: 1)` was invoked once; but was expected exactly 2 times."
        ) {
            let engine = OCMClassMock(FakeEngine())
            _ = engine.start(speed: 1)
            OCMVerify(times(2), engine.start(speed: 1))
        },
        parityFirstLine(
            "OCMockObject.m",
            "OCClassMockObject(FakeEngine): Method `stop()` was not invoked; but was expected at least once."
        ) {
            let engine = OCMClassMock(FakeEngine())
            OCMVerify(engine.stop())
        },
        parityFirstLine(
            "OCMockObject.m",
            "OCClassMockObject(FakeEngine): Method `stop()` was invoked 2 times; but was expected never."
        ) {
            let engine = OCMClassMock(FakeEngine())
            engine.stop()
            engine.stop()
            OCMVerify(never(), engine.stop())
        },
        parityFirstLine("OCMockObject.m", "OCClassMockObject(FakeEngine): unexpected method invoked: stop()") {
            let engine = OCMStrictClassMock(FakeEngine())
            engine.stop()
        },
        parityFirstLine(
            "OCMockObjectProtocolMocksTests.m", "OCProtocolMockObject(FakeEngine): unexpected method invoked: stop()"
        ) {
            let engine = OCMStrictProtocolMock(FakeEngine())
            engine.stop()
        },
        parityFirstLine(
            "OCMockObjectPartialMocksTests.m",
            "OCPartialMockObject(PartialRadio): Method `volume()` was not invoked; but was expected at least once."
        ) {
            let radio = OCMPartialMock(PartialRadio())
            OCMVerify(radio.volume())
        },
        parityFirstLine("OCMInvocationExpectation.m", "stop(): explicitly disallowed method invoked: stop()") {
            let engine = OCMClassMock(FakeEngine())
            OCMReject(engine.stop())
            engine.stop()
        },
    ]
}

/// OCMockito 7 (`jonreid/OCMockito`): `Source/OCMockito/Verifying/MKT*Checker.m`.
private var ocmockitoCases: [ParityCase] {
    [
        parityFirstLine("MKTMissingInvocationChecker.m", "Wanted but not invoked:") {
            let engine = mock(FakeEngine())
            verify(engine).stop()
        },
        parity(
            "MKTMissingInvocationChecker.m",
            "Wanted but not invoked:\nFakeEngine.stop()\nActually, there were zero interactions with this mock.\nRecorded calls on FakeEngine:\n￫ (none)\nStubs on FakeEngine:\n￫ (none)"
        ) {
            let engine = mock(FakeEngine())
            verify(engine).stop()
        },
        parityFirstLine("MKTMissingInvocationChecker.m", "Argument(s) are different!") {
            let engine = mock(FakeEngine())
            _ = engine.start(speed: 3)
            _ = verify(engine).start(speed: 4)
        },
        parityFirstLine("MKTInvocationsChecker.m", "Wanted 2 times but was called 1 time.") {
            let engine = mock(FakeEngine())
            engine.stop()
            verifyCount(engine, times(2)).stop()
        },
        parityFirstLine("MKTAtLeastNumberOfInvocationsChecker.m", "Wanted at least 3 times but was called 1 time.") {
            let engine = mock(FakeEngine())
            engine.stop()
            verifyCount(engine, atLeast(3)).stop()
        },
        parityFirstLine("MKTAtMostNumberOfInvocationsChecker.m", "Wanted at most 1 time but was called 2 times.") {
            let engine = mock(FakeEngine())
            engine.stop()
            engine.stop()
            verifyCount(engine, atMost(1)).stop()
        },
    ]
}

/// Spry 4 (`Rivukis/Spry`): `Example/SpryExampleTests/HaveReceivedMatcherSpec.swift`, `Source/Constant.swift`.
private var spryCases: [ParityCase] {
    [
        parity("HaveReceivedMatcherSpec.swift", "expected to receive function, got <nil> (use beNil() to match nils)") {
            expect(nil as FakeEngine?).to(haveReceived(.stop))
        },
        parityFirstLine("HaveReceivedMatcherSpec.swift", "expected to receive <start(speed:)> on <FakeEngine>, got <>")
        {
            expect(FakeEngine()).to(haveReceived(.start))
        },
        parityFirstLine(
            "HaveReceivedMatcherSpec.swift",
            "expected to receive <start(speed:)> on <FakeEngine> exactly 5 times, got <>"
        ) {
            expect(FakeEngine()).to(haveReceived(.start, countSpecifier: .exactly(5)))
        },
        parityFirstLine("HaveReceivedMatcherSpec.swift", "expected to receive <start(speed:)> on <FakeEngine>, got <>")
        {
            expect(FakeEngine()).to(haveReceived(.start, countSpecifier: .atLeast(1)))
        },
        parityFirstLine(
            "HaveReceivedMatcherSpec.swift",
            "expected to receive <load(_:)> on <FakeEngine> at most 2 times, got <load(_:)> with <1>; <load(_:)> with <2>; <load(_:)> with <3>"
        ) {
            let engine = FakeEngine()
            for name in ["1", "2", "3"] { _ = try? engine.load(name) }
            expect(engine).to(haveReceived(.load, countSpecifier: .atMost(2)))
        },
        parityFirstLine(
            "HaveReceivedMatcherSpec.swift", "expected to receive <start(speed:)> on <FakeEngine> with <1>, <2>, got <>"
        ) {
            expect(FakeEngine()).to(haveReceived(.start, with: 1, 2))
        },
        parityFirstLine(
            "HaveReceivedMatcherSpec.swift",
            "expected to receive <make(named:)> on <FakeEngine> with <specified argument> exactly 5 times, got <>"
        ) {
            expect(FakeEngine.self).to(haveReceived(.make, with: "specified argument", countSpecifier: .exactly(5)))
        },
        parityFirstLine("HaveRecordedCallsMatcher.swift", "expected to have recorded calls, got 0 calls") {
            expect(FakeEngine()).to(haveRecordedCalls())
        },
        parity(
            "Constant.swift (noFunctionFound)",
            "--- FATAL ERROR: Unable to find function ---\n￫ Type: MislabelledEngine\n￫ Function signature: start(speed:)\n￫ Error occured on: FrameworkParityTests.swift:\(MislabelledEngine.startLine)\n￫ Possible Fix: ↴\n￫ case start = \"start(speed:)\""
        ) {
            _ = MislabelledEngine().start(speed: 3)
        },
    ]
}

/// A fake whose `Function` case was written with the wrong argument label.
private final class MislabelledEngine: Spryable {
    enum Function: String, StringRepresentable {
        case start = "start(at:)"
    }
    static let startLine = #line + 1
    func start(speed: Int) -> Bool { spryify(arguments: speed) }
}

extension KataSpecTests {
    /// KataSpec's messages against the ones Kiwi, Expecta, OCMock, OCMockito and Spry print.
    @Suite struct FrameworkParityTests {
        @Test func kiwi() { check("Kiwi", kiwiCases) }
        @Test func expecta() { check("Expecta", expectaCases) }
        @Test func ocmock() { check("OCMock", ocmockCases) }
        @Test func ocmockito() { check("OCMockito", ocmockitoCases) }
        @Test func spry() { check("Spry", spryCases) }

        private func check(
            _ framework: String, _ cases: [ParityCase], sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let misses = mismatches(cases)
            print(paritySummary(framework, cases, misses))
            #expect(misses == [], sourceLocation: sourceLocation)
        }
    }
}
