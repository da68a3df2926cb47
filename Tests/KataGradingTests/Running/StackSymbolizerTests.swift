import Foundation
import Testing

@testable import KataGrading

@Suite("Naming where a stalled example was")
struct StackSymbolizerTests {
    @Test("llvm-symbolizer's answer: one frame per address, none where it knows nothing, no line for made-up code")
    func parse() {
        let output = """
            $s8Exercise4spinSiyF
            /tmp/run/exercises/checks/loops.swift:4:18

            ??
            ??:0:0

            $s8Exercise8greeting3forS2S_tF
            /tmp/run/exercises/welcome/hello-kata.swift:0:0

            $s8Exercise12GreetingSpecC4specyyFZyycfU_SSSgyKcfu_
            /<compiler-generated>:0:0

            """
        #expect(
            StackSymbolizer.parse(output) == [
                .init(function: "$s8Exercise4spinSiyF", file: "/tmp/run/exercises/checks/loops.swift", line: 4), nil,
                .init(
                    function: "$s8Exercise8greeting3forS2S_tF", file: "/tmp/run/exercises/welcome/hello-kata.swift",
                    line: nil),
                .init(function: "$s8Exercise12GreetingSpecC4specyyFZyycfU_SSSgyKcfu_", file: nil, line: nil),
            ])
    }

    @Test("a closure is named by the function it is in, as the learner wrote it")
    func functionNames() {
        #expect(ProgramRunner.functionName("spin()") == "spin()")
        #expect(ProgramRunner.functionName("closure #1 in closure #2 in static LoopSpec.spec()") == "LoopSpec.spec()")
        #expect(ProgramRunner.functionName("countVowels(in:)") == "countVowels(in:)")
    }

    @Test("the program's line shortly before the time limit, found in a real program's line tables")
    func realProgram() throws {
        let swiftc = try #require(
            ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map {
                URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
            }.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let symbolizer = try #require(StackSymbolizer(swiftc: swiftc), "the toolchain ships llvm-symbolizer")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            """
            #sourceLocation(file: "exercises/checks/loops.swift", line: 1)
            func spin() -> Int { 41 }
            func answer() -> Int {
                spin() + 1
            }
            #sourceLocation()
            @main struct Main { static func main() { print(answer()) } }

            """.utf8
        ).write(to: folder.appendingPathComponent("main.swift"))
        let program = folder.appendingPathComponent("program")
        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-Onone", "-gline-tables-only", "-parse-as-library", "-module-name", "Exercise", "main.swift", "-o",
            program.path,
        ]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        // The return address of `spin()`'s call in `answer()`, as a stalled `spin()` would report it.
        let call = try #require(returnAddress(of: "$s8Exercise4spinSiyF", in: program, swiftc: swiftc))
        let frames = symbolizer.frames(of: program, base: 0x10000, interrupted: 0, addresses: [0x10000 + call])
        #expect(frames.first?.function == "answer()")
        #expect(frames.first?.file?.hasSuffix("exercises/checks/loops.swift") == true)
        #expect(frames.first?.line == 3, "the line of `spin() + 1`, the third after #sourceLocation")
    }

    /// The address after the one call of `function` in `program`, read from its disassembly.
    private func returnAddress(of function: String, in program: URL, swiftc: URL) -> UInt64? {
        let objdump = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "llvm-objdump")
        let process = Process()
        let pipe = Pipe()
        process.executableURL = objdump
        process.arguments = ["-d", "--no-show-raw-insn", program.path]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        guard
            let call = lines.firstIndex(where: {
                ($0.contains("call") || $0.contains("bl")) && $0.contains("<\(function)>")
            }),
            call + 1 < lines.count
        else { return nil }
        let next = lines[call + 1].trimmingCharacters(in: .whitespaces)
        return UInt64(next.prefix { $0 != ":" }, radix: 16)
    }
}
