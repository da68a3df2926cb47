final class WithdrawalSpec: QuickSpec {
    override class func spec() {
        describe("an account holding 100") {
            var account: Account!
            var paidOut = 0
            beforeEach {
                account = Account(balance: 100)
            }
            context("when the customer withdraws 20") {
                beforeEach {
                    paidOut = account.withdraw(20)
                }
                it("pays out 20") {
                    expect(paidOut).to(equal(20))
                }
                it("leaves a balance of 80") {
                    expect(account.balance).to(equal(80))
                }
            }
            context("when the customer withdraws 150") {
                beforeEach {
                    paidOut = account.withdraw(150)
                }
                it("pays out nothing") {
                    expect(paidOut).to(equal(0))
                }
                it("leaves the balance at 100") {
                    expect(account.balance).to(equal(100))
                }
            }
            context("when the customer withdraws exactly 100") {
                beforeEach {
                    paidOut = account.withdraw(100)
                }
                it("pays out 100") {
                    expect(paidOut).to(equal(100))
                }
                it("leaves a balance of 0") {
                    expect(account.balance).to(equal(0))
                }
            }
        }
    }
}
