struct Basket {
    var items: [Int]
    var total: Int { items.reduce(0, +) }
}
