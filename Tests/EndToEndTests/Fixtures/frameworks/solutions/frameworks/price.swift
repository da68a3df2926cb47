func price(age: Int) -> Int {
    age < 18 ? 5 : 10
}
