/// The first key that appears twice in one JSON object. Foundation's decoder keeps one of the two values, and other
/// tools (`jq`, Python, a browser) may keep the other, so a person inspecting a hand-in could see another learner
/// than the one kata grades: such a file is refused instead.
package struct JSONDuplicateKey: Sendable, Equatable {
    /// The key, as decoded.
    package var key: String
    /// The object holding it (`files`, `progress.exercises`), or "" for the top level.
    package var path: String

    /// Scans `bytes` once, in linear time and with no recursion, whatever the nesting. Keys count as the same
    /// when Swift's `String` does (escapes decoded, canonically equivalent), as they would in a decoded dictionary.
    /// Text that is not JSON yields no duplicate: the decoder refuses it afterwards.
    package static func first(in bytes: some Collection<UInt8>) -> JSONDuplicateKey? {
        let bytes = Array(bytes)
        var stack: [Frame] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], current: nil))
                expectingKey = true
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                if case .array(let position) = stack.last { stack[stack.count - 1] = .array(index: position + 1) }
                if case .object = stack.last { expectingKey = true }
            case UInt8(ascii: ":"):
                expectingKey = false
            case UInt8(ascii: "\""):
                let (text, end) = string(in: bytes, from: index + 1)
                index = end
                if expectingKey, case .object(var keys, _) = stack.last {
                    if !keys.insert(text).inserted {
                        return JSONDuplicateKey(key: text, path: path(of: stack.dropLast()))
                    }
                    stack[stack.count - 1] = .object(keys: keys, current: text)
                    expectingKey = false
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private enum Frame {
        case object(keys: Set<String>, current: String?)
        case array(index: Int)
    }

    private static func path(of frames: ArraySlice<Frame>) -> String {
        var path = ""
        for frame in frames {
            switch frame {
            case .object(_, let current): path += (path.isEmpty ? "" : ".") + (current ?? "")
            case .array(let index): path += "[\(index)]"
            }
        }
        return path
    }

    /// The string whose contents start at `start`, and the index of its closing quote (or the end).
    private static func string(in bytes: [UInt8], from start: Int) -> (String, Int) {
        var scalars = String.UnicodeScalarView()
        var pending: [UInt8] = []
        var pendingHigh: UInt32?
        func flush() {
            if !pending.isEmpty {
                scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
                pending.removeAll()
            }
            if pendingHigh != nil {
                scalars.append("\u{FFFD}")
                pendingHigh = nil
            }
        }
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                if pendingHigh != nil { flush() }
                pending.append(bytes[index])
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            if escaped == UInt8(ascii: "u"), index + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            {
                index += 4
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) {
                    pendingHigh = nil
                    scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))!)
                    continue
                }
                flush()
                if (0xD800...0xDBFF).contains(value) {
                    pendingHigh = value
                } else {
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                }
                continue
            }
            flush()
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            default: scalars.append(Unicode.Scalar(escaped))
            }
        }
        flush()
        return (String(scalars), index)
    }
}
