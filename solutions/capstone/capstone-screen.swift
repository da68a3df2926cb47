final class BookingViewModel {
    let ages = Observable<[Int]>([])
    /// 1 is Monday, 7 is Sunday; the screen starts on a Wednesday.
    let weekday = Observable(3)
    let priceText: Observable<String>
    let canBook: Observable<Bool>
    let isBooking = Observable(false)
    let message = Observable<String?>(nil)
    /// Set when `message` changes: whether that happened on the main thread.
    private(set) var messageWasSetOnMainThread = false

    private let tour: String
    private let performBooking: Booker

    init(tour: String, book: @escaping Booker) {
        self.tour = tour
        performBooking = book
        let price = combineLatest(ages, weekday) { ages, day in
            Result { try TicketPricing.price(forAges: ages, weekday: day) }
        }
        priceText = price.map { result in
            switch result {
            case .success(0): return "Free"
            case .success(let cents): return String(format: "€%d.%02d", cents / 100, cents % 100)
            case .failure(BookingError.closed): return "Closed on Mondays"
            case .failure: return "Add a visitor"
            }
        }
        canBook = price.map { (try? $0.get()) != nil }
    }

    func book() {
        guard canBook.value, !isBooking.value else { return }
        isBooking.value = true
        performBooking(tour, ages.value, weekday.value) { result in
            DispatchQueue.main.async {
                self.messageWasSetOnMainThread = Thread.isMainThread
                self.isBooking.value = false
                switch result {
                case .success(let confirmation):
                    self.message.value = "Booked \(confirmation.seats) seats on \(confirmation.tour)"
                case .failure(.tourFull(let left)):
                    self.message.value = "Only \(left) seats left"
                case .failure(.paymentDeclined):
                    self.message.value = "Your card was declined"
                case .failure:
                    self.message.value = "The tour could not be booked"
                }
            }
        }
    }
}
