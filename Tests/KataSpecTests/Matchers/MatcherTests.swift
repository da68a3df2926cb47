import Foundation
import Testing

@testable import KataSpec

private enum ParseError: Error, Equatable { case empty, tooLong }
private class Vehicle {}
private final class Truck: Vehicle {}
private struct Garage { var cars: [String] }
private struct Parking { var vehicle: Vehicle? }
private final class TypeNamesSpec: Spec {}

extension KataSpecTests {
    /// Every matcher passes and fails, with Nimble's exact wording.
    @Suite struct MatcherTests {
        @Test func equality() {
            expectPass { expect(1).to(equal(1)) }
            expectFailure("expected to equal <2>, got <1>") { expect(1).to(equal(2)) }
            expectFailure("expected to not equal <1>, got <1>") { expect(1).toNot(equal(1)) }
            expectFailure("expected to equal <2>, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).to(equal(2))
            }
            expectFailure("expected to not equal <2>, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).toNot(equal(2))
            }
            expectFailure("expected to equal <nil>, got <2> (use beNil() to match nils)") {
                expect(2 as Int?).to(equal(nil))
            }
            expectFailure("expected to equal <nil>, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).to(equal(nil))
            }
            expectPass { expect(nil as Int?) == nil }
            expectFailure("expected to equal <[1, 2]>, got <[2, 1]>") { expect([2, 1]).to(equal([1, 2])) }
            expectFailure("expected to equal (ignoring case) <CAR>, got <bus>") {
                expect("bus").to(equal("CAR", ignoringCase: true))
            }
            expectPass { expect("car").to(equal("CAR", ignoringCase: true)) }
        }

        @Test func nilIdentityAndTruth() {
            let vehicle = Vehicle()
            expectPass { expect(nil as Int?).to(beNil()) }
            expectFailure("expected to be nil, got <3>") { expect(3).to(beNil()) }
            expectPass { expect(vehicle).to(beIdenticalTo(vehicle)) }
            #expect(
                failures { expect(vehicle).to(be(Vehicle())) }.first?.hasPrefix("expected to be identical to") == true)
            expectPass { expect(true).to(beTrue()) }
            expectFailure("expected to be true, got <false>") { expect(false).to(beTrue()) }
            expectFailure("expected to be false, got <true>") { expect(true).to(beFalse()) }
            expectFailure("expected to be truthy, got <nil>") { expect(nil as Bool?).to(beTruthy()) }
            expectPass { expect(nil as Bool?).to(beFalsy()) }
            expectPass { expect(0).to(beZero()) }
            expectFailure("expected to be zero, got <4>") { expect(4).to(beZero()) }
        }

        @Test func ordering() {
            expectPass { expect(1).to(beLessThan(2)) }
            expectFailure("expected to be less than <1>, got <2>") { expect(2).to(beLessThan(1)) }
            expectFailure("expected to be less than or equal to <1>, got <2>") { expect(2).to(beLessThanOrEqualTo(1)) }
            expectFailure("expected to be greater than <2>, got <1>") { expect(1).to(beGreaterThan(2)) }
            expectFailure("expected to be greater than or equal to <2>, got <1>") {
                expect(1).to(beGreaterThanOrEqualTo(2))
            }
            expectPass { expect(5).to(beWithin(1...5)) }
            expectFailure("expected to be within range <(1...5)>, got <6>") { expect(6).to(beWithin(1...5)) }
            expectFailure("expected to be within range <(1..<5)>, got <5>") { expect(5).to(beWithin(1..<5)) }
            expectPass { expect(3.14159).to(beCloseTo(3.1416, within: 0.001)) }
            expectFailure("expected to be close to <3.0> (within 0.1), got <3.2>") {
                expect(3.2).to(beCloseTo(3.0, within: 0.1))
            }
            expectFailure("expected to be greater than <2>, got <1>") { expect(1) > 2 }
            expectFailure("expected to be less than or equal to <1>, got <2>") { expect(2) <= 1 }
            expectFailure("expected to be close to <1.1> (within 0.1), got <1.3>") { expect(1.3) ≈ 1.1 ± 0.1 }
        }

        @Test func types() {
            let truck: Vehicle = Truck()
            expectPass { expect(truck).to(beAKindOf(Vehicle.self)) }
            expectPass { expect(truck).to(beAnInstanceOf(Truck.self)) }
            expectFailure("expected to be an instance of Vehicle, got <Truck instance>") {
                expect(truck).to(beAnInstanceOf(Vehicle.self))
            }
            expectFailure("expected to be a kind of String, got <Int instance>") {
                expect(3 as Any).to(beAKindOf(String.self))
            }
            expectPass { expect(Truck.self as Any.Type).to(beSubclassOf(Vehicle.self)) }
            expectFailure("expected to be a kind of Equatable, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).to(beAKindOf((any Equatable).self))
            }
        }

        @Test func collections() {
            expectPass { expect([Int]()).to(beEmpty()) }
            expectFailure("expected to be empty, got <[1]>") { expect([1]).to(beEmpty()) }
            expectPass { expect([1, 2, 3]).to(contain(2, 3)) }
            expectPass { expect([1, 2, 3]).to(contain([3, 1])) }
            expectFailure("expected to contain <4>, got <[1, 2]>") { expect([1, 2]).to(contain(4)) }
            expectFailure("expected to contain <1, 5>, got <[1, 2]>") { expect([1, 2]).to(contain([1, 5])) }
            expectFailure("expected to have Array<Int> with count 3, got 2\nActual Value: [1, 2]") {
                expect([1, 2]).to(haveCount(3))
            }
            expectFailure("expected to have Array<Int> with count at least 3, got 2\nActual Value: [1, 2]") {
                expect([1, 2]).to(haveCountAtLeast(3))
            }
            expectFailure("expected to have Array<Int> with count at most 1, got 2\nActual Value: [1, 2]") {
                expect([1, 2]).to(haveCountAtMost(1))
            }
            expectPass { expect([2, 4]).to(allPass(beGreaterThan(1))) }
            expectFailure("expected to all be greater than <1>, but failed first at element <1> in <[2, 1]>") {
                expect([2, 1]).to(allPass(beGreaterThan(1)))
            }
            expectFailure("expected to all pass a condition, but failed first at element <1> in <[2, 1]>") {
                expect([2, 1]).to(allPass { $0 > 1 })
            }
            expectPass { expect([1, 2]).to(beginWith(1)) }
            expectPass { expect([1, 2, 3]).to(beginWith(prefix: [1, 2])) }
            expectFailure("expected to end with <1>, got <[1, 2]>") { expect([1, 2]).to(endWith(1)) }
        }

        @Test func strings() {
            expectPass { expect("Kiwi spec").to(contain("spec")) }
            expectFailure("expected to contain <Nimble>, got <Kiwi spec>") { expect("Kiwi spec").to(contain("Nimble")) }
            expectPass { expect("Kiwi").to(contain("KIWI", ignoringCase: true)) }
            expectFailure("expected to begin with <Spec>, got <Kiwi>") { expect("Kiwi").to(beginWith("Spec")) }
            expectFailure("expected to end with <x>, got <Kiwi>") { expect("Kiwi").to(endWith("x")) }
            expectPass { expect("car-42").to(match("^[a-z]+-[0-9]+$")) }
            expectFailure("expected to match <^[0-9]+$>, got <car>") { expect("car").to(match("^[0-9]+$")) }
        }

        @Test func keyPaths() {
            let garage = Garage(cars: ["a", "b"])
            expectPass { expect(garage).to(have(2, \.cars)) }
            expectFailure("expected to have Array<String> with count 4, got 2\nActual Value: [a, b]") {
                expect(garage).to(have(4, \.cars))
            }
            expectFailure("expected to have value <1>, got <2>") { expect(garage).to(haveValue(1, at: \.cars.count)) }
        }

        @Test func thrownErrors() {
            expectPass { expect { throw ParseError.empty }.to(throwError()) }
            expectFailure("expected to throw any error, got no error") { expect { 1 }.to(throwError()) }
            expectFailure("expected to not throw any error, got <empty>") {
                expect { throw ParseError.empty }.toNot(throwError())
            }
            expectPass { expect { throw ParseError.empty }.to(throwError(errorType: ParseError.self)) }
            expectFailure("expected to throw error <tooLong>, got <empty>") {
                expect { throw ParseError.empty }.to(throwError(ParseError.tooLong))
            }
            expectPass {
                expect { throw ParseError.tooLong }.to(throwError { (error: ParseError) in expect(error) == .tooLong })
            }
            expectFailure("unexpected error thrown: <empty>") {
                expect { () throws -> Int in throw ParseError.empty }.to(equal(1))
            }
        }

        @Test func changeAndNotifications() {
            var count = 0
            expectPass { expect { count += 2 }.to(change({ count }, by: 2)) }
            expectFailure("expected to change the value by <1>, got a change of 0 (from 2 to 2)") {
                expect { count += 0 }.to(change({ count }, by: 1))
            }
            let name = Notification.Name("CarDidStart")
            expectPass {
                expect { NotificationCenter.default.post(name: name, object: nil) }.to(postNotification(name))
            }
            expectFailure("expected to post notification <CarDidStart>, got no notifications") {
                expect { count += 1 }.to(postNotification(name))
            }
        }

        @Test func compositionAndCustomMatchers() {
            func beEven() -> Matcher<Int> {
                Matcher.simple("be even") { expression in
                    guard let value = try expression.evaluate() else { return .fail }
                    return MatcherStatus(bool: value % 2 == 0)
                }
            }
            expectPass { expect(4).to(beEven()) }
            expectFailure("expected to be even, got <3>") { expect(3).to(beEven()) }
            expectFailure("expected to be even, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).to(beEven())
            }
            expectFailure("expected to not be even, got <nil> (use beNil() to match nils)") {
                expect(nil as Int?).toNot(beEven())
            }
            expectPass { expect(4).to(beEven() && beGreaterThan(2)) }
            expectFailure("expected to match all of: {be even}, and {be greater than <2>}, got 1") {
                expect(1).to(beEven() && beGreaterThan(2))
            }
            expectPass { expect(1).to(satisfyAnyOf(beEven(), equal(1))) }
            let beOdd = Matcher<Int>.define("be odd") { expression, message in
                MatcherResult(bool: try expression.evaluate().map { $0 % 2 == 1 } ?? false, message: message)
            }
            expectFailure("expected to be odd, got <2>") { expect(2).to(beOdd) }
            expectFailure("expected to not equal <2>, got <2>") { expect(2).to(not(equal(2))) }
        }

        @Test func descriptionsAndRequire() throws {
            expectFailure("speed after start\nexpected to equal <3>, got <0>") {
                expect(0).to(equal(3), description: "speed after start")
            }
            expectFailure("expected to not be nil, got <nil>") { _ = try? unwrap(nil as Int?) }
            #expect(try unwrap(3 as Int?) == 3)
            let messages = failures {
                do {
                    try require(2).to(equal(3))
                    Issue.record("require did not throw")
                } catch {
                    #expect(error is RequirementFailed)
                }
            }
            #expect(messages == ["expected to equal <3>, got <2>"])
            expectFailure("fail() always fails") { fail() }
        }

        @Test func stringify() {
            #expect(KataSpec.stringify(nil, quotingStrings: false) == "nil")
            let nested: Int?? = 3
            #expect(KataSpec.stringify(nested as Any, quotingStrings: false) == "3")
            #expect(KataSpec.stringify(["a", "b"], quotingStrings: false) == "[a, b]")
            #expect(KataSpec.stringify(["a", "b"], quotingStrings: true) == "[\"a\", \"b\"]")
        }

        @Test("values print with the learner's type names, never the module the program was compiled as")
        func stringifyTypeNames() {
            #expect(KataSpec.stringify(Vehicle(), quotingStrings: false) == "Vehicle")
            #expect(KataSpec.stringify(Truck() as Vehicle, quotingStrings: false) == "Truck")
            #expect(
                KataSpec.stringify(Parking(vehicle: Truck()), quotingStrings: false)
                    == "Parking(vehicle: Optional(Truck))")
            #expect(KataSpec.stringify([Vehicle(), Truck()], quotingStrings: false) == "[Vehicle, Truck]")
            #expect(
                KataSpec.stringify(Optional(Parking(vehicle: nil)), quotingStrings: false) == "Parking(vehicle: nil)")
            TypeNames.register([TypeNamesSpec.self])
            #expect(KataSpec.stringify(["car": Vehicle()], quotingStrings: false) == "[\"car\": Vehicle]")
            #expect(
                KataSpec.stringify("KataSpecTests.Vehicle", quotingStrings: false) == "KataSpecTests.Vehicle",
                "text is left alone")
            let message = failures { expect(Truck() as Vehicle).to(beAnInstanceOf(Vehicle.self)) }.first ?? ""
            #expect(message == "expected to be an instance of Vehicle, got <Truck instance>")
        }
    }
}
