final class BookingService {
    private let calendar: TourCalendar
    private let payments: PaymentGateway
    private let mailer: Mailer

    init(calendar: TourCalendar, payments: PaymentGateway, mailer: Mailer) {
        self.calendar = calendar
        self.payments = payments
        self.mailer = mailer
    }

    func book(_ request: BookingRequest) throws -> Confirmation {
        let price = try TicketPricing.price(forAges: request.ages, weekday: request.weekday)
        let seats = request.ages.count
        let seatsLeft = calendar.seatsLeft(on: request.tour)
        guard seatsLeft >= seats else { throw BookingError.tourFull(seatsLeft: seatsLeft) }
        if price > 0, !payments.charge(price, card: request.card) {
            throw BookingError.paymentDeclined
        }
        try calendar.reserve(seats, on: request.tour)
        mailer.send(to: request.email, subject: "Your tour \(request.tour) is booked")
        return Confirmation(tour: request.tour, seats: seats, priceInCents: price)
    }
}
