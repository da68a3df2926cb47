import KataBasics
import KataBuilding

/// Holds a learner's declarations of what the chapter's code uses to the signatures the starter declares.
///
/// The specs of an implement exercise are written against the starter's declarations: `greeting(for:)` returns a
/// `String`, and `expect(greeting(for: "Ada")).to(equal("Hello, Ada!"))` compares two strings. A file that changes
/// the return type to a type of its own, whose `==` always says true and which a string literal can make, would
/// compile against the same specs and pass them without being tested. So every declaration of the starter whose name
/// the chapter's code uses must still be there, of the same kind, with the same parameters and types (argument
/// labels, parameter and return types, a property's type; parameter names, default values, bodies, `let` or `var`
/// and effects are free). Both sides come from the compiler's symbol graphs, types by their precise identifiers, so
/// a learner's `typealias String = …` does not pass for `Swift.String`.
///
/// Nor may the file give a type of the chapter's a conformance the starter does not: the support code's `struct Money`
/// made `CustomStringConvertible` would answer a spec that reads `"\(total)"` with whatever the learner wrote, as
/// an `==` would (see ``OperatorScreen``).
struct SignatureScreen {
    /// The learner's file (and the starter's, compiled under the same path), relative to the workbook root.
    var path: String
    /// Identifiers of everything compiled beside the learner's file.
    var chapterTokens: SwiftTokens
    /// The learner's file, to point at the extension that adds a conformance (which has no symbol of its own).
    var contents = ""

    /// What a declaration is, for telling a changed one from a renamed one.
    enum Family: Equatable {
        case type, typeAlias, callable, value, other

        init(_ kind: String) {
            switch kind {
            case "swift.struct", "swift.class", "swift.enum", "swift.actor", "swift.protocol": self = .type
            case "swift.typealias": self = .typeAlias
            case "swift.func", "swift.method", "swift.type.method", "swift.func.op", "swift.init", "swift.subscript",
                "swift.type.subscript":
                self = .callable
            case "swift.var", "swift.property", "swift.type.property", "swift.enum.case": self = .value
            default: self = .other
            }
        }
    }

    func findings(learner: SymbolGraph, starter: SymbolGraph) -> [CompilerDiagnostic] {
        signatureFindings(learner: learner, starter: starter) + conformanceFindings(learner: learner, starter: starter)
    }

    /// Conformances the learner's file gives types it does not declare, of the code under test's module (the support
    /// code's), that the starter does not give them.
    func conformanceFindings(learner: SymbolGraph, starter: SymbolGraph) -> [CompilerDiagnostic] {
        let conformances = { (graph: SymbolGraph) in graph.relationships.filter { $0.kind == "conformsTo" } }
        let starterConformances = Set(conformances(starter).map { "\($0.source) \($0.target)" })
        let learnersOwn = Set(
            learner.symbols.filter { $0.isDeclared(in: path) && Family($0.kind.identifier) == .type }
                .map(\.identifier.precise))
        let names = Dictionary(
            (learner.symbols + starter.symbols).map {
                ($0.identifier.precise, $0.pathComponents.joined(separator: "."))
            },
            uniquingKeysWith: { first, _ in first })
        var findings: [CompilerDiagnostic] = []
        for relationship in conformances(learner)
        where !learnersOwn.contains(relationship.source)
            && SymbolGraph.module(ofUSR: relationship.source) == GeneratedProgram.exerciseModule
            && !starterConformances.contains("\(relationship.source) \(relationship.target)")
        {
            // The graph lists a type's conformances wherever the module extends it, those the compiler gives every
            // type too: a marker protocol has no requirement a file could answer differently.
            let proto = relationship.targetFallback ?? names[relationship.target] ?? "a protocol"
            if Self.markerProtocols.contains(proto) { continue }
            let type = names[relationship.source] ?? "a type of the chapter's"
            let shown = String(proto.split(separator: ".").last ?? Substring(proto))
            findings.append(
                .kata(
                    .screenConformsChapterType, ["type": type, "protocol": shown], file: path,
                    line: SwiftCodeText(contents).firstConformingExtensionLine ?? 1, column: 1))
        }
        return findings
    }

    /// Protocols without requirements, which every type of the chapter's may have whatever a file says.
    static let markerProtocols: Set<String> = [
        "Swift.Copyable", "Swift.Escapable", "Swift.BitwiseCopyable", "Swift.Sendable", "Swift.SendableMetatype",
    ]

    private func signatureFindings(learner: SymbolGraph, starter: SymbolGraph) -> [CompilerDiagnostic] {
        let learnerSymbols = learner.symbols.filter { !$0.isSynthesized && $0.isDeclared(in: path) }
        let starterSymbols = starter.symbols.filter {
            !$0.isSynthesized && $0.isDeclared(in: path) && !["private", "fileprivate"].contains($0.accessLevel ?? "")
        }
        let starterTypes = Set(starterSymbols.filter { Family($0.kind.identifier) == .type }.map(\.pathComponents))
        let learnerPaths = Set(learnerSymbols.map(\.pathComponents))
        var findings: [CompilerDiagnostic] = []
        // An initializer the compiler made (`init()` of a class whose properties all have values) sits where its type
        // is declared: the learner need not write it.
        let typePositions = Dictionary(
            starterSymbols.filter { Family($0.kind.identifier) == .type }.map {
                ($0.pathComponents, $0.location.map { "\($0.position.line):\($0.position.character)" })
            }, uniquingKeysWith: { first, _ in first })
        for symbol in starterSymbols where isUsedByChapter(symbol) {
            let parent = Array(symbol.pathComponents.dropLast())
            if symbol.baseName == "init", let position = symbol.location?.position,
                typePositions[parent] == "\(position.line):\(position.character)"
            {
                continue
            }
            // A type the learner dropped is reported once, not once for each of its members.
            if (1...max(1, parent.count)).contains(where: { count in
                count <= parent.count && starterTypes.contains(Array(parent.prefix(count)))
                    && !learnerPaths.contains(Array(parent.prefix(count)))
            }) {
                continue
            }
            let family = Family(symbol.kind.identifier)
            let namesakes = learnerSymbols.filter {
                Array($0.pathComponents.dropLast()) == parent && $0.baseName == symbol.baseName
            }
            let expected = Self.shown(symbol)
            if family == .type {
                guard !namesakes.contains(where: { Family($0.kind.identifier) == .type }) else { continue }
            } else if let same = namesakes.first(where: {
                $0.pathComponents.last == symbol.pathComponents.last && Family($0.kind.identifier) == family
            }) {
                guard Self.signature(same) != Self.signature(symbol) else { continue }
                if let name = Self.shadowedType(same, symbol) {
                    findings.append(
                        place(of: same).error(.screenSignatureShadowed, ["expected": expected, "name": name]))
                } else {
                    findings.append(
                        place(of: same).error(
                            .screenSignatureChanged, ["expected": expected, "actual": Self.shown(same)]))
                }
                continue
            }
            if let other = namesakes.first {
                findings.append(
                    place(of: other).error(
                        .screenSignatureChanged, ["expected": expected, "actual": Self.shown(other)]))
            } else {
                let owner = learnerSymbols.first { $0.pathComponents == parent }
                findings.append(
                    (owner.map(place(of:)) ?? DeclarationScreen.Place(path: path, line: 1, column: 1)).error(
                        .screenSignatureMissing, ["expected": expected]))
            }
        }
        return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// A starter's declaration counts when the chapter's code says its name (an initializer: its type's name).
    private func isUsedByChapter(_ symbol: SymbolGraph.Symbol) -> Bool {
        let name = symbol.baseName == "init" ? symbol.pathComponents.dropLast().last ?? "" : symbol.baseName
        return chapterTokens.identifiers.contains(name)
    }

    /// The declaration as the learner reads it: `func greeting(for: String) -> String`, a member inside its type
    /// (`Account { var balance: Int }`).
    static func shown(_ symbol: SymbolGraph.Symbol) -> String {
        guard let heading = symbol.names?.subHeading else { return symbol.pathComponents.joined(separator: ".") }
        let text = heading.map(\.spelling).joined()
        let owner = symbol.pathComponents.dropLast()
        return owner.isEmpty ? text : "\(owner.joined(separator: ".")) { \(text) }"
    }

    /// What must stay the same: the heading without keywords, each type with its precise identifier.
    static func signature(_ symbol: SymbolGraph.Symbol) -> String {
        (symbol.names?.subHeading ?? []).filter { $0.kind != "keyword" }.map { fragment in
            fragment.kind == "typeIdentifier"
                ? "\(fragment.spelling)<\(fragment.preciseIdentifier ?? "")>" : fragment.spelling
        }.joined()
    }

    /// A type that reads the same in both declarations and is another one in the learner's (a `typealias Int` of
    /// the learner's): its name.
    static func shadowedType(_ learner: SymbolGraph.Symbol, _ starter: SymbolGraph.Symbol) -> String? {
        let theirs = (learner.names?.subHeading ?? []).filter { $0.kind == "typeIdentifier" }
        let ours = (starter.names?.subHeading ?? []).filter { $0.kind == "typeIdentifier" }
        guard theirs.map(\.spelling) == ours.map(\.spelling) else { return nil }
        return zip(theirs, ours).first { $0.preciseIdentifier != $1.preciseIdentifier }?.0.spelling
    }

    private func place(of symbol: SymbolGraph.Symbol) -> DeclarationScreen.Place {
        DeclarationScreen.Place(
            path: path, line: (symbol.location?.position.line ?? 0) + 1,
            column: (symbol.location?.position.character ?? 0) + 1)
    }
}
