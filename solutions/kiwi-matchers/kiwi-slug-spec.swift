final class SlugSpec: KiwiSpec {
    override class func spec() {
        describe("slug(for:)") {
            it("keeps a simple word") {
                theValue(slug(for: "kiwi")).should.equal("kiwi")
            }
            it("lowercases capitals") {
                theValue(slug(for: "Kiwi BDD")).should.startWith("kiwi-bdd")
            }
            it("keeps digits") {
                theValue(slug(for: "Swift 6 Release")).should.containString("6")
                theValue(slug(for: "Swift 6 Release")).should.equal("swift-6-release")
            }
            it("turns a run of separators into a single dash") {
                theValue(slug(for: "Hello,   World")).should.equal("hello-world")
            }
            it("has no dash at either end") {
                theValue(slug(for: "¡Hola, amigos!")).shouldNot.startWith("-")
                theValue(slug(for: "¡Hola, amigos!")).shouldNot.endWith("-")
            }
            it("only ever holds lowercase letters and digits separated by single dashes") {
                for title in ["Hello, World!", "  Spaces  ", "Mixed_CASE--and 42 things?", "Café au lait"] {
                    theValue(slug(for: title)).should.matchPattern("^[a-z0-9]+(-[a-z0-9]+)*$")
                }
            }
        }
    }
}
