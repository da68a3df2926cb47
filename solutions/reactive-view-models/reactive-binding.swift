final class LoginViewControllerSpec: KiwiSpec {
    override class func spec() {
        describe("LoginViewController") {
            var controller: LoginViewController!
            var rootView: LoginView!
            beforeEach {
                controller = LoginViewController()
                rootView = controller.view
            }

            context("when the view has loaded") {
                it("binds the user name field") {
                    rootView.usernameField.text = "samlau"
                    rootView.usernameField.sendEditingChanged()
                    theValue(controller.viewModel.username.value).should.equal("samlau")
                }
                it("binds the password field") {
                    rootView.passwordField.text = "freedom"
                    rootView.passwordField.sendEditingChanged()
                    theValue(controller.viewModel.password.value).should.equal("freedom")
                }
                it("keeps following the fields") {
                    rootView.usernameField.text = "sam"
                    rootView.usernameField.sendEditingChanged()
                    rootView.usernameField.text = "samlau@163.com"
                    rootView.usernameField.sendEditingChanged()
                    theValue(controller.viewModel.username.value).should.equal("samlau@163.com")
                }
                it("disables the login button while the input is invalid") {
                    theValue(rootView.loginButton.isEnabled).should.beNo()
                }
                it("enables the login button for valid input") {
                    rootView.usernameField.text = "samlau@163.com"
                    rootView.passwordField.text = "freedom"
                    rootView.usernameField.sendEditingChanged()
                    rootView.passwordField.sendEditingChanged()
                    theValue(rootView.loginButton.isEnabled).should.beYes()
                }
            }
        }
    }
}
