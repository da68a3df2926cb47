import Testing

@testable import KataApp
@testable import KataTools

/// The ids kata computes for a learner's committed file are git's own, or no committed file would ever be graded
/// (the text is taken only when it hashes back to the id the commit records). The expected ids are what
/// `git hash-object` prints for the same bytes, in a SHA-1 and in a SHA-256 repository.
@Suite("Git blob ids")
struct GitBlobIDTests {
    static let sha1Like = String(repeating: "0", count: 40)
    static let sha256Like = String(repeating: "0", count: 64)

    @Test("SHA-1 ids match git hash-object, over one block and several")
    func sha1() {
        #expect(GitBlobID.of([], like: Self.sha1Like) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(GitBlobID.of(Array("hello\n".utf8), like: Self.sha1Like) == "ce013625030ba8dba906f756967f9e9ca394464a")
        let long = Array((String(repeating: "x", count: 100) + "\n").utf8)
        #expect(GitBlobID.of(long, like: Self.sha1Like) == "762ca2a61a8d6d616ae31d6901e90919cb0d048b")
    }

    @Test("SHA-256 ids match git hash-object in a SHA-256 repository")
    func sha256() {
        #expect(
            GitBlobID.of([], like: Self.sha256Like)
                == "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813")
        let long = Array((String(repeating: "x", count: 100) + "\n").utf8)
        #expect(
            GitBlobID.of(long, like: Self.sha256Like)
                == "d753ea0b3dc2041aa5bb31667250bb33c011e6137052e002bb261998b11c592e")
    }

    @Test("only 40 or 64 lowercase hex digits are an id")
    func ids() {
        #expect(GitBlobID.isID(Self.sha1Like))
        #expect(GitBlobID.isID("ce013625030ba8dba906f756967f9e9ca394464a"))
        #expect(!GitBlobID.isID("CE013625030BA8DBA906F756967F9E9CA394464A"))
        #expect(!GitBlobID.isID("ce013625030ba8dba906f756967f9e9ca39446"))
        #expect(!GitBlobID.isID("fatal: not a git repository: '/tmp/x/.git'"))
    }
}
