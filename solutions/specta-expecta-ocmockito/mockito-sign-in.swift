final class SignInViewControllerSpec: SpectaSpec {
    override class func spec() {
        describe("SignInViewController") {
            var manager: FakeSignInManager!
            var controller: SignInViewController!

            beforeEach {
                manager = mock(FakeSignInManager())
                controller = SignInViewController(signInManager: manager)
            }

            describe("view") {
                var view: View!
                var usernameTextField: TextField?
                var passwordTextField: TextField?
                var signInButton: Button?
                var fillInBothFieldsLabel: Label?

                beforeEach {
                    view = controller.view
                    signInButton = view.specsFindButton(withTitle: "Sign In")
                    usernameTextField = view.specsFindTextField(withPlaceholder: "Username")
                    passwordTextField = view.specsFindTextField(withPlaceholder: "Password")
                    fillInBothFieldsLabel = view.specsFindLabel(withText: "Please fill in both fields")
                }

                it("has a sign-in button") {
                    expect(signInButton).toNot.beNil()
                }

                it("does not ask to fill in both fields before a tap") {
                    expect(fillInBothFieldsLabel?.isHidden).to.beTruthy()
                }

                context("when username and password are present") {
                    beforeEach {
                        usernameTextField?.text = "Fixture Username"
                        passwordTextField?.text = "Fixture Password"
                        signInButton?.specsSimulateTap()
                    }

                    it("tells the sign-in manager to sign in with the given username and password") {
                        verify(manager).signIn(username: "Fixture Username", password: "Fixture Password")
                    }

                    it("does not ask to fill in both fields") {
                        expect(fillInBothFieldsLabel?.isHidden).to.beTruthy()
                    }
                }

                context("when the password is missing") {
                    beforeEach {
                        usernameTextField?.text = "Fixture Username"
                        passwordTextField?.text = nil
                        signInButton?.specsSimulateTap()
                    }

                    it("does not sign in") {
                        verifyCount(manager, never()).signIn(username: anything(), password: anything())
                    }

                    it("asks to fill in both fields") {
                        expect(fillInBothFieldsLabel?.isHidden).to.beFalsy()
                    }
                }

                context("when neither is present") {
                    beforeEach {
                        usernameTextField?.text = nil
                        passwordTextField?.text = ""
                        signInButton?.specsSimulateTap()
                    }

                    it("does not sign in") {
                        verifyCount(manager, never()).signIn(username: anything(), password: anything())
                    }

                    it("asks to fill in both fields") {
                        expect(fillInBothFieldsLabel?.isHidden).to.beFalsy()
                    }
                }
            }
        }
    }
}
