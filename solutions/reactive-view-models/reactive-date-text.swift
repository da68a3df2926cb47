final class ArtefactViewModel {
    /// One formatter for all view models: creating formatters is slow.
    static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "d MMM yyyy"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    /// The date the artefact was added, as text; follows the artefact's date.
    let dateAddedText: Observable<String>

    init(artefact: Artefact) {
        dateAddedText = artefact.dateAdded.map { ArtefactViewModel.dateFormatter.string(from: $0) }
    }
}
