import KataBasics

/// A fenced code block that belongs to an exercise, or a plain example block.
public struct CodeBlock: Sendable, Equatable {
    /// What a block does for its exercise.
    public enum Role: String, Sendable, CaseIterable {
        /// The learner's initial file.
        case starter
        /// Examples that judge an implement exercise.
        case spec
        /// Code compiled into every build of the exercise.
        case support
        /// The correct implementation a specify exercise's learner specs must pass against.
        case subject
        /// A broken implementation the learner's specs must catch.
        case mutant
    }

    /// The block's role; nil for a plain example block.
    public var role: Role?
    /// The code between the fences.
    public var code: String
    /// The opening fence.
    public var location: SourceLocation
    /// The block's raw attributes.
    public var info: FenceInfo

    /// Creates a block.
    public init(role: Role?, code: String, location: SourceLocation, info: FenceInfo) {
        self.role = role
        self.code = code
        self.location = location
        self.info = info
    }

    /// The line and column of the first line of code, for `#sourceLocation`.
    public var codeLocation: SourceLocation {
        SourceLocation(file: location.file, line: location.line + 1, column: location.column)
    }
}

/// A deliberately broken implementation, with what it breaks.
public struct Mutant: Sendable, Equatable {
    /// The mutant's name, as feedback shows it.
    public var name: String
    /// What is wrong with it, shown once it is caught (or when it survives).
    public var note: String
    /// The code.
    public var block: CodeBlock
}

/// One progressive hint.
public struct Hint: Sendable, Equatable {
    /// The hint's Markdown.
    public var markdown: String
    /// The hint's fence.
    public var location: SourceLocation
}
