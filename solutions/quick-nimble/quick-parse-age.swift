final class ParseAgeSpec: QuickSpec {
    override class func spec() {
        describe("parseAge") {
            it("reads a plain number") {
                expect(try parseAge("42")).to(equal(42))
            }
            it("ignores spaces around the number") {
                expect(try parseAge(" 7 ")).to(equal(7))
            }
            it("accepts the edges of the range") {
                expect(try parseAge("0")).to(equal(0))
                expect(try parseAge("150")).to(equal(150))
            }
            it("rejects an empty field") {
                expect { try parseAge("") }.to(throwError(AgeError.empty))
                expect { try parseAge("   ") }.to(throwError(AgeError.empty))
            }
            it("rejects text that is not a number, naming it") {
                expect { try parseAge("seven") }.to(throwError(AgeError.notANumber("seven")))
            }
            it("rejects a negative age as negative") {
                expect { try parseAge("-1") }.to(throwError(AgeError.negative))
            }
            it("rejects an age over 150 as unrealistic") {
                expect { try parseAge("151") }.to(throwError(AgeError.unrealistic))
            }
        }
    }
}
