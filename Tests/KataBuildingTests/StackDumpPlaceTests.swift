import Testing

@testable import KataBuilding

@Suite("Where a stopped compiler was")
struct StackDumpPlaceTests {
    @Test("the innermost place of the stack dump, with the line #sourceLocation gives")
    func typeChecking() {
        let dump = """
            Please submit a bug report (https://swift.org/contributing/#reporting-bugs) and include the crash backtrace.
            Stack dump:
            0.\tProgram arguments: swift-frontend -frontend -c learner.swift -module-name Exercise
            1.\tSwift version 6.3.1 (swift-6.3.1-RELEASE)
            3.\tWhile evaluating request TypeCheckPrimaryFileRequest(source_file "/tmp/x/learner.swift")
            4.\tWhile evaluating request TypeCheckFunctionBodyRequest(Exercise.(file).f()@/tmp/x/learner.swift:5:6)
            5.\tWhile type-checking statement at [/tmp/x/learner.swift:5:20 - line:8:1] RangeText="{
                let a = 1, b = 2.0, c = 3
            "
            6.\tWhile type-checking statement at [/tmp/x/learner.swift:7:5 - line:7:102] RangeText="return -(1 + a)"
            7.\tWhile type-checking-target starting at /tmp/x/learner.swift:7:12
             #0 0x000055bd2e81e738 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/opt/swift/usr/bin/swift-frontend)
            """
        let place = StackDumpPlace.find(in: dump)
        #expect(place?.file == "learner.swift")
        #expect(place?.line == 7)
    }

    @Test("the parser's place, and none when the compiler was generating code")
    func otherStages() {
        let parser =
            "Stack dump:\n0.\tProgram arguments: swift-frontend\n5.\tWith parser at source location: main.swift:41:1\n"
        #expect(StackDumpPlace.find(in: parser)?.file == "main.swift")
        #expect(StackDumpPlace.find(in: parser)?.line == 41)

        let mangled = "$s8Exercise4GridV5cells" + String(repeating: "Si_S3it_", count: 200_000)
        let codeGeneration = """
            Stack dump:
            0.\tProgram arguments: swift-frontend -frontend -c learner.swift
            3.\tRunning pass 'X86 DAG->DAG Instruction Selection' on function '@"\(mangled)"'
            """
        #expect(StackDumpPlace.find(in: codeGeneration) == nil)
        #expect(StackDumpPlace.find(in: "learner.swift:3:1: error: cannot find 'x' in scope\n") == nil, "no dump")
    }
}
