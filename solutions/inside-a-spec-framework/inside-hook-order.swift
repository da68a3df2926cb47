final class MiniRunnerSpec: QuickSpec {
    override class func spec() {
        describe("MiniRunner") {
            it("runs an example between its group's hooks") {
                let runner = MiniRunner()
                runner.group {
                    runner.beforeEach("before")
                    runner.afterEach("after")
                    runner.example("example")
                }
                expect(runner.run()).to(equal(["before", "example", "after"]))
            }

            it("runs before hooks outer first and after hooks inner first") {
                let runner = MiniRunner()
                runner.group {
                    runner.beforeEach("outer before")
                    runner.afterEach("outer after")
                    runner.group {
                        runner.beforeEach("inner before")
                        runner.afterEach("inner after")
                        runner.example("example")
                    }
                }
                expect(runner.run()).to(equal(["outer before", "inner before", "example", "inner after", "outer after"]))
            }

            it("still runs the after hooks when the example throws") {
                let runner = MiniRunner()
                runner.group {
                    runner.afterEach("clean up")
                    runner.example("broken") { throw Fail() }
                }
                expect(runner.run()).to(equal(["broken threw", "clean up"]))
            }

            it("runs group-body code once, while building") {
                let runner = MiniRunner()
                runner.group {
                    runner.note("body ran")
                    runner.example("first")
                    runner.example("second")
                }
                expect(runner.log).to(equal(["body ran"]))
                expect(runner.run()).to(equal(["body ran", "first", "second"]))
            }
        }
    }
}
