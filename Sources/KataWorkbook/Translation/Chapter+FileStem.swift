extension Chapter {
    /// The chapter's file name without `.md` (`01-tdd-and-bdd`): how the translation commands name a chapter.
    public var fileStem: String { String(url.lastPathComponent.dropLast(3)) }
}
