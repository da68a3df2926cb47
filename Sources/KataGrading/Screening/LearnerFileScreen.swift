import KataBasics
import KataBuilding
import KataMessages
import KataWorkbook

/// What a learner's file may not contain, found in its text before it is compiled: the things that would let it
/// change how the chapter's specs run or where their results point, rather than be judged by them.
///
/// - `#sourceLocation`, which would move the learner's lines (and the screening of their declarations) elsewhere;
/// - attributes that name or place code for the linker (`@_silgen_name`, `@_cdecl`, `@c`, `@section`, `@used`,
///   `@export` and every other `@_` attribute), which could replace KataSpec's functions or run code before it;
/// - extensions of KataSpec's types or of the chapter's spec classes, which the specs rely on as they were written;
/// - `@main`: the test program has its own entry point, kata's;
/// - `unsafe` and `@unsafe`/`@safe`, which would let unsafe code past strict memory safety (see
///   ``ExerciseCompiler/learnerFlags``).
package struct LearnerFileScreen: Sendable {
    /// The learner's file, relative to the workbook root.
    var path: String
    /// KataSpec's top-level names (its types among them).
    var kataSpecNames: Set<String>
    /// The spec classes of the chapter's own spec blocks (empty for a specify exercise, whose specs are the learner's).
    var chapterSpecClasses: Set<String>

    func findings(in contents: String) -> [CompilerDiagnostic] {
        let code = SwiftCodeText(contents)
        var findings: [CompilerDiagnostic] = []
        for match in code.text.matches(of: /#sourceLocation\b/) {
            findings.append(
                finding(at: match.range.lowerBound, in: code, .screenSourceLocation))
        }
        // Attributes as the lexer reads them, whatever sits between `@` and the name (see ``SwiftAttributes``).
        for attribute in SwiftAttributes(code).all {
            let name = attribute.name
            if name.hasPrefix("_") || Self.linkerAttributes.contains(name) {
                findings.append(finding(atOffset: attribute.offset, in: code, .screenAttribute, ["attribute": name]))
            } else if name == "unsafe" || name == "safe" {
                // Strict memory safety (which the learner's module is compiled with) lets `unsafe` code through once
                // it says so.
                findings.append(
                    finding(atOffset: attribute.offset, in: code, .screenUnsafeKeyword, ["word": "@" + name]))
            } else if name == "main" {
                findings.append(finding(atOffset: attribute.offset, in: code, .screenMain))
            }
        }
        for match in code.text.matches(of: /(?:^|[^\w.`$@])(unsafe)(?![\w`])/) {
            findings.append(
                finding(at: match.output.1.startIndex, in: code, .screenUnsafeKeyword, ["word": "unsafe"]))
        }
        let extensionPattern = /\bextension\s+(?:(?:KataSpec|Exercise)\s*\.\s*)?([A-Za-z_][A-Za-z0-9_]*)/
        for match in code.text.matches(of: extensionPattern) {
            let name = String(match.output.1)
            if chapterSpecClasses.contains(name) {
                findings.append(
                    finding(at: match.range.lowerBound, in: code, .screenExtendsSpecClass, ["name": name]))
            } else if kataSpecNames.contains(name) {
                findings.append(
                    finding(at: match.range.lowerBound, in: code, .screenExtendsKataSpec, ["name": name]))
            }
        }
        return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The attributes besides the underscored ones that name or place code for the linker.
    static let linkerAttributes: Set<String> = ["c", "section", "used", "export"]

    private func finding(
        at index: String.Index, in code: SwiftCodeText, _ message: Message, _ values: [String: String] = [:]
    ) -> CompilerDiagnostic {
        finding(atOffset: code.offset(of: index), in: code, message, values)
    }

    private func finding(
        atOffset offset: Int, in code: SwiftCodeText, _ message: Message, _ values: [String: String] = [:]
    ) -> CompilerDiagnostic {
        let (line, column) = code.position(ofOffset: offset)
        return .kata(message, values, file: path, line: line, column: column)
    }
}
