import Foundation
import Testing

@testable import KataKit

@Suite("Prompts in the terminal")
struct PromptTextTests {
    static let longSupport = (1...14).map { "    func helper\($0)() -> Int { \($0) }" }.joined(separator: "\n")

    static let chapter = """
        # Views

        ## Bind the view

        Read the support code first.

        ```swift support id=bind
        /// A value that tells its observers.
        final class Observable<Value> {
            var value: Value
            init(_ value: Value) { self.value = value }
        \(longSupport)
        }

        func combine(_ a: Int, _ b: Int) -> Int { a + b }

        protocol LoginClient {}
        private struct Hidden {}
        ```

        ```swift support id=bind
        protocol Short {}
        ```

        Now write `bind`.

        ```swift spec id=bind
        final class BindSpec: QuickSpec {
            override class func spec() { it("binds") { expect(bind()).to(equal(1)) } }
        }
        ```

        ```swift starter id=bind
        func bind() -> Int { 0 }
        ```
        """

    @Test("a long support block is folded into one line that names what it declares and where to read it")
    func folded() throws {
        let workbook = try TestWorkbook([
            "chapters/01-views.md": Self.chapter, "solutions/views/bind.swift": "func bind() -> Int { 1 }\n",
        ])
        let workspace = try Workspace(root: workbook.root, displayBase: workbook.root)
        let exercise = try workspace.exercise("bind")
        let text = PromptText(workspace: workspace, style: TerminalStyle(color: false, width: 200)).render(exercise)
        #expect(
            text.contains(
                "Support code (24 lines, compiled with your file): `Observable`, `combine`, `LoginClient`, `Hidden`. "
                    + "Read it in chapters/01-views.md:8."))
        #expect(!text.contains("func helper1"), "the long block is not printed")
        #expect(text.contains("    protocol Short {}"), "a short support block is shown as it is")
        #expect(text.contains("    final class BindSpec: QuickSpec {"), "the spec is always shown")
        #expect(text.hasPrefix("Read the support code first."))
    }
}
