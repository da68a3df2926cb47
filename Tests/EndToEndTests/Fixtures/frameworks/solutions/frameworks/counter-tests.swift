import Testing

@Test func startsAtZero() {
    #expect(Counter().value == 0)
}

@Test(arguments: [1, 2, 5])
func countsEachIncrement(times: Int) {
    var counter = Counter()
    for _ in 0..<times { counter.increment() }
    #expect(counter.value == times)
}
