/// A short random name (`3k9x0q2m1a7b`) for a folder or a token no one can guess ahead: a build folder's, so that a
/// learner's spec cannot tell the subject's program from a mutant's by its path.
package func randomName() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(generator.next() as UInt64, radix: 36)
}
