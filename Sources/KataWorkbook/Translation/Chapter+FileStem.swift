extension Chapter {
    /// The chapter's file name without `.md` (`01-tdd-and-bdd`): how the translation commands name a chapter.
    package var fileStem: String { String(url.lastPathComponent.dropLast(3)) }
}
