/// Passes when a closure subject returned: `expect { car.stop() }.to(beVoid())` (Nimble's `BeVoid.swift`).
public func beVoid() -> Matcher<()> {
    Matcher.simpleNilable("be void") { expression in
        MatcherStatus(bool: try expression.evaluate() != nil)
    }
}

/// `expect(x) == ()`: `to(beVoid())`.
public func == (lhs: Expectation<()>, rhs: ()) {
    lhs.to(beVoid())
}

/// `expect(x) != ()`: `toNot(beVoid())`.
public func != (lhs: Expectation<()>, rhs: ()) {
    lhs.toNot(beVoid())
}
