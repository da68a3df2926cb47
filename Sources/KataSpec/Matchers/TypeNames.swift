import Foundation

/// Type names as the learner wrote them: `Car`, not `Exercise.Car`.
///
/// Swift prints a class instance, and a value nested in a struct or an enum, with its module's name in front.
/// The module is whatever the test program was compiled as, a name the learner never chose, so messages leave
/// it out: the modules of the spec classes being run, and the module of the value being printed.
enum TypeNames {
    private final class Modules: @unchecked Sendable {
        let lock = NSLock()
        var names: Set<String> = []
    }

    private static let modules = Modules()

    /// Remembers the modules that `types` (the spec classes of a run) belong to.
    static func register(_ types: [Any.Type]) {
        let names = types.compactMap { module(of: $0) }
        modules.lock.withLock { modules.names.formUnion(names) }
    }

    /// Remembers more modules of the program whose names messages leave out.
    static func register(modules names: [String]) {
        modules.lock.withLock { modules.names.formUnion(names) }
    }

    /// `text` (a description of `value`) without the learner's module names in front of type names.
    static func unqualified(_ text: String, describing value: Any) -> String {
        var names = modules.lock.withLock { modules.names }
        if let own = module(of: type(of: value)) { names.insert(own) }
        names.remove("Swift")
        // A `private` type prints as `Exercise.(unknown context at $5d2a).Car`.
        var result = text.replacing(/\(unknown context at \$[0-9a-f]+\)\./, with: "")
        guard !names.isEmpty else { return result }
        for name in names.sorted(by: { $0.count > $1.count }) { result = removing(name + ".", from: result) }
        return result
    }

    /// The module part of a type's full name (`Exercise` for `Exercise.Car`), if it has one.
    private static func module(of type: Any.Type) -> String? {
        let full = String(reflecting: type)
        guard let dot = full.firstIndex(of: "."), full[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(full[..<dot])
    }

    /// Removes `prefix` where it starts a qualified name: not inside another identifier, and followed by one.
    private static func removing(_ prefix: String, from text: String) -> String {
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: prefix) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            let startsName = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            let qualifies = after.map { $0.isLetter || $0 == "_" } ?? false
            result += rest[..<range.lowerBound]
            if !(startsName && qualifies) { result += rest[range] }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
