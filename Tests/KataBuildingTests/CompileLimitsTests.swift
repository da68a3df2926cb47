import Foundation
import Testing

@testable import KataBuilding
@testable import KataMessages
@testable import KataSystem

@Suite("The limits a compiler's job runs under")
struct CompileLimitsTests {
    @Test("the defaults are generous, the environment sets smaller ones, and a typo never turns them off")
    func environment() {
        let defaults = CompileLimits(environment: [:])
        #expect(defaults.seconds == 60)
        #expect(defaults.memoryBytes == 4 << 30)
        #expect(defaults.forLibrary.seconds == 600, "KataSpec's build gets ten times as long")
        #expect(defaults.cpuSeconds > 60, "kata's own deadline comes before the kernel's")

        let small = CompileLimits(environment: ["KATA_COMPILE_SECONDS": "2.5", "KATA_COMPILE_MEMORY": "192"])
        #expect(small.seconds == 2.5)
        #expect(small.memoryBytes == 192 << 20)

        for typo in ["", "0", "-3", "ten", "inf", "nan"] {
            let limits = CompileLimits(environment: ["KATA_COMPILE_SECONDS": typo, "KATA_COMPILE_MEMORY": typo])
            #expect(limits == defaults, "\(typo)")
        }
    }

    @Test("what a stop says: the file, the time or the memory, the line when known, and what to do")
    func messages() throws {
        let english = Messages(.source)
        let time = BuildError.compilerStopped(.time(seconds: 60), file: "exercises/a/b.swift", line: 7)
            .description(in: english)
        #expect(time.hasPrefix("the compiler was still working on exercises/a/b.swift after 60 s, so kata stopped it."))
        #expect(time.contains("Spell out the types at line 7, where the compiler was"))
        #expect(time.contains("Nothing was recorded."))
        #expect(time.contains("KATA_COMPILE_SECONDS=<seconds>"))

        let memory = BuildError.compilerStopped(.memory(bytes: 192 << 20), file: nil, line: nil)
            .description(in: english)
        #expect(memory.hasPrefix("the compiler needed more than 192 MiB of memory for your file, so kata stopped it."))
        #expect(!memory.contains("at line"))

        let chinese = BuildError.compilerStopped(.time(seconds: 2.5), file: "exercises/a/b.swift", line: 3)
            .description(in: Messages(try #require(Language(code: "zh-Hans"))))
        #expect(chinese.hasPrefix("编译器处理 exercises/a/b.swift 超过了 2.5 秒还没有结束"))
        #expect(chinese.contains("第 3 行"))

        let library = BuildError.specLibraryStopped(.time(seconds: 600)).description(in: english)
        #expect(library.hasPrefix("KataSpec was still compiling after 600 s"))
        #expect(library.contains("nothing is wrong with your code"))
    }

    @Test("a job that was refused memory is told from one that failed: by what it printed, or a crash near the limit")
    func outOfMemory() {
        let limits = CompileLimits(environment: ["KATA_COMPILE_MEMORY": "256"])
        let said = ExternalCommand.Result(status: 6, output: "LLVM ERROR: out of memory\nAllocation failed\n")
        #expect(ExternalCommand.ranOutOfMemory(said, peak: 0, limits: limits))
        let crashed = ExternalCommand.Result(
            status: 1, output: "error: compile command failed due to signal 11 (use -v to see invocation)\n")
        #expect(ExternalCommand.ranOutOfMemory(crashed, peak: 200 << 20, limits: limits))
        #expect(!ExternalCommand.ranOutOfMemory(crashed, peak: 40 << 20, limits: limits), "a crash far below it")
        let error = ExternalCommand.Result(status: 1, output: "a.swift:1:1: error: cannot find 'x' in scope\n")
        #expect(!ExternalCommand.ranOutOfMemory(error, peak: 250 << 20, limits: limits))
    }
}
