import Foundation

/// Passes when the string begins with `prefix`, ignoring case when asked.
public func beginWith(_ prefix: String, ignoringCase: Bool = false) -> Matcher<String> {
    .define("begin with", expected: prefix) { actual in
        ignoringCase ? actual.lowercased().hasPrefix(prefix.lowercased()) : actual.hasPrefix(prefix)
    }
}

/// Passes when the sequence's first element is `element`.
public func beginWith<S: Sequence>(_ element: S.Element) -> Matcher<S> where S.Element: Equatable {
    .define("begin with", expected: element) { actual in actual.first { _ in true } == element }
}

/// Passes when the string ends with `suffix`, ignoring case when asked.
public func endWith(_ suffix: String, ignoringCase: Bool = false) -> Matcher<String> {
    .define("end with", expected: suffix) { actual in
        ignoringCase ? actual.lowercased().hasSuffix(suffix.lowercased()) : actual.hasSuffix(suffix)
    }
}

/// Passes when the collection's last element is `element`.
public func endWith<C: BidirectionalCollection>(_ element: C.Element) -> Matcher<C> where C.Element: Equatable {
    .define("end with", expected: element) { actual in actual.last == element }
}

/// Passes when the regular expression `pattern` matches somewhere in the string.
public func match(_ pattern: String, ignoringCase: Bool = false) -> Matcher<String> {
    .define("match", expected: pattern) { actual in
        let regex = try NSRegularExpression(pattern: pattern, options: ignoringCase ? [.caseInsensitive] : [])
        return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }
}

/// Passes when `pattern`, compiled with `options`, matches somewhere in the string (Kiwi's `matchPattern:options:`).
public func match(_ pattern: String, options: NSRegularExpression.Options) -> Matcher<String> {
    Matcher.define("match", expected: pattern) { actual in
        let regex = try NSRegularExpression(pattern: pattern, options: options)
        return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }
    .qualified(options.isEmpty ? "" : " (options: \(optionNames(options)))")
}

/// `[.caseInsensitive, .anchorsMatchLines]`: the options as they are written in Swift.
private func optionNames(_ options: NSRegularExpression.Options) -> String {
    let names: [(NSRegularExpression.Options, String)] = [
        (.caseInsensitive, "caseInsensitive"), (.allowCommentsAndWhitespace, "allowCommentsAndWhitespace"),
        (.ignoreMetacharacters, "ignoreMetacharacters"), (.dotMatchesLineSeparators, "dotMatchesLineSeparators"),
        (.anchorsMatchLines, "anchorsMatchLines"), (.useUnixLineSeparators, "useUnixLineSeparators"),
        (.useUnicodeWordBoundaries, "useUnicodeWordBoundaries"),
    ]
    return "[" + names.filter { options.contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
}
