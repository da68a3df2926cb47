import Testing

@testable import KataBuilding
@testable import KataWorkbook

@Suite("Compiler diagnostics")
struct CompilerDiagnosticTests {
    @Test("the cause comes before the errors it causes; notes inside KataSpec are left out")
    func causeFirst() {
        let output = """
            chapters/11-capstone.md:40:13: error: generic parameter 'T' could not be inferred
            /opt/kata/Sources/KataSpec/Faces/Nimble.swift:8:13: note: in call to function 'expect(file:line:column:_:)'
            chapters/11-capstone.md:40:31: error: value of type 'WaitingList' has no member 'waiting'
            exercises/capstone/waiting.swift:3:5: warning: variable 'x' was never used
            chapters/11-capstone.md:41:9: note: did you mean 'wait'?
            """
        let diagnostics = CompilerDiagnostic.parse(output)
        #expect(
            diagnostics.map { "\($0.file):\($0.line): \($0.severity.rawValue): \($0.message)" } == [
                "chapters/11-capstone.md:40: error: value of type 'WaitingList' has no member 'waiting'",
                "exercises/capstone/waiting.swift:3: warning: variable 'x' was never used",
                "chapters/11-capstone.md:41: note: did you mean 'wait'?",
                "chapters/11-capstone.md:40: error: generic parameter 'T' could not be inferred",
            ])
    }

    @Test("when inference errors are all there is, they stay")
    func onlyEchoes() {
        let output = "exercises/a/b.swift:1:1: error: generic parameter 'T' could not be inferred"
        #expect(CompilerDiagnostic.parse(output).count == 1)
    }
}
