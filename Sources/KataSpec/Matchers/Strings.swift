import Foundation

/// Passes when the string begins with `prefix`.
public func beginWith(_ prefix: String) -> Matcher<String> {
    Matcher.predicate("begin with", expected: .text("<\(prefix)>")) { $0.hasPrefix(prefix) }
}

/// Passes when the sequence's first element is `element`.
public func beginWith<S: Sequence>(_ element: S.Element) -> Matcher<S> where S.Element: Equatable {
    Matcher.predicate("begin with", expected: .text("<\(element)>")) { actual in
        var iterator = actual.makeIterator()
        return iterator.next() == element
    }
}

/// Passes when the sequence starts with the elements of `prefix`: `beginWith(prefix: [1, 2])`.
public func beginWith<Seq1: Sequence, Seq2: Sequence>(prefix: Seq2?) -> Matcher<Seq1>
where Seq1.Element: Equatable, Seq1.Element == Seq2.Element {
    beginWith(prefix: prefix, by: ==)
}

/// Passes when the sequence starts with elements equivalent to those of `prefix`.
public func beginWith<Seq1: Sequence, Seq2: Sequence>(
    prefix: Seq2?, by areEquivalent: @escaping (Seq1.Element, Seq2.Element) -> Bool
) -> Matcher<Seq1> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let shown = prefix.map { Array($0) as Any } ?? nil
        let message = ExpectationMessage(
            "begin with", expected: .value(shown), actual: .value(actual.map { Array($0) }))
        guard let prefix, let actual else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: actual.starts(with: prefix, by: areEquivalent), message: message)
    }
}

/// Passes when the string ends with `suffix`.
public func endWith(_ suffix: String) -> Matcher<String> {
    Matcher.predicate("end with", expected: .text("<\(suffix)>")) { $0.hasSuffix(suffix) }
}

/// Passes when the sequence's last element is `element`.
public func endWith<S: Sequence>(_ element: S.Element) -> Matcher<S> where S.Element: Equatable {
    Matcher.predicate("end with", expected: .text("<\(element)>")) { actual in
        var last: S.Element?
        for item in actual { last = item }
        return last == element
    }
}

/// Passes when the regular expression `pattern` matches somewhere in the string.
public func match(_ pattern: String?) -> Matcher<String> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage(
            "match", expected: .text("<\(pattern ?? "nil")>"), actual: .value(actual))
        guard let actual, let pattern else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: actual.range(of: pattern, options: .regularExpression) != nil, message: message)
    }
}

/// Passes when `pattern`, compiled with `options`, matches somewhere in the string (KataSpec, for Kiwi's
/// `matchPattern:options:`).
public func match(_ pattern: String, options: NSRegularExpression.Options) -> Matcher<String> {
    Matcher.predicate("match", expected: .text("<\(pattern)>")) { actual in
        let regex = try NSRegularExpression(pattern: pattern, options: options)
        return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }
    .qualified(options.isEmpty ? "" : " (options: \(optionNames(options)))")
}

/// `[.caseInsensitive, .anchorsMatchLines]`: the options as they are written in Swift.
func optionNames(_ options: NSRegularExpression.Options) -> String {
    let names: [(NSRegularExpression.Options, String)] = [
        (.caseInsensitive, "caseInsensitive"), (.allowCommentsAndWhitespace, "allowCommentsAndWhitespace"),
        (.ignoreMetacharacters, "ignoreMetacharacters"), (.dotMatchesLineSeparators, "dotMatchesLineSeparators"),
        (.anchorsMatchLines, "anchorsMatchLines"), (.useUnixLineSeparators, "useUnixLineSeparators"),
        (.useUnicodeWordBoundaries, "useUnicodeWordBoundaries"),
    ]
    return "[" + names.filter { options.contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
}
