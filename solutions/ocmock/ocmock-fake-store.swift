final class FakeLoanStore: LoanStore, Spryable {
    enum Function: String, StringRepresentable {
        case openLoans
        case loans = "loans(for:)"
        case record = "record(_:for:)"
        case endAllLoans = "endAllLoans()"
    }

    var openLoans: Int {
        stubbedValue()
    }

    func loans(for museum: String) -> [String] {
        spryify(arguments: museum)
    }

    func record(_ artefact: String, for museum: String) throws {
        return try spryifyThrows(arguments: artefact, museum)
    }

    func endAllLoans() {
        return spryify()
    }
}
