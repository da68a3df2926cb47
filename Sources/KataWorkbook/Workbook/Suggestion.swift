import KataBasics
import KataMessages

/// "Did you mean" suggestions, by edit distance.
package enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let length = word.count
        let limit = max(2, length / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: a long word is far from every candidate, and
            // measuring it would cost its length times the candidate's.
            guard abs(length - candidate.count) <= limit else { continue }
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// ` (did you mean 'x'?)` or an empty string.
    static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance between two strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
