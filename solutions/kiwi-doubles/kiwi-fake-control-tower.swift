final class FakeControlTower: ControlTower, Spryable {
    enum Function: String, StringRepresentable {
        case frequency
        case clearForTakeOff = "clearForTakeOff(_:runway:)"
        case report = "report(_:altitude:)"
        case condition = "condition(ofRunway:)"
    }

    var frequency: Double { spryify() }

    func clearForTakeOff(_ flight: String, runway: Int) -> Bool { spryify(arguments: flight, runway) }

    func report(_ flight: String, altitude: Int) { spryify(arguments: flight, altitude) }

    /// A runway nobody said anything about counts as closed: the cautious answer.
    func condition(ofRunway runway: Int) -> RunwayCondition { spryify(arguments: runway, fallbackValue: .closed) }
}
