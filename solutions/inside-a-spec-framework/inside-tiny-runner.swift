final class TinyRunner {
    private final class Group {
        let name: String
        var hooks: [() -> Void] = []

        init(name: String) {
            self.name = name
        }
    }

    private struct StoredExample {
        let name: String
        let groups: [Group]
        let body: () throws -> Void
    }

    private var stack: [Group] = []
    private var examples: [StoredExample] = []

    func describe(_ description: String, _ body: () -> Void) {
        stack.append(Group(name: description))
        body()
        stack.removeLast()
    }

    func beforeEach(_ hook: @escaping () -> Void) {
        stack.last?.hooks.append(hook)
    }

    func it(_ description: String, _ body: @escaping () throws -> Void) {
        let name = (stack.map(\.name) + [description]).joined(separator: " ")
        examples.append(StoredExample(name: name, groups: stack, body: body))
    }

    /// Runs every example in declaration order; one report line per example.
    func run() -> [String] {
        examples.map { example in
            for hook in example.groups.flatMap(\.hooks) { hook() }
            do {
                try example.body()
                return "✓ \(example.name)"
            } catch {
                return "✗ \(example.name): \(error)"
            }
        }
    }
}
