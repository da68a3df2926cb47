struct Item: Equatable {
    let name: String
    let priceInCents: Int
}

enum CartError: Error, Equatable {
    case invalidDiscount(Int)
}

final class Cart {
    private(set) var items: [Item] = []
    private var discountPercent = 0

    var totalInCents: Int {
        let sum = items.reduce(0) { $0 + $1.priceInCents }
        return sum * (100 - discountPercent) / 100
    }

    func add(_ item: Item, quantity: Int = 1) {
        items += Array(repeating: item, count: quantity)
    }

    func removeAll(named name: String) {
        items.removeAll { $0.name == name }
    }

    func applyDiscount(percent: Int) throws {
        guard (0...100).contains(percent) else { throw CartError.invalidDiscount(percent) }
        discountPercent = percent
    }
}
