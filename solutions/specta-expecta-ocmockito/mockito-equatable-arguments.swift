struct Message: Equatable {
    let to: String
    let subject: String
}

final class Newsletter {
    private let mailer: Mailer

    init(mailer: Mailer) {
        self.mailer = mailer
    }

    func subscribe(_ address: String) {
        mailer.send(Message(to: address, subject: "Welcome"))
    }
}
