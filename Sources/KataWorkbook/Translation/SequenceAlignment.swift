/// Lines up two sequences the way a diff does (a longest common subsequence), so that a missing or an extra
/// item is reported as one, and not as every item after it being different.
package enum SequenceAlignment {
    /// One step of an alignment: an item of both sequences, or of only one.
    package enum Step: Equatable {
        case both(Int, Int)
        case onlyFirst(Int)
        case onlySecond(Int)
    }

    /// The steps that turn `first` into `second`, in order.
    package static func align<A, B>(_ first: [A], _ second: [B], matches: (A, B) -> Bool) -> [Step] {
        align(first.indices, second.indices) { matches(first[$0], second[$1]) ? 1 : 0 }
    }

    /// The steps that pair the items of two sequences (given by their indexes) so that the pairs' weights add up to
    /// the most; a weight of 0 means the two items never pair.
    package static func align(_ first: Range<Int>, _ second: Range<Int>, weight: (Int, Int) -> Int) -> [Step] {
        let n = first.count
        let m = second.count
        var weights = Array(repeating: Array(repeating: 0, count: m), count: n)
        for i in 0..<n {
            for j in 0..<m { weights[i][j] = weight(first.lowerBound + i, second.lowerBound + j) }
        }
        // best[i][j]: the heaviest pairing of first[i...] and second[j...].
        var best = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                let paired = weights[i][j] > 0 ? best[i + 1][j + 1] + weights[i][j] : 0
                best[i][j] = max(paired, best[i + 1][j], best[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, weights[i][j] > 0, best[i][j] == best[i + 1][j + 1] + weights[i][j] {
                steps.append(.both(first.lowerBound + i, second.lowerBound + j))
                i += 1
                j += 1
            } else if i < n, j == m || best[i + 1][j] >= best[i][j + 1] {
                // An item only the first has comes before one only the second has: a missing block is placed
                // right after the block before it, not after the extra ones.
                steps.append(.onlyFirst(first.lowerBound + i))
                i += 1
            } else {
                steps.append(.onlySecond(second.lowerBound + j))
                j += 1
            }
        }
        return steps
    }
}
