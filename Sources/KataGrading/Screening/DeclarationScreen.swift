import Foundation
import KataBasics
import KataBuilding
import KataMessages

/// Finds the declarations in a learner's file that would change what the chapter's code calls, from the compiler's
/// own list of them (the symbol graph of the compiled program).
///
/// The chapter's specs and kata's entry point import the learner's module beside KataSpec, and there a learner's
/// declaration competes with KataSpec's of the same name: a more specific one wins (a learner's `equal(_: Int)`
/// over KataSpec's generic `equal`), an equally specific one makes the spec ambiguous. A learner's `equal` would
/// replace KataSpec's `equal` in the specs, and an `extension Array { var count: Int { 3 } }` would replace the standard
/// library's `count`. So a learner's declaration is refused when it
/// - extends one of KataSpec's types, or the chapter's spec classes, or makes them conform to something;
/// - is at the top level, or in an extension of a type from another module (Swift, Foundation…), and has the name of
///   something the chapter's code uses that KataSpec or the imported libraries already declare;
/// - is an operator for none of the learner's own types that the chapter's code uses, or that could stand in for the
///   operator a type of the program has through a protocol (see ``OperatorScreen``).
///
/// Names the chapter's code does not use are free: a learner's own `Result` type harms no spec that never says
/// `Result`.
package struct DeclarationScreen {
    /// The learner's file, relative to the workbook root (its symbols carry that path).
    var path: String
    /// The program's own modules (the code under test, and the specs).
    var modules: Set<String>
    /// What KataSpec declares.
    var kataSpecNames: KataSpecNames
    /// Identifiers and operators of everything compiled beside the learner's file (specs, support, subject or
    /// mutant, the entry point).
    var chapterTokens: SwiftTokens
    /// The chapter's spec classes (implement exercises).
    var chapterSpecClasses: Set<String>
    /// The learner's file, to point at the extension that adds a conformance (which has no symbol of its own).
    var contents: String
    /// Top-level names the chapter's code under test declares in the other module (a specify exercise's subject and
    /// support): a learner's declaration of one would stand in for it in the learner's specs.
    var codeUnderTest: Set<String> = []

    /// The modules a test program imports or is made of. A top-level declaration of one of their names would stand for
    /// the module where the chapter's code names something through it (`#expect` expands to `Testing.…`).
    static let programModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Observation", "Synchronization",
        "_Concurrency", "Testing", "XCTest", "KataSpec", "KataHarness", "KataXCTestHarness", "Exercise",
        "ExerciseSpecs",
    ]

    /// A name that only the compiler can say whether the imported libraries declare.
    enum Question: Hashable, Sendable {
        case topLevel(String)
        case member(type: String, name: String, isStatic: Bool)
    }

    /// The findings, and the questions whose answer (does the name already exist?) decides the rest.
    func screen(_ graph: SymbolGraph) -> (findings: [CompilerDiagnostic], questions: [Question: CompilerDiagnostic]) {
        var findings: [CompilerDiagnostic] = []
        var questions: [Question: CompilerDiagnostic] = [:]
        let learnerSymbols = graph.symbols.filter { !$0.isSynthesized && $0.isDeclared(in: path) }
        let learnerUSRs = Set(learnerSymbols.map(\.identifier.precise))
        let operators = OperatorScreen(
            graph: graph, learnerSymbols: learnerSymbols, modules: modules, chapterTokens: chapterTokens)
        let specClassUSRs = Set(
            graph.symbols.filter { $0.pathComponents.count == 1 && chapterSpecClasses.contains($0.pathComponents[0]) }
                .map(\.identifier.precise))

        for symbol in learnerSymbols {
            let name = symbol.baseName
            let typePath = symbol.pathComponents.dropLast().joined(separator: ".")
            let place = location(of: symbol)
            if let extended = symbol.swiftExtension?.extendedModule, !modules.contains(extended) {
                if extended == "KataSpec" {
                    findings.append(place.error(.screenExtendsKataSpecWith, ["type": typePath, "name": name]))
                } else if symbol.isOperator {
                    findings += [operators.finding(for: symbol, at: place)].compactMap { $0 }
                } else if isUsedByChapter(symbol) {
                    if kataSpecNames.all.contains(name) {
                        findings.append(place.error(.screenKataSpecName, ["name": name]))
                    } else {
                        let isStatic =
                            symbol.kind.identifier.hasPrefix("swift.type.") || name == "init"
                            || ["swift.struct", "swift.class", "swift.enum", "swift.typealias", "swift.protocol"]
                                .contains(symbol.kind.identifier)
                        let memberName = name == "init" ? symbol.pathComponents.last ?? name : name
                        questions[.member(type: typePath, name: memberName, isStatic: isStatic)] = place.error(
                            .screenMemberReplaces, ["type": typePath, "name": name])
                    }
                }
            } else if symbol.swiftExtension == nil, symbol.pathComponents.count == 1 {
                if Self.programModules.contains(name) {
                    findings.append(place.error(.screenModuleName, ["name": name]))
                } else if symbol.isOperator {
                    findings += [operators.finding(for: symbol, at: place)].compactMap { $0 }
                } else if codeUnderTest.contains(name) {
                    findings.append(place.error(.screenCodeUnderTest, ["name": name]))
                } else if chapterTokens.identifiers.contains(name) {
                    if kataSpecNames.topLevel.contains(name) {
                        findings.append(place.error(.screenKataSpecName, ["name": name]))
                    } else {
                        questions[.topLevel(name)] = place.error(.screenLibraryName, ["name": name])
                    }
                }
            } else if let owner = symbol.pathComponents.first, chapterSpecClasses.contains(owner),
                symbol.swiftExtension != nil
            {
                findings.append(place.error(.screenExtendsSpecClass, ["name": owner]))
            } else if symbol.isOperator {
                // A member of one of the learner's types, or of an extension of the program's: the chapter's
                // `struct Thumbnail: Equatable` would take an `extension Thumbnail { static func == … }` as its own.
                findings += [operators.finding(for: symbol, at: place)].compactMap { $0 }
            }
        }

        // A conformance added by an extension has no symbol of its own; the relationship says who gained it.
        for relationship in graph.relationships where relationship.kind == "conformsTo" {
            let toKataSpec = SymbolGraph.module(ofUSR: relationship.source) == "KataSpec"
            let toSpecClass = specClassUSRs.contains(relationship.source) && learnerUSRs.contains(relationship.target)
            guard toKataSpec || toSpecClass else { continue }
            let target =
                relationship.targetFallback ?? learnerSymbols.first {
                    $0.identifier.precise == relationship.target
                }?.pathComponents.joined(separator: ".") ?? "a protocol"
            findings.append(
                .kata(
                    toKataSpec ? .screenConformsKataSpec : .screenConformsSpecClass, ["protocol": target], file: path,
                    line: conformanceLine, column: 1))
        }
        return (findings, questions)
    }

    /// The first line of the learner's file with an extension that adds a conformance.
    private var conformanceLine: Int {
        SwiftCodeText(contents).firstConformingExtensionLine ?? 1
    }

    private func isUsedByChapter(_ symbol: SymbolGraph.Symbol) -> Bool {
        symbol.baseName == "init" || chapterTokens.identifiers.contains(symbol.baseName)
    }

    private func location(of symbol: SymbolGraph.Symbol) -> Place {
        // Symbol graphs count lines and columns from zero.
        Place(
            path: path, line: (symbol.location?.position.line ?? 0) + 1,
            column: (symbol.location?.position.character ?? 0) + 1)
    }

    package struct Place {
        var path: String
        var line: Int
        var column: Int

        func error(_ message: Message, _ values: [String: String]) -> CompilerDiagnostic {
            .kata(message, values, file: path, line: line, column: column)
        }
    }
}
