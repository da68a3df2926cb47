final class TeamSpec: KiwiSpec {
    override class func spec() {
        describe("Team") {
            var team: Team!
            beforeEach {
                team = Team(name: "Black Hawks")
            }
            context("when newly created") {
                it("has a name") {
                    theValue(team.name).should.equal("Black Hawks")
                }
                it("has no players") {
                    theValue(team.players).should.beEmpty()
                }
            }
            context("with one place left") {
                beforeEach {
                    for number in 1...10 { _ = team.sign("Player \(number)") }
                }
                it("signs an eleventh player") {
                    theValue(team.sign("Player 11")).should.equal(.signed)
                    theValue(team.players).should.haveCountOf(11)
                    theValue(team.players).should.contain("Player 11")
                }
            }
            context("when full") {
                beforeEach {
                    for number in 1...11 { _ = team.sign("Player \(number)") }
                }
                it("refuses another player") {
                    theValue(team.sign("Latecomer")).should.equal(.rosterFull)
                }
                it("keeps 11 players") {
                    _ = team.sign("Latecomer")
                    theValue(team.players).should.haveCountOf(11)
                }
            }
            context("when signing a player already on the roster") {
                beforeEach {
                    _ = team.sign("Ada")
                }
                it("says the player is already signed") {
                    theValue(team.sign("Ada")).should.equal(.alreadySigned)
                }
                it("keeps a single entry for the player") {
                    _ = team.sign("Ada")
                    theValue(team.players).should.equal(["Ada"])
                }
            }
        }
    }
}
