import KataBasics
import KataBuilding
import KataMessages

/// Decides whether an operator in the learner's file could stand in for one the chapter's code relies on.
///
/// An operator is the learner's to define when one of its operands is a struct, class or enum the learner's file
/// declares: no code but the learner's can hand it such a value. Any other operator is refused when the chapter's code
/// uses its name (a learner's `==` for two `Int`s would answer the specs' `a == b`), and also when the compiler could
/// take it for a type's own through a protocol, whatever the chapter's code spells: a top-level
/// `func == (Thumbnail, Thumbnail)` beside the support code's `struct Thumbnail: Equatable` becomes Thumbnail's
/// `Equatable` witness, which `XCTAssertEqual`, `#expect(a == b)` and KataSpec's `equal` all call. That happens for an
/// operand of the program's own modules (the support code's, the subject's, the specs'), a generic operand, and an
/// operator in a protocol's extension (its `Self` is any type that conforms, the support code's included). An operator
/// for other modules' concrete types only (`**` for two `Double`s) that the chapter's code never uses stays free.
struct OperatorScreen {
    /// The structs, classes and enums the learner's file declares, by precise identifier.
    var ownTypes: Set<String>
    /// The program's own modules (the code under test, and the specs).
    var modules: Set<String>
    /// The operators the chapter's code uses.
    var chapterOperators: Set<String>
    /// The type each member belongs to, by precise identifier (the graph's `memberOf` relationships).
    var owners: [String: String]

    init(graph: SymbolGraph, learnerSymbols: [SymbolGraph.Symbol], modules: Set<String>, chapterTokens: SwiftTokens) {
        ownTypes = Set(learnerSymbols.filter(\.isNominalType).map(\.identifier.precise))
        self.modules = modules
        chapterOperators = chapterTokens.operators
        var owners: [String: String] = [:]
        for relationship in graph.relationships where relationship.kind == "memberOf" {
            owners[relationship.source] = relationship.target
        }
        self.owners = owners
    }

    /// The refusal of `symbol`, an operator of the learner's file declared at `place`; nil when it is the learner's to
    /// define.
    func finding(for symbol: SymbolGraph.Symbol, at place: DeclarationScreen.Place) -> CompilerDiagnostic? {
        let name = symbol.baseName
        let owner = owners[symbol.identifier.precise]
        let operands = symbol.parameterTypes + [owner].compactMap { $0 }
        if operands.contains(where: ownTypes.contains) { return nil }
        guard chapterOperators.contains(name) || couldBeAWitness(symbol, owner: owner) else { return nil }
        if symbol.pathComponents.count > 1 {
            let type = symbol.pathComponents.dropLast().joined(separator: ".")
            return place.error(.screenOperatorFor, ["name": name, "type": type])
        }
        var spellings: [String] = []
        for fragment in symbol.parameterTypeFragments where !spellings.contains(fragment.spelling) {
            spellings.append(fragment.spelling)
        }
        let types = spellings.isEmpty ? [name] : spellings
        return place.error(.screenOperator, ["name": name, "types": types.map { "`\($0)`" }.joined(separator: ", ")])
    }

    /// Whether the compiler could take the operator for the one a type of the program has through a protocol
    /// (`Equatable`'s `==`, `Comparable`'s `<`): not when its operands are all concrete types of other modules.
    private func couldBeAWitness(_ symbol: SymbolGraph.Symbol, owner: String?) -> Bool {
        if symbol.swiftExtension?.typeKind == "swift.protocol" { return true }
        let isProgramType = { (usr: String) in SymbolGraph.module(ofUSR: usr).map(modules.contains) ?? true }
        if let owner, isProgramType(owner) { return true }
        return symbol.parameterTypeFragments.contains { fragment in
            guard let usr = fragment.preciseIdentifier else {
                // `Self` in a member of a concrete type is that type, judged above; anything else written without a
                // precise identifier stands for a type not named here.
                return fragment.spelling != "Self" || owner == nil
            }
            return isProgramType(usr)
        }
    }
}
