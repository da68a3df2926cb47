/// The edits that can be undone and redone, newest last.
final class UndoStack {
    let limit: Int
    private var done: [String] = []
    private var undone: [String] = []

    init(limit: Int) {
        self.limit = limit
    }

    var canUndo: Bool { !done.isEmpty }
    var canRedo: Bool { !undone.isEmpty }

    /// Remembers `edit` and forgets anything that could be redone.
    func record(_ edit: String) {
        done.append(edit)
        undone.removeAll()
        if done.count > limit {
            done.removeFirst(done.count - limit)
        }
    }

    /// The latest edit, which can then be redone; `nil` when there is nothing to undo.
    func undo() -> String? {
        guard let edit = done.popLast() else { return nil }
        undone.append(edit)
        return edit
    }

    /// The latest undone edit, which can then be undone again; `nil` when there is nothing to redo.
    func redo() -> String? {
        guard let edit = undone.popLast() else { return nil }
        done.append(edit)
        return edit
    }
}
