import Foundation
import Testing

@testable import KataGrading

/// What kata makes of a real framework's records, as examples.
@Suite("Framework run state")
struct FrameworkRunStateTests {
    @Test("the cases of a parameterized test are shown in one order, however the framework ended them")
    func casesInArgumentOrder() {
        let arrived = ["age → 64", "age → 4", "age → 30", "age → 18", "age → 100"]
        var orders: Set<[String]> = []
        for rotation in 0..<arrived.count {
            let order = Array(arrived[rotation...] + arrived[..<rotation])
            var state = FrameworkRunState()
            state.beginPass()
            state.take(
                .test(.init(id: "t.price", name: "price(age:)", file: "a.swift", line: 3, isParameterized: true)))
            state.take(.testStarted(id: "t.price"))
            for (index, arguments) in order.enumerated() {
                state.take(.caseStarted(testID: "t.price", caseID: "c\(index)", arguments: arguments))
                state.take(.caseEnded(testID: "t.price", caseID: "c\(index)"))
            }
            state.take(.testEnded(id: "t.price"))
            orders.insert(state.outcomes(root: []).compactMap(\.arguments))
        }
        #expect(orders == [["age → 4", "age → 18", "age → 30", "age → 64", "age → 100"]])
    }
}
