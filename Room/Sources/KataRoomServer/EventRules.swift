import Foundation
import KataBasics
import KataRoomWire

/// What an event must be for the room to take it: checked when a learner sends it, and again for every stored event
/// when the server rebuilds its state, so that no number a client chose can stop the server.
enum EventRules {
    /// The largest count the room takes for hints shown, examples, failures and mutants: far above any exercise,
    /// far below anything a sum over a room could overflow.
    static let maxCount = 100_000
    /// The longest check the room takes, in seconds (a day).
    static let maxDuration = 86_400.0

    /// Why the room will not take `event` (the field and what to send instead), or nil.
    static func problem(in event: RoomEvent) -> String? {
        if event.id.isEmpty || event.id.count > 64 || !event.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
        {
            return "id: use 1 to 64 letters, digits and dashes"
        }
        switch event.kind {
        case .next, .hint, .check:
            guard let exercise = event.exercise, !exercise.isEmpty else {
                return "exercise: a \(event.kind.rawValue) event needs its exercise id"
            }
            guard exercise.count <= 100, exercise.utf8.count <= 256 else {
                return "exercise: an exercise id has at most 100 characters (256 bytes)"
            }
        case .join, .leave:
            break
        }
        if event.kind == .check, event.check == nil { return "check: a check event needs its verdict" }
        if let problem = count("hints", event.hints) { return problem }
        if let check = event.check, let problem = self.problem(in: check) { return problem }
        if let code = event.code, code.utf8.count > 65_536 { return "code: at most 64 KiB" }
        return nil
    }

    private static func problem(in check: RoomEvent.Check) -> String? {
        guard check.duration.isFinite, (0...maxDuration).contains(check.duration) else {
            return "check.duration: give the seconds the check took, from 0 to \(Int(maxDuration))"
        }
        if let problem = count("check.examples", check.examples) ?? count("check.failures", check.failures)
            ?? count("check.caught", check.caught) ?? count("check.mutants", check.mutants)
        {
            return problem
        }
        if let line = check.firstFailure, line.count > 1_000 || line.utf8.count > 4_096 {
            return "check.firstFailure: at most 1,000 characters (4,096 bytes)"
        }
        return nil
    }

    private static func count(_ field: String, _ value: Int?) -> String? {
        guard let value, !(0...maxCount).contains(value) else { return nil }
        return "\(field): \(value) is not a count the room takes; give a whole number from 0 to \(maxCount)"
    }
}
