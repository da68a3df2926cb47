final class SignUpFormSpec: QuickSpec {
    override class func spec() {
        describe("SignUpForm") {
            var service: FakeUserService!
            var form: SignUpForm!
            beforeEach {
                service = FakeUserService()
                form = SignUpForm(service: service)
                form.email = "  Ada@Example.COM "
                form.displayName = " Ada "
                form.password = "correct horse"
            }

            it("registers the member") {
                service.stub(.register).andReturn(true)
                expect(form.submit()).to(beTrue())
            }

            context("when the input is sent") {
                var captor: ArgumentCaptor!
                beforeEach {
                    captor = Argument.captor()
                    service.stub(.register).with(captor, Argument.anything).andReturn(true)
                    _ = form.submit()
                }

                it("trims and lowercases the e-mail address") {
                    expect(captor.getValue(as: NewMember.self).email).to(equal("ada@example.com"))
                }
                it("trims the display name") {
                    expect(captor.getValue(as: NewMember.self).displayName).to(equal("Ada"))
                }
                it("sends the password as typed") {
                    expect(service.didCall(.register, withArguments: [Argument.anything, "correct horse"]).success)
                        .to(beTrue())
                }
            }

            context("when the password is too short") {
                beforeEach { form.password = "short" }

                it("refuses without calling the service") {
                    service.stub(.register).andReturn(true)
                    expect(form.submit()).to(beFalse())
                    expect(service).toNot(haveReceived(.register))
                }
            }
        }
    }
}
