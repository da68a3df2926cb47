import KataBasics

/// A fenced code block that belongs to an exercise, or a plain example block.
package struct CodeBlock: Sendable, Equatable {
    /// What a block does for its exercise.
    package enum Role: String, Sendable, CaseIterable {
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
    package var role: Role?
    /// The code between the fences.
    package var code: String
    /// The opening fence.
    package var location: SourceLocation
    /// The block's raw attributes.
    package var info: FenceInfo

    /// Creates a block.
    package init(role: Role?, code: String, location: SourceLocation, info: FenceInfo) {
        self.role = role
        self.code = code
        self.location = location
        self.info = info
    }

    /// The line and column of the first line of code, for `#sourceLocation`.
    package var codeLocation: SourceLocation {
        SourceLocation(file: location.file, line: location.line + 1, column: location.column)
    }
}

/// A deliberately broken implementation, with what it breaks.
package struct Mutant: Sendable, Equatable {
    /// The mutant's name, as feedback shows it.
    package var name: String
    /// What is wrong with it, shown once it is caught (or when it survives).
    package var note: String
    /// The code.
    package var block: CodeBlock
}

/// One progressive hint.
package struct Hint: Sendable, Equatable {
    /// The hint's Markdown.
    package var markdown: String
    /// The hint's fence.
    package var location: SourceLocation
}
