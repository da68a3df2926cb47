import Testing

@testable import KataBasics

@Suite("Duplicate JSON keys")
struct JSONDuplicateKeyTests {
    static func first(_ json: String) -> JSONDuplicateKey? { JSONDuplicateKey.first(in: Array(json.utf8)) }

    @Test("a key twice in one object is found, with the object it is in")
    func found() {
        #expect(Self.first(#"{"learner":"Ada","learner":"Eve"}"#) == JSONDuplicateKey(key: "learner", path: ""))
        #expect(
            Self.first(#"{"files":{"a.swift":"1","b.swift":"2","a.swift":"3"}}"#)
                == JSONDuplicateKey(key: "a.swift", path: "files"))
        #expect(
            Self.first(#"{"progress":{"version":1,"exercises":{"add":{},"add":{}}}}"#)
                == JSONDuplicateKey(key: "add", path: "progress.exercises"))
        #expect(Self.first(#"[{"a":1},{"b":2,"b":3}]"#) == JSONDuplicateKey(key: "b", path: "[1]"))
    }

    @Test("keys that are the same string once decoded count as the same")
    func decodedKeys() {
        #expect(Self.first(#"{"learner":"Ada","le\u0061rner":"Eve"}"#)?.key == "learner")
        #expect(Self.first(#"{"\ud83d\ude00":1,"😀":2}"#)?.key == "😀")
        // Canonically equivalent: a decomposed é and a composed one are one key to a Swift dictionary.
        #expect(Self.first("{\"caf\u{E9}\":1,\"cafe\u{301}\":2}") != nil)
    }

    @Test("the same key in different objects, keys inside strings, and values are not duplicates")
    func notFound() {
        #expect(Self.first(#"{"a":{"x":1},"b":{"x":2},"c":[{"x":3},{"x":4}]}"#) == nil)
        #expect(Self.first(#"{"a":"{\"a\":1,\"a\":2}","b":"a"}"#) == nil)
        #expect(Self.first(#"{"a":["a","a"],"b":"b"}"#) == nil)
        #expect(Self.first(#"{"a\"":1,"a":2}"#) == nil)
        #expect(Self.first("not json {") == nil)
    }

    @Test("deep nesting is scanned without recursion")
    func deep() {
        let depth = 100_000
        let json = String(repeating: "[", count: depth) + #"{"k":1,"k":2}"# + String(repeating: "]", count: depth)
        #expect(Self.first(json)?.key == "k")
    }
}
