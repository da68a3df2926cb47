import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A symbol's name as Swift mangles it, read for the one thing ``ObjectScreen`` asks: which module it belongs to.
///
/// A name belongs to a module when that module is the root of what the name stands for: `$s8Exercise…` (a
/// declaration of module `Exercise`), `(extension in Exercise):Swift.Int.doubled` (a member of an extension the module
/// declares, `$sSi8ExerciseE…`), and a conformance the module declares (`Swift.String : Swift.Error in Exercise`,
/// `$sSSs5Error8ExerciseMc`), with what the compiler emits about them (their descriptors, metadata, accessors). A
/// name that merely mentions the module (a function of another module taking one of its types:
/// `$s13ExerciseSpecs4make8Exercise6BasketVyF`) does not. Names that do not begin with the module are read through the
/// Swift runtime's own demangler (`swift_demangle`), never by guessing where a module's name sits in the text.
struct MangledName: Sendable {
    var name: String

    init(_ name: String) {
        self.name = name
    }

    /// Whether the name belongs to `module`.
    func belongs(to module: String) -> Bool {
        if name.hasPrefix("$s\(module.utf8.count)\(module)") { return true }
        guard name.hasPrefix("$s"), let text = Self.demangled(name) else { return false }
        return Self.belongs(text: text, to: module)
    }

    /// Whether `text`, a name as the demangler prints it, stands for something of `module`'s.
    static func belongs(text: String, to module: String) -> Bool {
        // What the compiler emits about a declaration: "property descriptor for …", "type metadata accessor for …",
        // "default argument 0 of …", "async function pointer to …": lower-case words, then what it is about.
        let phrase = leadingPhrase(of: text)
        var subject = text.dropFirst(phrase.count)
        let described = !phrase.isEmpty
        // A conformance, and what is emitted for it (its descriptor, its witness table, a witness in it), belongs to
        // the module that declares the conformance, which the demangler names last ("… : Swift.Error in Exercise").
        if text.contains(" in conformance ") || phrase.contains("witness table") || phrase.contains("protocol witness")
            || phrase == "protocol conformance descriptor for "
        {
            return text.hasSuffix(" in \(module)")
        }
        if described, subject.hasPrefix("<<opaque return type of ") {
            subject = subject.dropFirst("<<opaque return type of ".count)
        }
        if subject.hasPrefix("static ") { subject = subject.dropFirst("static ".count) }
        return subject.hasPrefix("\(module).") || subject.hasPrefix("(extension in \(module)):")
    }

    /// The words in lower case that begin `text` up to the first "for ", "of " or "to " that ends them ("property
    /// descriptor for "); empty when it does not begin so.
    static func leadingPhrase(of text: String) -> Substring {
        var end = text.startIndex
        while let space = text[end...].firstIndex(of: " ") {
            let word = text[end..<space]
            guard !word.isEmpty, word.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) else {
                return ""
            }
            end = text.index(after: space)
            if word == "for" || word == "of" || word == "to" { return text[..<end] }
        }
        return ""
    }

    /// The name as the Swift runtime's demangler prints it; nil when it is not a Swift name it can read.
    static func demangled(_ name: String) -> String? {
        typealias Demangle =
            @convention(c) (
                UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
            ) -> UnsafeMutablePointer<CChar>?
        guard let demangle = demangler else { return nil }
        let bytes = Array(name.utf8)
        guard
            let result = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    unsafeBitCast(demangle, to: Demangle.self)($0.baseAddress, $0.count, nil, nil, 0)
                }
            })
        else { return nil }
        defer { free(result) }
        let text = String(cString: result)
        // The demangler hands back what it cannot read unchanged.
        return text == name ? nil : text
    }

    /// `swift_demangle`, which the Swift runtime every Swift program loads exports.
    nonisolated(unsafe) private static let demangler: UnsafeMutableRawPointer? = {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), "swift_demangle")
        #else
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_demangle")
        #endif
    }()
}
