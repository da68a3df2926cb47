/// What a closure subject of `succeed()` returns (Nimble's `ToSucceed.swift`).
public enum ToSucceedResult {
    case succeeded
    case failed(reason: String)
}

/// Passes when the closure returns `.succeeded`: `expected to succeed, got <failed> because <too slow>`.
public func succeed() -> Matcher<ToSucceedResult> {
    Matcher.define { expression in
        guard let actual = try expression.evaluate() else {
            return MatcherResult(status: .fail, message: .fail("expected a ToSucceedResult, got <nil>"))
        }
        switch actual {
        case .succeeded:
            return MatcherResult(bool: true, message: .expectedCustomValueTo("succeed", actual: "<succeeded>"))
        case .failed(let reason):
            return MatcherResult(
                bool: false, message: .expectedCustomValueTo("succeed", actual: "<failed> because <\(reason)>"))
        }
    }
}
