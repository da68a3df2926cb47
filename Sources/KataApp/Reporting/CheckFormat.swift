/// How `kata check` prints its results.
package enum CheckFormat: String, Sendable, CaseIterable {
    /// Documentation format for a person, with colour on a terminal.
    case human
    /// The Exercism test-runner interface, version 3, extended with mutant results.
    case json
    /// JUnit XML, for CI and autograders.
    case junit
}
