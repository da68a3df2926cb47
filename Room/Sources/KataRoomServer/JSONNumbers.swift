import Foundation

/// Finds the number that Foundation's JSON decoder could not read, and where it is. When a number does not fit the
/// type it is decoded as (92233720368547758070 or 1.5 as an Int, 1e400 as a Double), the decoder says only "The given
/// data was not valid JSON", without the field; the room's answer names the field.
enum JSONNumbers {
    /// Fields the room reads as whole numbers (Int).
    static let wholeNumberFields: Set<String> = ["hints", "examples", "failures", "caught", "mutants"]

    private enum Step {
        case key(String)
        case index(Int)
    }

    /// The path (`events[0].hints`) and text of the first number in `data` the room cannot read, and whether the
    /// room reads it as a whole number; or nil.
    static func unreadable(in data: Data) -> (path: String, number: String, whole: Bool)? {
        let bytes = Array(data)
        var path: [Step] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                path.append(.key(""))
                expectingKey = true
            case UInt8(ascii: "["):
                path.append(.index(0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = path.popLast()
            case UInt8(ascii: ","):
                switch path.last {
                case .key: expectingKey = true
                case .index(let count): path[path.count - 1] = .index(count + 1)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let (text, end) = string(in: bytes, at: index)
                if expectingKey, !path.isEmpty {
                    path[path.count - 1] = .key(text)
                    expectingKey = false
                }
                index = end
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
                let number = String(decoding: bytes[index..<end], as: UTF8.self)
                var whole = false
                if case .key(let key) = path.last { whole = wholeNumberFields.contains(key) }
                if !readable(number, whole: whole) { return (render(path), number, whole) }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether `number` fits a Double (neither overflowing nor vanishing to zero) and, for a whole-number field, an Int.
    static func readable(_ number: String, whole: Bool) -> Bool {
        guard let value = Double(number), value.isFinite else { return false }
        let mantissa = number.prefix { $0 != "e" && $0 != "E" }
        if value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) { return false }
        guard whole else { return true }
        return number.allSatisfy({ $0 == "-" || $0.isNumber }) ? Int(number) != nil : Int(exactly: value) != nil
    }

    /// The text of the string starting at `start` (escapes kept as written) and the index after its closing quote.
    private static func string(in bytes: [UInt8], at start: Int) -> (String, Int) {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        let text = String(decoding: bytes[(start + 1)..<min(end, bytes.count)], as: UTF8.self)
        return (text, min(end + 1, bytes.count))
    }

    private static func render(_ path: [Step]) -> String {
        path.map { step in
            switch step {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
