/// How many matching calls a verification wants (Spry's `CountSpecifier`).
public enum CountSpecifier: Sendable, CustomStringConvertible {
    case exactly(Int)
    case atLeast(Int)
    case atMost(Int)

    /// Whether `count` calls satisfy it.
    public func accepts(_ count: Int) -> Bool {
        switch self {
        case .exactly(let wanted): count == wanted
        case .atLeast(let wanted): count >= wanted
        case .atMost(let wanted): count <= wanted
        }
    }

    /// "exactly 2 times", "at least once", "never".
    public var description: String {
        switch self {
        case .exactly(0), .atMost(0): "never"
        case .exactly(let n): "exactly \(timesText(n))"
        case .atLeast(let n): "at least \(timesText(n))"
        case .atMost(let n): "at most \(timesText(n))"
        }
    }
}

/// "once", "twice"-free plain English: "once", "2 times".
func timesText(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

/// Exactly `count` calls (OCMock, OCMockito).
public func times(_ count: Int) -> CountSpecifier { .exactly(count) }
/// No call at all (OCMock, OCMockito).
public func never() -> CountSpecifier { .exactly(0) }
/// At least `count` calls (OCMock, OCMockito).
public func atLeast(_ count: Int) -> CountSpecifier { .atLeast(count) }
/// At least one call (OCMockito).
public func atLeastOnce() -> CountSpecifier { .atLeast(1) }
/// At most `count` calls (OCMock, OCMockito).
public func atMost(_ count: Int) -> CountSpecifier { .atMost(count) }
