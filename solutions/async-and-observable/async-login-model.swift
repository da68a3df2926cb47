import Observation

@MainActor
@Observable
final class LoginModel {
    var email = ""
    var password = ""
    /// True from the tap until the service answers.
    private(set) var isLoggingIn = false
    /// The session token, once logged in.
    private(set) var token: String?
    /// What went wrong with the last login, if anything.
    private(set) var errorMessage: String?

    private let service: any AuthService

    init(service: any AuthService) {
        self.service = service
    }

    /// Whether the login button is enabled.
    var canSubmit: Bool {
        Validation.isEmailAddress(email) && Validation.isPassword(password) && !isLoggingIn
    }

    /// Logs in with the fields' values, unless the button is disabled.
    func logIn() async {
        guard canSubmit else { return }
        isLoggingIn = true
        defer { isLoggingIn = false }
        do {
            token = try await service.logIn(email: email, password: password)
            errorMessage = nil
        } catch {
            errorMessage = "Your e-mail address or password was not accepted."
        }
    }
}
