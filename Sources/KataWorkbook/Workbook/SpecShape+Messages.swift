import Foundation
import KataMessages

extension SpecShape {
    /// Every requirement, in the order a report lists them, in the language of `t` (``asked`` is English, for
    /// `--format json` and JUnit).
    package func asked(_ t: Messages) -> [String] {
        var lines: [String] = []
        if let examples { lines.append(t.count(examples, .shapeExamplesOne, .shapeExamples)) }
        if let contexts { lines.append(t.count(contexts, .shapeContextsOne, .shapeContexts)) }
        if let examplesPerContext {
            lines.append(t.count(examplesPerContext, .shapeExamplesPerContextOne, .shapeExamplesPerContext))
        }
        if let shared { lines.append(t(.shapeShared, ["name": shared])) }
        if let tests { lines.append(t.count(tests, .shapeTestsOne, .shapeTests)) }
        if let arguments { lines.append(t.count(arguments, .shapeArgumentsOne, .shapeArguments)) }
        return lines
    }
}

extension Messages {
    /// What a shape check found in the learner's spec (``ShapeCheck/Requirement/found``, which is English), in
    /// this language; the English text when it is none of the forms the check writes.
    package func shapeFound(_ found: String) -> String {
        guard !language.isSource else { return found }
        if found == "you have no contexts yet" { return self(.shapeFoundNoContexts) }
        if let match = found.wholeMatch(of: /you have (\d+)/) {
            return self(.shapeFoundCount, ["count": String(match.output.1)])
        }
        if let match = found.wholeMatch(of: /your largest has (\d+)/) {
            return self(.shapeFoundArguments, ["count": String(match.output.1)])
        }
        if let match = found.wholeMatch(of: /you include them in (\d+)/) {
            return self(.shapeFoundShared, ["count": String(match.output.1)])
        }
        if let match = found.wholeMatch(of: /"(.*)" has (\d+)/) {
            return self(.shapeFoundContext, ["name": String(match.output.1), "count": String(match.output.2)])
        }
        return found
    }
}
