import Foundation

extension Workbook {
    /// The exercise ids a learner most likely meant by `typed`, which names no exercise (nor starts one), best first
    /// and at most `limit` of them; empty when nothing is close.
    ///
    /// What a learner types instead of an id, in the order tried: its file (`hello-kata.swift`,
    /// `exercises/welcome/hello-kata.swift`) or another spelling (`Hello_Kata`); a typo (`helo-kata`, ``Suggestion``);
    /// a chapter (`spry`, `07-spry`, `07`), which stands for its exercises; a part of an id (`captor`).
    package func exerciseSuggestions(for typed: String, limit: Int = 5) -> [String] {
        let ids = exercises.map(\.id)
        var word = typed.split(separator: "/").last.map(String.init) ?? typed
        for suffix in [".swift", ".chapter"] where word.hasSuffix(suffix) { word = String(word.dropLast(suffix.count)) }
        word = String(
            word.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }
        ).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        guard !word.isEmpty else { return [] }
        if ids.contains(word) { return [word] }
        let started = ids.filter { $0.hasPrefix(word) }
        if !started.isEmpty { return Array(started.prefix(limit)) }
        if let close = Suggestion.closest(to: word, in: ids) { return [close] }
        let chapterWord = word.hasSuffix(".md") ? String(word.dropLast(3)) : word
        if let chapter = chapters.first(where: {
            $0.slug == chapterWord || $0.fileStem == chapterWord || Int(chapterWord) == $0.number
        }) {
            return Array(chapter.exercises.map(\.id).prefix(limit))
        }
        // A part of an id, with or without its hyphens ("captor", "kiwilet").
        guard word.count >= 3 else { return [] }
        let joined = word.replacingOccurrences(of: "-", with: "")
        return Array(
            ids.filter { $0.contains(word) || $0.replacingOccurrences(of: "-", with: "").contains(joined) }
                .prefix(limit))
    }
}
