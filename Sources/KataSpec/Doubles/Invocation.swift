/// One recorded call of a fake: which function, with which arguments, from which fake line.
public struct Invocation: CustomStringConvertible {
    /// The `#function` name: `"start(speed:)"`, `"gear"`.
    public let function: String
    /// The arguments, in order.
    public let arguments: [Any?]
    /// Where the fake recorded it.
    public let location: SourceLocation

    /// `start(speed: 3)`: the function name with the arguments written in.
    public var description: String { callDescription(function, arguments.map { stringify($0, quotingStrings: true) }) }
}

/// `start(speed:)` with `["3"]` gives `start(speed: 3)`; a name without labels gets `name(3)`.
func callDescription(_ function: String, _ arguments: [String]) -> String {
    guard let open = function.firstIndex(of: "("), function.hasSuffix(")") else {
        return arguments.isEmpty ? function : "\(function)(\(arguments.joined(separator: ", ")))"
    }
    let base = function[..<open]
    let labels = function[function.index(after: open)..<function.index(before: function.endIndex)]
        .split(separator: ":", omittingEmptySubsequences: true)
    // No arguments given means any arguments: keep the name as written, `start(speed:)`.
    if arguments.isEmpty { return function }
    guard labels.count == arguments.count else { return "\(base)(\(arguments.joined(separator: ", ")))" }
    let parts = zip(labels, arguments).map { $0 == "_" ? $1 : "\($0): \($1)" }
    return "\(base)(\(parts.joined(separator: ", ")))"
}
