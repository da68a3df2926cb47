func add(_ a: Int, _ b: Int) -> Int {
    let referenceSum = a + b
    return referenceSum
}
