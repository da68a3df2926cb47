import Testing

@Suite("Pedometer")
struct PedometerTests {
    let pedometer = Pedometer()

    /// Ends the walk and reads every total the stream published.
    func allTotals() async -> [Int] {
        pedometer.endWalk()
        var totals: [Int] = []
        for await total in pedometer.totals {
            totals.append(total)
        }
        return totals
    }

    @Test("publishes the running total after each event")
    func runningTotal() async {
        pedometer.record(steps: 5)
        pedometer.record(steps: 3)
        pedometer.record(steps: 4)
        #expect(await allTotals() == [5, 8, 12])
    }

    @Test("ignores events of zero or fewer steps")
    func ignoresGlitches() async {
        pedometer.record(steps: 5)
        pedometer.record(steps: 0)
        pedometer.record(steps: -2)
        pedometer.record(steps: 3)
        #expect(await allTotals() == [5, 8])
    }

    @Test("publishes nothing for a walk without steps, and finishes")
    func emptyWalk() async {
        #expect(await allTotals() == [])
    }
}
