/// Passes when evaluating the subject throws any error: `expect { try parse("") }.to(throwError())`.
public func throwError<Out>() -> Matcher<Out> {
    thrown("throw any error") { _ in true }
}

/// Passes when the subject throws an error of `error`'s type and code (Nimble compares `_domain` and `_code`,
/// so this works for any error); `closure` may check the error further with expectations.
public func throwError<T: Error, Out>(_ error: T, closure: ((any Error) -> Void)? = nil) -> Matcher<Out> {
    thrown("throw error <\(error)>", satisfies: closure != nil) { actual in
        guard actual._domain == error._domain && actual._code == error._code else { return false }
        return passes(closure, actual)
    }
}

/// Passes when the subject throws an error equal to `error`; `closure` may check it further.
public func throwError<T: Error & Equatable, Out>(_ error: T, closure: ((T) -> Void)? = nil) -> Matcher<Out> {
    thrown("throw error <\(error)>", satisfies: closure != nil) { actual in
        guard let actual = actual as? T, actual == error else { return false }
        return passes(closure, actual)
    }
}

/// Passes when the subject throws an error of type `errorType`; `closure` may check it further.
public func throwError<T: Error, Out>(errorType: T.Type, closure: ((T) -> Void)? = nil) -> Matcher<Out> {
    thrown("throw error from type <\(T.self)>", satisfies: closure != nil) { actual in
        guard let actual = actual as? T else { return false }
        return passes(closure, actual)
    }
}

/// Passes when the subject throws and `closure` records no failure: `throwError { error in expect(…) }`.
public func throwError<Out>(closure: @escaping (any Error) -> Void) -> Matcher<Out> {
    thrown("throw error", satisfies: true) { passes(closure, $0) }
}

/// Passes when the subject throws a `T` and `closure` records no failure: `throwError { (error: MyError) in … }`.
public func throwError<T: Error, Out>(closure: @escaping (T) -> Void) -> Matcher<Out> {
    thrown("throw error from type <\(T.self)>", satisfies: true) { actual in
        guard let actual = actual as? T else { return false }
        return passes(closure, actual)
    }
}

/// Runs an error-checking closure; it passes when the closure records no failure (its failures still count).
private func passes<T>(_ closure: ((T) -> Void)?, _ error: T) -> Bool {
    guard let closure else { return true }
    let before = World.shared.currentFailures.count
    closure(error)
    return World.shared.currentFailures.count == before
}

/// The shared shape of the error matchers: evaluate once, catch, test what was caught.
/// `expected to throw error <cry> that satisfies block, got <laugh>`, or `got no error`.
private func thrown<Out>(_ verb: String, satisfies: Bool = false, _ test: @escaping (any Error) -> Bool)
    -> Matcher<Out>
{
    let phrase = verb + (satisfies ? " that satisfies block" : "")
    return Matcher { expression in
        do {
            _ = try expression.evaluate()
            return MatcherResult(bool: false, message: .expectedCustomValueTo(phrase, actual: "no error"))
        } catch {
            return MatcherResult(bool: test(error), message: .expectedCustomValueTo(phrase, actual: "<\(error)>"))
        }
    }
}
