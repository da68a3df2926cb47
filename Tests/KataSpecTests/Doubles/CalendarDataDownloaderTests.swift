import Foundation
import Testing

@testable import KataSpec

// The objc.io "Behavior-Driven Development" CalendarDataDownloader example (seeds/001), in Swift: a
// network layer whose request parameter is a protocol and whose completion is a closure, mocked with
// OCMockito and specified with Specta, written as the article writes it.

protocol NetworkRequest {
    var path: String { get }
}

final class CalendarDataRequest: NetworkRequest {
    let path = "/calendar"
}

protocol NetworkLayer: AnyObject {
    func makeRequest(_ request: NetworkRequest, completion: @escaping (NetworkRequest, Any?, Error?) -> Void) -> Any
    func cancelRequest(withIdentifier identifier: Any)
}

final class FakeNetworkLayer: NetworkLayer, Spryable {
    enum Function: String, StringRepresentable {
        case makeRequest = "makeRequest(_:completion:)"
        case cancelRequest = "cancelRequest(withIdentifier:)"
    }

    func makeRequest(_ request: NetworkRequest, completion: @escaping (NetworkRequest, Any?, Error?) -> Void) -> Any {
        spryify(arguments: request, completion)
    }

    func cancelRequest(withIdentifier identifier: Any) { spryify(arguments: identifier) }
}

final class CalendarDataDownloader {
    let networkLayer: NetworkLayer
    private var identifier: Any?
    /// A broken downloader forgets to clear its identifier, so a second cancel cancels again.
    private let forgetsToClear: Bool

    init(networkLayer: NetworkLayer, forgetsToClear: Bool = false) {
        self.networkLayer = networkLayer
        self.forgetsToClear = forgetsToClear
    }

    func updateCalendarData() {
        identifier = networkLayer.makeRequest(CalendarDataRequest()) { _, _, _ in }
    }

    func cancel() {
        guard let identifier else { return }
        networkLayer.cancelRequest(withIdentifier: identifier)
        if !forgetsToClear { self.identifier = nil }
    }
}

/// The article's second spec, as written there (with `cancel` called once more in the innermost group).
private func calendarDataDownloaderSpec(forgetsToClear: Bool) {
    describe("CalendarDataDownloader") {
        var mockNetworkLayer: FakeNetworkLayer!
        var calendarDataDownloader: CalendarDataDownloader!
        beforeEach {
            mockNetworkLayer = mock(FakeNetworkLayer())
            calendarDataDownloader = CalendarDataDownloader(
                networkLayer: mockNetworkLayer, forgetsToClear: forgetsToClear)
        }

        describe("update calendar data") {
            beforeEach {
                given(
                    mockNetworkLayer.makeRequest(instanceOf(CalendarDataRequest.self), completion: anything())
                ).willReturn("Fixture Identifier")
                calendarDataDownloader.updateCalendarData()
            }

            it("should make a download data request") {
                _ = verify(mockNetworkLayer).makeRequest(instanceOf(CalendarDataRequest.self), completion: anything())
            }

            describe("canceling request") {
                beforeEach { calendarDataDownloader.cancel() }

                it("should tell the network layer to cancel previous request") {
                    verify(mockNetworkLayer).cancelRequest(withIdentifier: "Fixture Identifier")
                }

                describe("canceling it again") {
                    beforeEach { calendarDataDownloader.cancel() }

                    it("should tell the network layer to cancel previous request") {
                        verify(mockNetworkLayer).cancelRequest(withIdentifier: "Fixture Identifier")
                    }
                }
            }
        }

        context("when there's no identifier") {
            beforeEach { calendarDataDownloader.cancel() }

            it("should not ask the network layer to cancel request") {
                verifyCount(mockNetworkLayer, never()).cancelRequest(withIdentifier: anything())
            }
        }
    }
}

extension KataSpecTests {
    @Suite struct CalendarDataDownloaderTests {
        @Test func theArticlesSpecRunsAsWritten() {
            let reporter = run(as: .specta) { calendarDataDownloaderSpec(forgetsToClear: false) }
            #expect(reporter.summary == RunSummary(passed: 4))
            #expect(reporter.messages == [])
        }

        @Test func itCatchesADownloaderThatCancelsTwice() {
            let reporter = run(as: .specta) { calendarDataDownloaderSpec(forgetsToClear: true) }
            #expect(reporter.summary == RunSummary(passed: 3, failed: 1))
            #expect(
                reporter.messages.map { String($0.prefix { $0 != "\n" }) } == ["Wanted 1 time but was called 2 times."])
        }

        @Test func constraintsStandInForProtocolAndClosureArguments() {
            expectPass {
                let layer = mock(FakeNetworkLayer())
                given(layer.makeRequest(anything(), completion: anything())).willReturn(7)
                #expect(layer.makeRequest(CalendarDataRequest()) { _, _, _ in } as? Int == 7)
                _ = verify(layer).makeRequest(instanceOf(CalendarDataRequest.self), completion: anything())
                let engine = OCMClassMock(FakeEngine())
                engine.fetch(completion: { _ in })
                OCMVerify(engine.fetch(completion: OCMArg.any()))
            }
        }

        @Test func aFakeThatForgetsItsArgumentsIsNamedWithTheLineToFix() {
            final class ForgetfulEngine: Spryable {
                enum Function: String, StringRepresentable { case start = "start(speed:)" }
                static let line = #line + 1
                func start(speed: Int) -> Bool { spryify() }
            }
            let messages = failures {
                let engine = mock(ForgetfulEngine())
                given(engine.start(speed: anything())).willReturn(true)
            }
            #expect(messages.count == 1)
            #expect(
                messages.first?.hasPrefix(
                    "ForgetfulEngine.start(speed:) recorded no arguments, but 1 argument matcher(s) were written for it: the fake's member does not pass its arguments on. At \(#filePath):\(ForgetfulEngine.line):1, write spryify(arguments: …)"
                ) == true)
        }

        @Test func aSpryStubOrCheckWithMoreArgumentsThanTheFakeRecordsSaysSoAsSpryDoes() {
            final class ForgetfulEngine: Spryable {
                enum Function: String, StringRepresentable { case start = "start(speed:)" }
                static let line = #line + 1
                func start(speed: Int) -> Bool { spryify() }
            }
            let expected =
                "--- FATAL ERROR: Wrong number of arguments to compare ---\n￫ Type: ForgetfulEngine\n￫ Function: start(speed:)\n￫ Specified count: 1\n￫ Received count: 0\n￫ Specified arguments: <3>\n￫ Actual arguments: \nThe fake recorded start(speed:) with 0 argument(s): make its member pass every argument, in order, spryify(arguments: …), at \(#filePath):\(ForgetfulEngine.line):1"
            let stubbed = failures {
                let engine = ForgetfulEngine()
                engine.stub(.start).with(3).andReturn(true)
                _ = engine.start(speed: 3)
                _ = engine.start(speed: 3)
            }
            #expect(stubbed == [expected])
            let checked = failures {
                let engine = ForgetfulEngine()
                _ = engine.start(speed: 3)
                #expect(!engine.didCall(.start, withArguments: [3]).success)
            }
            #expect(checked == [expected])
        }

        @Test func spryEquatableValuesCompile() {
            struct Person: Equatable, SpryEquatable { let name: String }
            expectPass {
                let layer = FakeNetworkLayer()
                layer.cancelRequest(withIdentifier: Person(name: "Ada"))
                #expect(layer.didCall(.cancelRequest, withArguments: [Person(name: "Ada")]).success)
                #expect(Person(name: "Ada")._isEqual(to: Person(name: "Ada")))
            }
        }
    }
}
