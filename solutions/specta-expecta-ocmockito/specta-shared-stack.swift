final class StackSpec: SpectaSpec {
    override class func spec() {
        sharedExamples("a stack") { data in
            var stack: Stack!

            beforeEach {
                stack = data()["stack"] as? Stack
            }

            it("gives back values last in, first out") {
                stack.push(1)
                stack.push(2)
                expect(stack.pop()).to.equal(2)
                expect(stack.pop()).to.equal(1)
            }

            it("counts what it holds") {
                stack.push(1)
                stack.push(2)
                expect(stack.count).to.equal(2)
                _ = stack.pop()
                expect(stack.count).to.equal(1)
            }

            it("shows the top value without removing it") {
                stack.push(1)
                stack.push(2)
                expect(stack.peek()).to.equal(2)
                expect(stack.count).to.equal(2)
                expect(stack.pop()).to.equal(2)
            }

            context("when empty") {
                it("has nothing to pop or peek") {
                    expect(stack.pop()).to.beNil()
                    expect(stack.peek()).to.beNil()
                }

                it("keeps a count of zero after a pop") {
                    _ = stack.pop()
                    expect(stack.count).to.equal(0)
                }
            }
        }

        describe("ArrayStack") {
            itBehavesLike("a stack") { ["stack": ArrayStack()] }
        }

        describe("LinkedStack") {
            itBehavesLike("a stack") { ["stack": LinkedStack()] }
        }
    }
}
