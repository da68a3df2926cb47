import Foundation
import Testing

@testable import KataSpec

// The matchers and spellings KataSpec took from Nimble 13.8.0 so that Nimble's own matcher tests run on it
// (bench/nimble-tests.sh): each message is copied from the Nimble test file the case names
// (`Tests/NimbleTests/Matchers/*.swift`, `Helpers/AsyncHelpers.swift`); the code is written for these tests.

private struct StubError: Error, CustomDebugStringConvertible {
    let debugDescription = "StubError"
}

private enum TestError: Error, Equatable, CustomDebugStringConvertible {
    case foo, bar

    var debugDescription: String { self == .foo ? "TestError.foo" : "TestError.bar" }
}

/// `AsyncHelpers.swift`'s `asyncEqual`: an `AsyncMatcher` written with `define`.
private func asyncEqual<T: Equatable>(_ expected: T) -> AsyncMatcher<T> {
    AsyncMatcher.define { expression in
        let message = ExpectationMessage.expectedActualValueTo("equal \(expected)")
        if let value = try await expression.evaluate() {
            return MatcherResult(bool: value == expected, message: message)
        }
        return MatcherResult(status: .fail, message: message.appendedBeNilHint())
    }
}

/// `AsyncAllPassTest.swift`'s `asyncBeLessThan`: an `AsyncMatcher` written with `simple`.
private func asyncBeLessThan<T: Comparable>(_ expected: T) -> AsyncMatcher<T> {
    AsyncMatcher.simple("be less than <\(stringify(expected))>") { expression in
        guard let actual = try await expression.evaluate() else { return .fail }
        return MatcherStatus(bool: actual < expected)
    }
}

private func asyncValue<T>(_ value: T) async -> T { value }

private var nimbleMatcherTestsCases: [ParityCase] {
    let set = Set([1, 2, 3])  // one value: two equal sets may list their elements in different orders
    return [
        // BeResultTest.swift
        parity("BeResultTest.swift", "expected to be <success(Int)>, got <failure(StubError)>") {
            expect(Result<Int, Error>.failure(StubError())).to(beSuccess())
        },
        parity("BeResultTest.swift", "expected to not be <success(Int)>, got <success(1)>") {
            expect(Result<Int, Error>.success(1)).toNot(beSuccess())
        },
        parity("BeResultTest.swift", "expected to be <success(Int)> that satisfies block, got <success(1)>") {
            expect(Result<Int, Error>.success(1)).to(beSuccess { _ in fail() })
        },
        parity(
            "BeResultTest.swift",
            "expected to be <success(Int)> that satisfies matcher, got <success(1)>\nexpected to equal <2>, got 1"
        ) {
            expect(Result<Int, Error>.success(1)).to(beSuccess(equal(2)))
        },
        parity("BeResultTest.swift", "expected to be <success(Int)> that equals 2, got <success(1)>") {
            expect(Result<Int, Error>.success(1)).to(beSuccess(2))
        },
        parity("BeResultTest.swift", "expected to be <failure(Error)>, got <success(1)>") {
            expect(Result<Int, Error>.success(1)).to(beFailure())
        },
        parity(
            "BeResultTest.swift",
            "expected to be <failure(TestError)> that satisfies block, got <failure(TestError.foo)>"
        ) {
            expect(Result<Int, TestError>.failure(.foo)).to(beFailure { expect($0).to(equal(.bar)) })
        },
        parity(
            "BeResultTest.swift",
            "expected to be <failure(Error)> that satisfies matcher, got <failure(StubError)>\n"
                + "expected to match error <TestError.foo>, got <StubError>"
        ) {
            expect(Result<Int, Error>.failure(StubError())).to(beFailure(matchError(TestError.foo)))
        },

        // MatchErrorTest.swift
        parity("MatchErrorTest.swift", "expected to match error <cry>, got <laugh>") {
            expect(NimbleError.laugh).to(matchError(NimbleError.cry))
        },
        parity("MatchErrorTest.swift", "expected to match error <parameterized(x: 2)>, got <parameterized(x: 1)>") {
            expect(EquatableError.parameterized(x: 1)).to(matchError(EquatableError.parameterized(x: 2)))
        },
        parity("MatchErrorTest.swift", "expected to not match error <laugh>, got <laugh>") {
            expect(NimbleError.laugh).toNot(matchError(NimbleError.laugh))
        },
        parity("MatchErrorTest.swift", "expected to match error from type <EquatableError>, got <laugh>") {
            expect(NimbleError.laugh).to(matchError(EquatableError.self))
        },
        parity("MatchErrorTest.swift", "expected to match error <laugh>, got no error (use beNil() to match nils)") {
            expect(nil as Error?).to(matchError(NimbleError.laugh))
        },

        // ElementsEqualTest.swift
        parity("ElementsEqualTest.swift", "expected to elementsEqual <[1, 2]>, got <nil> (use beNil() to match nils)") {
            expect(nil as [Int]?).to(elementsEqual([1, 2]))
        },
        parity("ElementsEqualTest.swift", "expected to elementsEqual <nil>, got <[1, 2]> (use beNil() to match nils)") {
            expect([1, 2]).to(elementsEqual(nil as [Int]?, by: { $0 == $1 }))
        },

        // ContainElementSatisfyingTest.swift
        parity("ContainElementSatisfyingTest.swift", "expected to find object in collection that satisfies matcher") {
            expect([1, 2, 3]).to(containElementSatisfying { $0 == 4 })
        },
        parity("ContainElementSatisfyingTest.swift", "expected to find object in collection equal to 4") {
            expect([1, 2, 3]).to(containElementSatisfying({ $0 == 4 }, "equal to 4"))
        },
        parity("ContainElementSatisfyingTest.swift", "expected to not find object in collection equal to 'kittens'") {
            expect(["puppies", "kittens", "turtles"]).toNot(
                containElementSatisfying({ $0 == "kittens" }, "equal to 'kittens'"))
        },

        // BeVoidTest.swift, ToSucceedTest.swift
        parity("BeVoidTest.swift", "expected to not be void, got <()>") { expect(()).toNot(beVoid()) },
        parity("BeVoidTest.swift", "expected to be void, got <nil>") { expect(nil as ()?).to(beVoid()) },
        parity("ToSucceedTest.swift", "expected to succeed, got <failed> because <something went wrong>") {
            expect { ToSucceedResult.failed(reason: "something went wrong") }.to(succeed())
        },
        parity("ToSucceedTest.swift", "expected to not succeed, got <succeeded>") {
            expect { ToSucceedResult.succeeded }.toNot(succeed())
        },
        parity("ToSucceedTest.swift", "expected a ToSucceedResult, got <nil> (use beNil() to match nils)") {
            expect(nil as ToSucceedResult?).to(succeed())
        },

        // BeEmptyTest.swift, BeginWithTest.swift, BeCloseToTest.swift: Foundation's classes as subjects, printed on
        // one line as Nimble prints them.
        parity("BeEmptyTest.swift", "expected to be empty, got <(1)>") { expect([1] as NSArray).to(beEmpty()) },
        parity("BeEmptyTest.swift", "expected to be empty, got <{1 = 1;}>") {
            expect([1: 1] as NSDictionary).to(beEmpty())
        },
        parity("BeEmptyTest.swift", "expected to be empty, got <{(1)}>") {
            expect(NSSet(object: 1 as NSNumber)).to(beEmpty())
        },
        parity("BeEmptyTest.swift", "expected to be empty, got <(1)>") { expect(NSIndexSet(index: 1)).to(beEmpty()) },
        parity("BeEmptyTest.swift", "expected to not be empty, got <>") { expect("" as NSString).toNot(beEmpty()) },
        parity("BeEmptyTest.swift", "expected to be empty, got <nil> (use beNil() to match nils)") {
            expect(nil as NSString?).to(beEmpty())
        },
        parity(
            "HaveCount.swift (Nimble's source)", "expected to have NSArray with count 1, got 2. Actual Value: (1, 2)"
        ) {
            expect([1, 2] as NSArray).to(haveCount(1))
        },
        parity("BeginWithTest.swift", "expected to begin with <b>, got <nil> (use beNil() to match nils)") {
            expect(nil as NSArray?).to(beginWith("b" as NSString))
        },
        parity("BeCloseToTest.swift", "expected to not be close to <1.2001> (within 1.1), got <1.2>") {
            expect(1.2 as NSNumber).toNot(beCloseTo(1.2001, within: 1.1))
        },
        parity(
            "BeCloseToTest.swift",
            "expected to not be close to <2015-08-26 11:43:00.0050> (within 0.006), got <2015-08-26 11:43:00.0000>"
        ) {
            let date = NSDate(
                timeIntervalSinceReferenceDate: parityDate("2015-08-26 11:43:00").timeIntervalSinceReferenceDate)
            expect(date).toNot(beCloseTo(date.addingTimeInterval(0.005) as NSDate, within: 0.006))
        },

        // HaveCountTest.swift: the test builds its message with the public `stringify`, which prints a set as Nimble's does.
        parity("HaveCountTest.swift", "expected to have Set<Int> with count 1, got 3\nActual Value: \(stringify(set))")
        {
            expect(set).to(haveCount(1))
        },
    ]
}

extension KataSpecTests {
    /// The matchers Nimble's own tests need, with Nimble's messages.
    @Suite struct NimbleMatcherTestsParityTests {
        @Test func messagesReadAsInNimblesTests() {
            let cases = nimbleMatcherTestsCases
            let misses = mismatches(cases)
            print(paritySummary("Nimble's matcher tests", cases, misses))
            #expect(misses == [])
        }

        @Test func resultErrorAndSequenceMatchersPass() {
            expectPass {
                expect(Result<Int, Error>.success(1)).to(beSuccess { expect($0).to(equal(1)) })
                expect(Result<Int, Error>.success(1)).to(beSuccess(1))
                expect(Result<Int, Error>.success(2)).toNot(beSuccess(equal(1)))
                expect(Result<Int, Error>.failure(StubError())).to(beFailure(matchError(StubError.self)))
                expect(NimbleError.laugh as Error).to(matchError(NimbleError.laugh))
                expect([1, 2, 3]).to(elementsEqual(1...3))
                expect([1, 2, 3]).toNot(elementsEqual([1, 2]))
                expect([3, 1, 2]).to(containElementSatisfying { $0 == 2 })
                expect(()).to(beVoid())
                expect(()) == ()
                expect { ToSucceedResult.succeeded }.to(succeed())
            }
        }

        /// Foundation's classes keep their expectations: NSArray's ends, NSString's substrings, NSNumber's closeness.
        @Test func foundationSubjectsPass() {
            expectPass {
                expect(["a", "b"] as NSArray).to(beginWith("a"))
                expect(["a", "b"] as NSArray).to(endWith("b"))
                expect([] as NSArray).toNot(endWith("a"))
                expect(NSDictionary()).to(beEmpty())
                expect("foo" as NSString).to(contain("oo" as NSString))
                expect("foo" as NSString).toNot(contain("z" as NSString))
                expect([0] as [NSNumber]).to(allPass(beCloseTo(0)))
                expect(1.2 as NSNumber).to(beCloseTo(9.3 as NSNumber, within: 10))
            }
        }

        /// `MapTest.swift`: `map` hands the matcher the transformed value; `compactMap` fails both ways without one.
        @Test func mapAndCompactMap() {
            struct Car {
                let wheels: Int
                let name: String?
            }
            expectPass {
                expect(Car(wheels: 4, name: "mini")).to(
                    satisfyAllOf(map(\.wheels, equal(4)), map(\.name, equal("mini"))))
                expect("1").to(map({ Int($0) }, equal(1)))
                expect("1").to(compactMap({ Int($0) }, equal(1)))
            }
            expectFailure("expected to equal <3>, got <4>") {
                expect(Car(wheels: 4, name: nil)).to(map(\.wheels, equal(3)))
            }
            let records = gatherExpectations(silently: true) {
                expect("not a number").to(compactMap({ Int($0) }, equal(1)))
                expect("not a number").toNot(compactMap({ Int($0) }, equal(1)))
            }
            #expect(records.map(\.success) == [false, false])
            #expect(records.first?.message.stringValue == "expected to Map from String to Int")
        }

        /// `gatherExpectations` sees passes and failures in order; without `silently` the failures still count.
        @Test func gatherExpectationsRecordsEveryOutcome() {
            let outer = failures {
                let records = gatherExpectations {
                    expect(1).to(equal(1))
                    expect(1).to(equal(2))
                }
                #expect(records.map(\.success) == [true, false])
                #expect(records.last?.message.stringValue == "expected to equal <2>, got <1>")
                #expect(gatherFailingExpectations(silently: true) { expect(1).to(equal(3)) }.count == 1)
            }
            #expect(outer == ["expected to equal <2>, got <1>"])
        }

        /// Outside a spec run every outcome goes to `NimbleAssertionHandler`, as in Nimble (so XCTest can fail a test).
        @Test func assertionsOutsideARunGoToTheHandler() {
            final class Recorder: AssertionHandler {
                var outcomes: [String] = []
                func assert(_ assertion: Bool, message: FailureMessage, location: KataSpec.SourceLocation) {
                    outcomes.append(assertion ? "passed" : message.stringValue)
                }
            }
            let recorder = Recorder()
            let saved = NimbleAssertionHandler
            NimbleAssertionHandler = recorder
            defer { NimbleAssertionHandler = saved }
            expect(1).to(equal(1))
            expect("a").to(equal("b"))
            #expect(recorder.outcomes == ["passed", "expected to equal <b>, got <a>"])
        }

        /// Code that spells Nimble's module (`Nimble.Matcher<T>`) compiles; `stringify` prints as Nimble's does.
        @Test func nimblesNamesAndStringify() {
            let expectation: SyncExpectation<Int> = expect(1)
            expectPass { expectation.to(equal(1)) }
            let matcher: Nimble.Matcher<Int> = alwaysFail()
            expectFailure("This matcher should always fail") { expect(1).toNot(matcher) }
            #expect(stringify(Set([7])) == "Set([7])")
            #expect(stringify([1, 2]) == "[1, 2]")
            #expect(stringify("text") == "text")
            #expect(stringify(nil as Int?) == "nil")
        }

        /// `PostNotificationTest.swift`: the matcher listens from when it is made, evaluates the subject once, so
        /// `toEventually` sees a notification posted later on the main queue; one posted on another thread is
        /// described there.
        @Test func postNotificationsListensBetweenPolls() {
            let center = NotificationCenter()
            let name = Notification.Name("Foo")
            expectPass {
                expect {
                    DispatchQueue.main.async { center.post(name: name, object: nil) }
                }.toEventually(postNotifications(contain([Notification(name: name)]), from: center))
            }
            let postedOn = Shared<[Bool]>([])
            final class ThreadWitness: CustomDebugStringConvertible, @unchecked Sendable {
                let postedOn: Shared<[Bool]>
                init(_ postedOn: Shared<[Bool]>) { self.postedOn = postedOn }
                var debugDescription: String {
                    postedOn.value.append(Thread.isMainThread)
                    return "ThreadWitness"
                }
            }
            let witness = ThreadWitness(postedOn)
            expectPass {
                expect {
                    OperationQueue().addOperations(
                        [BlockOperation { center.post(name: Notification.Name("Bar"), object: witness) }],
                        waitUntilFinished: true)
                    center.post(name: name, object: nil)
                }.to(postNotifications(contain([Notification(name: name)]), from: center))
            }
            #expect(postedOn.value == [false], "described once, on the thread that posted it")
        }

        /// `AsyncHelpers.swift`, `AsyncPredicateTest.swift`, `AsyncAllPassTest.swift`, `SatisfyAllOfTest.swift`,
        /// `NegationTest.swift`: async matchers, async subjects and their messages.
        @Test func asyncMatchersAndSubjects() async {
            let failed = await gatherFailingExpectations(silently: true) {
                await expect(2).to(asyncEqual(1))
                await expecta(await asyncValue(2)).to(asyncEqual(1))
                await expect([1, 2, 3, 4]).to(allPass(asyncBeLessThan(3)))
                await expect([1, 2, 3, 4]).to(allPass("be something") { value in await asyncValue(value < 3) })
                await expect(2).to(asyncEqual(2) && beGreaterThan(5))
                let asyncNil: () async -> Int? = { nil }
                await expect(asyncNil).toNot(beNil())
                await expect([1, 2, 3]).to(containElementSatisfying({ await asyncValue($0 == 4) }, "equal to 4"))
            }
            #expect(
                failed.map(\.message.stringValue) == [
                    "expected to equal 1, got <2>",
                    "expected to equal 1, got <2>",
                    "expected to all be less than <3>, but failed first at element <3> in <[1, 2, 3, 4]>",
                    "expected to all be something, but failed first at element <3> in <[1, 2, 3, 4]>",
                    "expected to match all of: {equal 2}, and {be greater than <5>}, got 2",
                    "expected to not be nil, got <nil>",
                    "expected to find object in collection equal to 4",
                ])
            let passed = await gatherExpectations(silently: true) {
                await expect(1).to(asyncEqual(1))
                await expects(1).toEventually(asyncEqual(1))
                await expect { await asyncValue(3) }.to(equal(3))
                await expect { await asyncValue("1") }.to(compactMap({ Int($0) }, asyncEqual(1)))
                await expect([1, 2]).to(allPass { value in await asyncValue(value < 3) })
                await expect(1).toNever(asyncEqual(0), until: .milliseconds(30))
            }
            #expect(passed.map(\.success) == Array(repeating: true, count: 6))
        }
    }
}
