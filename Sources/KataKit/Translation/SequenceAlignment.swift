/// Lines up two sequences the way a diff does (a longest common subsequence), so that a missing or an extra
/// item is reported as one, and not as every item after it being different.
enum SequenceAlignment {
    /// One step of an alignment: an item of both sequences, or of only one.
    enum Step: Equatable {
        case both(Int, Int)
        case onlyFirst(Int)
        case onlySecond(Int)
    }

    /// The steps that turn `first` into `second`, in order.
    static func align<A, B>(_ first: [A], _ second: [B], matches: (A, B) -> Bool) -> [Step] {
        let n = first.count
        let m = second.count
        // lengths[i][j]: the longest common subsequence of first[i...] and second[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    matches(first[i], second[j])
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, matches(first[i], second[j]), lengths[i][j] == lengths[i + 1][j + 1] + 1 {
                steps.append(.both(i, j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                // An item only the first has comes before one only the second has: a missing block is placed
                // right after the block before it, not after the extra ones.
                steps.append(.onlyFirst(i))
                i += 1
            } else {
                steps.append(.onlySecond(j))
                j += 1
            }
        }
        return steps
    }
}
