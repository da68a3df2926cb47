/// Passes when the elements are in ascending order.
func beSorted<T: Comparable>() -> Matcher<[T]> {
    beSorted(by: <)
}

/// Passes when each element comes before the next one, or is equal to it, in `areInIncreasingOrder`.
func beSorted<T>(by areInIncreasingOrder: @escaping (T, T) -> Bool) -> Matcher<[T]> {
    Matcher.simple("be sorted") { expression in
        guard let array = try expression.evaluate() else { return .fail }
        return MatcherStatus(bool: !zip(array, array.dropFirst()).contains { areInIncreasingOrder($1, $0) })
    }
}
