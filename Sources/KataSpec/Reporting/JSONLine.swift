import Foundation

/// Builds one JSON object as a single line, keeping keys in the order they were added.
struct JSONLine {
    private var members: [String] = []

    mutating func add(_ key: String, _ value: String) { members.append("\(Self.quote(key)):\(Self.quote(value))") }
    mutating func add(_ key: String, _ value: Int) { members.append("\(Self.quote(key)):\(value)") }
    mutating func add(_ key: String, _ value: UInt64) { members.append("\(Self.quote(key)):\(value)") }
    mutating func add(_ key: String, _ value: Bool) { members.append("\(Self.quote(key)):\(value)") }
    mutating func add(_ key: String, _ value: Double) {
        members.append("\(Self.quote(key)):\(value.isFinite ? String(format: "%.6f", value) : "0")")
    }
    mutating func add(_ key: String, strings: [String]) {
        members.append("\(Self.quote(key)):[\(strings.map(Self.quote).joined(separator: ","))]")
    }
    mutating func add(_ key: String, objects: [JSONLine]) {
        members.append("\(Self.quote(key)):[\(objects.map(\.text).joined(separator: ","))]")
    }

    /// The object, without a newline.
    var text: String { "{\(members.joined(separator: ","))}" }

    /// A JSON string literal.
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                result += String(format: "\\u%04x", control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
