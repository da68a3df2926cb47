/// Passes when the elements are in ascending order.
func beSorted<T: Comparable>() -> Matcher<[T]> {
    beSorted(by: <)
}

/// Passes when each element comes before the next one, or is equal to it, in `areInIncreasingOrder`.
func beSorted<T>(by areInIncreasingOrder: @escaping (T, T) -> Bool) -> Matcher<[T]> {
    .define("be sorted") { array in
        !zip(array, array.dropFirst()).contains { areInIncreasingOrder($1, $0) }
    }
}
