final class EventDescriptionFormatter {
    /// "<name> starts at <start> and ends at <end>."
    func eventDescription(from event: Event) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d, yyyy, h:mm a"
        let start = formatter.string(from: event.startDate)
        let end = formatter.string(from: event.endDate)
        return "\(event.name) starts at \(start) and ends at \(end)."
    }
}
