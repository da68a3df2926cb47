final class FakeFlyingMachine: FlyingMachine, Spryable {
    enum Function: String, StringRepresentable {
        case dragCoefficient
        case takeOff = "takeOff()"
        case land = "land(at:)"
    }

    var dragCoefficient: Double { spryify() }

    func takeOff() { spryify() }

    func land(at airport: String) -> Bool { spryify(arguments: airport) }
}
