/// Passes when the two sequences have equal elements in the same order, whatever their types (Nimble's
/// `ElementsEqual.swift`): `expected to elementsEqual <[1, 2]>, got <[1, 3]>`.
public func elementsEqual<Seq1: Sequence, Seq2: Sequence>(_ expected: Seq2?) -> Matcher<Seq1>
where Seq1.Element: Equatable, Seq1.Element == Seq2.Element {
    elementsEqual(expected, by: ==)
}

/// Passes when the sequences' elements match pairwise by `areEquivalent`.
public func elementsEqual<Seq1: Sequence, Seq2: Sequence>(
    _ expected: Seq2?, by areEquivalent: @escaping (Seq1.Element, Seq2.Element) -> Bool
) -> Matcher<Seq1> {
    // `define` adds the beNil hint for a nil subject, as Nimble's does; a nil expectation gets it here.
    Matcher.define("elementsEqual <\(stringify(expected))>") { expression, message in
        let actual = try expression.evaluate()
        guard let expected else {
            return MatcherResult(status: .fail, message: actual == nil ? message : message.appendedBeNilHint())
        }
        guard let actual else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: actual.elementsEqual(expected, by: areEquivalent), message: message)
    }
}
