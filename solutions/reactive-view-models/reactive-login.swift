final class LoginViewModel {
    let username = Observable("")
    let password = Observable("")
    /// Whether the login button may be tapped.
    let isValid: Observable<Bool>
    /// True from the tap until the client answers.
    let isLoggingIn = Observable(false)
    /// `nil` until the client answers, then whether the login worked.
    let loginSucceeded = Observable<Bool?>(nil)

    private let client: LoginClient

    init(client: LoginClient) {
        self.client = client
        isValid = combineLatest(username, password) { username, password in
            DataValidation.isValidEmail(username) && DataValidation.isValidPassword(password)
        }
    }

    /// The login command: does nothing unless the input is valid and no login is running.
    func login() {
        guard isValid.value, !isLoggingIn.value else { return }
        isLoggingIn.value = true
        client.login(username: username.value, password: password.value).onComplete { result in
            self.loginSucceeded.value = (try? result.get()) ?? false
            self.isLoggingIn.value = false
        }
    }
}
